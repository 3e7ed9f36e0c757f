import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Currency } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { namedStatementsOf } from '../../platform/db/named.ts';
import { preparedOn, textOf } from '../../platform/db/prepared.ts';
import { games, livePlayers } from './schema.ts';

export type GameRecord = typeof games.$inferSelect;
export type NewGameRecord = typeof games.$inferInsert;
/** The columns a state change may write (never the players, mode or id). */
export type GamePatch = Partial<Omit<NewGameRecord, 'id' | 'whiteId' | 'blackId' | 'mode' | 'createdAt'>>;

/** One move's conditional append (GameStore.appendMove): the game, what it was judged on, what it writes. */
export interface MoveAppend {
  id: string;
  /** The version and the running clock's start (null before the clocks run) the move was judged on. */
  judgedOn: { version: number; turnStartedAt: Date | null };
  move: { uci: string; san: string; fen: string; thinkMs: number | null };
  scalars: Pick<
    GamePatch,
    'ply' | 'whiteMs' | 'blackMs' | 'turnStartedAt' | 'deadlineAt' | 'drawOffer' | 'takebackOffer'
  >;
}
/** What an append returns of the row: the columns a move does not set but a quiet write may have changed. */
export type AppendedRow = Pick<GameRecord, 'version' | 'disconnectColor' | 'disconnectGraceEndsAt'>;

/**
 * Several games' appends in one statement (GameStore.appendMoves), their values one jsonb
 * recordset. The grace end comes back as epoch ms: raw rows are not decoded alike by pg and PGlite.
 */
const appendBatch = (rows: Placeholder) => sql`
  update games as g set
    fen = v.fen, ply = v.ply, white_ms = v.white_ms, black_ms = v.black_ms,
    turn_started_at = v.turn_started_at, deadline_at = v.deadline_at,
    draw_offer = v.draw_offer, takeback_offer = v.takeback_offer,
    moves = g.moves || jsonb_build_array(v.uci), san = g.san || jsonb_build_array(v.san),
    fens = g.fens || jsonb_build_array(v.fen), move_times = g.move_times || jsonb_build_array(v.think_ms),
    version = g.version + 1
  from jsonb_to_recordset(${rows}::jsonb) as v(
    id text, judged_version integer, judged_turn timestamptz, uci text, san text, fen text,
    think_ms integer, ply integer, white_ms integer, black_ms integer, turn_started_at timestamptz,
    deadline_at timestamptz, draw_offer text, takeback_offer text)
  where g.id = v.id and g.status = 'started' and g.version = v.judged_version
    and g.turn_started_at is not distinct from v.judged_turn
  returning g.id, g.version, g.disconnect_color,
    (extract(epoch from g.disconnect_grace_ends_at) * 1000)::float8 as grace_ms`;
const BATCH_TEXT = new PgDialect().sqlToQuery(appendBatch(sql.placeholder('rows'))).sql;

/** SQL of the games table. Locks are taken by the caller's transaction. */
export class GameStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(game: NewGameRecord): Promise<GameRecord> {
    const [row] = await this.db.insert(games).values(game).returning();
    return row!;
  }

  async find(id: string): Promise<GameRecord | null> {
    const [row] = await this.db.select().from(games).where(eq(games.id, id));
    return row ?? null;
  }

  /** The row under FOR UPDATE: concurrent commands on one game queue here (ARCHITECTURE "a move"). */
  async lock(id: string): Promise<GameRecord | null> {
    const [row] = await this.db.select().from(games).where(eq(games.id, id)).for('update');
    return row ?? null;
  }

  /** Writes a change and bumps the version; the caller holds the row lock. */
  async update(id: string, patch: GamePatch): Promise<GameRecord> {
    const [row] = await this.db
      .update(games)
      .set({ ...patch, version: sql`${games.version} + 1` })
      .where(eq(games.id, id))
      .returning();
    return row!;
  }

  /**
   * One move as a durable append (issue 17): the move's elements added to the arrays, the scalars
   * set, the version bumped, in one statement outside any transaction, and only where the row
   * still has the version and the running clock the move was judged on. Null when it has not
   * (something else changed the game): nothing was written, and the caller judges again on the
   * locked row. Returns the columns a move does not set but a quiet write may have changed.
   */
  async appendMove(
    id: string,
    judgedOn: MoveAppend['judgedOn'],
    move: MoveAppend['move'],
    scalars: MoveAppend['scalars'],
  ): Promise<AppendedRow | null> {
    const values: Record<string, unknown> = {
      id,
      version: judgedOn.version,
      judgedTurnStartedAt: judgedOn.turnStartedAt?.toISOString() ?? null,
      ...move,
      ...scalars,
      turnStartedAt: scalars.turnStartedAt?.toISOString() ?? null,
      deadlineAt: scalars.deadlineAt?.toISOString() ?? null,
      drawOffer: scalars.drawOffer ?? null,
      takebackOffer: scalars.takebackOffer ?? null,
    };
    // A named statement (named.ts), its parameters in Drizzle's order, its fields as text.
    const { text, order } = preparedOn(this.db, 'game_append_move_text', () => textOf(this.appendQuery()));
    const [fields] = await namedStatementsOf(this.db)('game_append_move', text, order(values));
    if (!fields) return null;
    return {
      version: Number(fields[0]),
      disconnectColor: fields[1] as AppendedRow['disconnectColor'],
      disconnectGraceEndsAt:
        fields[2] === null ? null : (games.disconnectGraceEndsAt.mapFromDriverValue(fields[2]!) as Date),
    };
  }

  /** appendMove's statement, its values as placeholders. */
  private appendQuery() {
    const p = (name: string) => sql.placeholder(name);
    // Placeholders reach the driver as given (no column encoder): timestamps go as ISO text.
    const v = (name: string) => sql`${p(name)}`;
    const appended = (column: AnyPgColumn, name: string, type: 'text' | 'integer') =>
      sql`${column} || jsonb_build_array(${p(name)}::${sql.raw(type)})`;
    return this.db
      .update(games)
      .set({
        fen: v('fen'),
        ply: v('ply'),
        whiteMs: v('whiteMs'),
        blackMs: v('blackMs'),
        turnStartedAt: v('turnStartedAt'),
        deadlineAt: v('deadlineAt'),
        drawOffer: v('drawOffer'),
        takebackOffer: v('takebackOffer'),
        moves: appended(games.moves, 'uci', 'text'),
        san: appended(games.san, 'san', 'text'),
        fens: appended(games.fens, 'fen', 'text'),
        moveTimes: appended(games.moveTimes, 'thinkMs', 'integer'),
        version: sql`${games.version} + 1`,
      })
      .where(
        and(
          eq(games.id, p('id')),
          eq(games.status, 'started'),
          eq(games.version, p('version')),
          // Null before the clocks run: `is not distinct from` matches null to null.
          sql`${games.turnStartedAt} is not distinct from ${p('judgedTurnStartedAt')}::timestamptz`,
        ),
      )
      .returning({
        version: games.version,
        disconnectColor: games.disconnectColor,
        disconnectGraceEndsAt: games.disconnectGraceEndsAt,
      });
  }

  /**
   * Several games' moves as ONE statement (issue 35's group commit: one commit, one WAL flush),
   * each row's append exactly as appendMove's and under its own condition: a row whose game moved
   * on is simply not updated, and the others are. The rows are sent in game id order (two
   * instances' batches then usually lock in the same order; a deadlock is the caller's to
   * retry). Returns what was written, by game id; a game
   * missing from it was not written. At most one append per game.
   */
  async appendMoves(appends: readonly MoveAppend[]): Promise<Map<string, AppendedRow>> {
    const rows = [...appends]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((a) => ({
        id: a.id,
        judged_version: a.judgedOn.version,
        judged_turn: a.judgedOn.turnStartedAt?.toISOString() ?? null,
        uci: a.move.uci,
        san: a.move.san,
        fen: a.move.fen,
        think_ms: a.move.thinkMs,
        ply: a.scalars.ply,
        white_ms: a.scalars.whiteMs,
        black_ms: a.scalars.blackMs,
        turn_started_at: a.scalars.turnStartedAt?.toISOString() ?? null,
        deadline_at: a.scalars.deadlineAt?.toISOString() ?? null,
        draw_offer: a.scalars.drawOffer ?? null,
        takeback_offer: a.scalars.takebackOffer ?? null,
      }));
    const json = JSON.stringify(rows);
    // One named statement whatever the batch (its one parameter is the batch).
    const written = new Map<string, AppendedRow>();
    for (const [id, version, color, graceMs] of await namedStatementsOf(this.db)('game_append_moves', BATCH_TEXT, [
      json,
    ])) {
      written.set(id!, {
        version: Number(version),
        disconnectColor: (color ?? null) as AppendedRow['disconnectColor'],
        disconnectGraceEndsAt: graceMs === null || graceMs === undefined ? null : new Date(Number(graceMs)),
      });
    }
    return written;
  }

  /**
   * Writes fields that are not the game's state (presence, deadlines, a Lichess game's clocks
   * corrected to what Lichess reported): the version stays.
   */
  async updateQuiet(
    id: string,
    patch: Pick<
      GamePatch,
      'disconnectColor' | 'disconnectGraceEndsAt' | 'deadlineAt' | 'whiteMs' | 'blackMs' | 'turnStartedAt'
    >,
  ): Promise<GameRecord> {
    const [row] = await this.db.update(games).set(patch).where(eq(games.id, id)).returning();
    return row!;
  }

  /** Marks a player of a live game gone (or back, with nulls); null when the game is not live. */
  async setDisconnect(
    id: string,
    color: 'white' | 'black' | null,
    graceEndsAt: Date | null,
  ): Promise<GameRecord | null> {
    const [row] = await this.db
      .update(games)
      .set({ disconnectColor: color, disconnectGraceEndsAt: graceEndsAt })
      .where(and(eq(games.id, id), eq(games.status, 'started')))
      .returning();
    return row ?? null;
  }

  /** Games being played now, and the deadline the sweeper is furthest behind on (metrics). */
  async liveFigures(now: Date): Promise<{ live: number; oldestDue: Date | null }> {
    const [row] = await this.db
      .select({
        live: sql<number>`count(*)::int`,
        oldestDue: sql<
          string | null
        >`min(${games.deadlineAt}) filter (where ${games.deadlineAt} <= ${now.toISOString()})`,
      })
      .from(games)
      .where(eq(games.status, 'started'));
    return { live: row?.live ?? 0, oldestDue: row?.oldestDue ? new Date(row.oldestDue) : null };
  }

  /** Whether any live game is due: a plain read, so an idle sweep opens no transaction. */
  async anyDue(now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.status, 'started'), lte(games.deadlineAt, now)))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * One live game whose deadline passed, locked, skipping games another instance or command
   * holds: however many sweepers run, each deadline is handled by exactly one of them.
   */
  async lockOneDue(now: Date): Promise<GameRecord | null> {
    const [row] = await this.db
      .select()
      .from(games)
      .where(and(eq(games.status, 'started'), lte(games.deadlineAt, now)))
      .orderBy(asc(games.deadlineAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row ?? null;
  }

  /** Claims both players as live in this game; false when either already plays one. */
  async claimLivePlayers(gameId: string, uids: string[]): Promise<boolean> {
    const rows = await this.db
      .insert(livePlayers)
      .values(uids.map((userId) => ({ userId, gameId })))
      .onConflictDoNothing()
      .returning({ userId: livePlayers.userId });
    return rows.length === uids.length;
  }

  async releaseLivePlayers(gameId: string): Promise<void> {
    await this.db.delete(livePlayers).where(eq(livePlayers.gameId, gameId));
  }

  async liveGameIdOf(uid: string): Promise<string | null> {
    const [row] = await this.db
      .select({ gameId: livePlayers.gameId })
      .from(livePlayers)
      .where(eq(livePlayers.userId, uid));
    return row?.gameId ?? null;
  }

  async anyLive(uids: string[]): Promise<boolean> {
    const rows = await this.db
      .select({ u: livePlayers.userId })
      .from(livePlayers)
      .where(inArray(livePlayers.userId, uids));
    return rows.length > 0;
  }

  /** The user's finished games, newest first; with `currency`, only the games staked in it. */
  async history(
    uid: string,
    limit: number,
    offset: number,
    currency?: Currency,
  ): Promise<{ total: number; rows: GameRecord[] }> {
    const mine = and(
      or(eq(games.whiteId, uid), eq(games.blackId, uid)),
      isNotNull(games.endedAt),
      currency ? eq(games.stakeCurrency, currency) : undefined,
    );
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(mine);
    const rows = await this.db
      .select()
      .from(games)
      .where(mine)
      .orderBy(desc(games.endedAt), desc(games.id))
      .limit(limit)
      .offset(offset);
    return { total: count?.n ?? 0, rows };
  }

  /**
   * Downtime policy: every running clock and every deadline moves forward by the time no
   * server ran, so nobody loses time (or a game) to an outage. This statement is the policy's
   * one place: it moves the first-move deadline and the disconnect grace too, which the domain
   * clock does not hold, for every live game at once, atomically with the beat that measured it.
   */
  async shiftLiveGames(ms: number): Promise<number> {
    const by = sql`make_interval(secs => ${ms / 1000})`;
    const rows = await this.db
      .update(games)
      .set({
        turnStartedAt: sql`${games.turnStartedAt} + ${by}`,
        deadlineAt: sql`${games.deadlineAt} + ${by}`,
        disconnectGraceEndsAt: sql`${games.disconnectGraceEndsAt} + ${by}`,
      })
      .where(eq(games.status, 'started'))
      .returning({ id: games.id });
    return rows.length;
  }

  async liveGamesOf(uid: string): Promise<GameRecord[]> {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.status, 'started'), or(eq(games.whiteId, uid), eq(games.blackId, uid))));
  }
}
