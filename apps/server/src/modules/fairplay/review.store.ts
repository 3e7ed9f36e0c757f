import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Color, GameVerdict, PairGame, PlyAnalysis, SideFigures } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { sessions, users } from '../accounts/index.ts';
import { games } from '../play/index.ts';
import { fairPlayFlags, fairplayAnalyses, fairplayFigures, fairplayHolds } from './schema.ts';

export type GameRow = typeof games.$inferSelect;
export type AnalysisRow = typeof fairplayAnalyses.$inferSelect;
export type HoldRow = typeof fairplayHolds.$inferSelect;

/** Fair play's SQL besides the queue: analyses, per-player figures, holds, system flags, standing. */
export class ReviewStore {
  constructor(private readonly db: DbOrTx) {}

  async game(gameId: string): Promise<GameRow | null> {
    const [row] = await this.db.select().from(games).where(eq(games.id, gameId));
    return row ?? null;
  }

  async lockGame(gameId: string): Promise<GameRow | null> {
    const [row] = await this.db.select().from(games).where(eq(games.id, gameId)).for('update');
    return row ?? null;
  }

  async analysis(gameId: string): Promise<AnalysisRow | null> {
    const [row] = await this.db.select().from(fairplayAnalyses).where(eq(fairplayAnalyses.gameId, gameId));
    return row ?? null;
  }

  /** Once per game (a second worker's late write changes nothing); true when this call stored it. */
  async saveAnalysis(row: {
    gameId: string;
    depth: number;
    plies: PlyAnalysis[];
    white: SideFigures;
    black: SideFigures;
    whiteVerdict: GameVerdict;
    blackVerdict: GameVerdict;
    createdAt: Date;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(fairplayAnalyses)
      .values(row)
      .onConflictDoNothing({ target: fairplayAnalyses.gameId })
      .returning({ gameId: fairplayAnalyses.gameId });
    return rows.length > 0;
  }

  async saveFigures(row: {
    gameId: string;
    color: Color;
    uid: string;
    money: boolean;
    figures: SideFigures;
    verdict: GameVerdict['kind'];
    endedAt: Date;
  }): Promise<void> {
    await this.db.insert(fairplayFigures).values(row).onConflictDoNothing();
  }

  /** A player's last `limit` analysed money games' figures, newest first. */
  async recentMoneyFigures(uid: string, limit: number): Promise<SideFigures[]> {
    const rows = await this.db
      .select({ figures: fairplayFigures.figures })
      .from(fairplayFigures)
      .where(and(eq(fairplayFigures.uid, uid), eq(fairplayFigures.money, true)))
      .orderBy(desc(fairplayFigures.endedAt), desc(fairplayFigures.gameId))
      .limit(limit);
    return rows.map((r) => r.figures);
  }

  async hold(gameId: string): Promise<HoldRow | null> {
    const [row] = await this.db.select().from(fairplayHolds).where(eq(fairplayHolds.gameId, gameId));
    return row ?? null;
  }

  async addHold(row: typeof fairplayHolds.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(fairplayHolds)
      .values(row)
      .onConflictDoNothing({ target: fairplayHolds.gameId })
      .returning({ gameId: fairplayHolds.gameId });
    return rows.length > 0;
  }

  async reviewed(gameId: string, by: string, at: Date, movementId: bigint): Promise<void> {
    await this.db
      .update(fairplayHolds)
      .set({ reviewedBy: by, reviewedAt: at, movementId })
      .where(eq(fairplayHolds.gameId, gameId));
  }

  /** games.review (and, for a confirmed cheat, the status and the winner); the version moves on. */
  async setReview(
    gameId: string,
    review: 'held' | 'cleared' | 'confirmed',
    extra: { status?: string; winner?: Color } = {},
  ): Promise<void> {
    await this.db
      .update(games)
      .set({ review, ...extra, version: sql`${games.version} + 1` })
      .where(eq(games.id, gameId));
  }

  /** Games whose payout is held, oldest first, with the players' names. */
  async heldGames() {
    const winner = aliasedTable(users, 'winner');
    const loser = aliasedTable(users, 'loser');
    return this.db
      .select({
        hold: fairplayHolds,
        game: games,
        winnerName: winner.username,
        loserName: loser.username,
        analysis: fairplayAnalyses,
      })
      .from(fairplayHolds)
      .innerJoin(games, eq(games.id, fairplayHolds.gameId))
      .innerJoin(winner, eq(winner.id, fairplayHolds.winnerUid))
      .innerJoin(loser, eq(loser.id, fairplayHolds.loserUid))
      .leftJoin(fairplayAnalyses, eq(fairplayAnalyses.gameId, fairplayHolds.gameId))
      .where(eq(games.review, 'held'))
      .orderBy(asc(fairplayHolds.heldAt), asc(fairplayHolds.gameId));
  }

  /** A system flag (SPEC 3 flagged user), as fair play raises them. */
  async raiseFlag(uid: string, kind: string, evidence: string, at: Date): Promise<bigint> {
    const [row] = await this.db
      .insert(fairPlayFlags)
      .values({ uid, kind, source: 'system', evidence, createdAt: at })
      .returning({ id: fairPlayFlags.id });
    return row!.id;
  }

  /** Whether an open flag of this kind on `uid` has evidence ending with `suffix` (a signal raised once). */
  async hasFlag(uid: string, kind: string, suffix: string): Promise<boolean> {
    const rows = await this.db
      .select({ evidence: fairPlayFlags.evidence })
      .from(fairPlayFlags)
      .where(and(eq(fairPlayFlags.uid, uid), eq(fairPlayFlags.kind, kind)));
    return rows.some((r) => r.evidence.endsWith(suffix));
  }

  async deleteFlag(id: bigint): Promise<void> {
    await this.db.delete(fairPlayFlags).where(eq(fairPlayFlags.id, id));
  }

  /**
   * SPEC 1, 9 "suspected cheaters cannot withdraw until review": a payout of theirs is held, or
   * a flag (fair play's or an admin's) is open on them.
   */
  async underSuspicion(uid: string): Promise<boolean> {
    const held = await this.db
      .select({ id: fairplayHolds.gameId })
      .from(fairplayHolds)
      .innerJoin(games, eq(games.id, fairplayHolds.gameId))
      .where(and(eq(fairplayHolds.winnerUid, uid), eq(games.review, 'held')))
      .limit(1);
    if (held.length > 0) return true;
    const flags = await this.db
      .select({ id: fairPlayFlags.id })
      .from(fairPlayFlags)
      // Any open flag, raised by fair play or by an admin's hand (issue 33), until it is answered.
      .where(eq(fairPlayFlags.uid, uid))
      .limit(1);
    return flags.length > 0;
  }

  /** The finished staked games between people of these players since `since`, for the collusion signals. */
  async stakedGamesOf(uids: readonly string[], since: Date): Promise<PairGame[]> {
    const rows = await this.db
      .select({
        whiteId: games.whiteId,
        blackId: games.blackId,
        winner: games.winner,
        stake: games.stakeAmount,
        ply: games.ply,
        status: games.status,
        endedAt: games.endedAt,
      })
      .from(games)
      .where(
        and(
          or(inArray(games.whiteId, [...uids]), inArray(games.blackId, [...uids])),
          isNotNull(games.stakeAmount),
          isNotNull(games.endedAt),
          ne(games.status, 'started'),
          sql`${games.engineColor} is null`,
          gte(games.endedAt, since),
        ),
      )
      .orderBy(desc(games.endedAt))
      .limit(500);
    return rows.map((r) => ({
      whiteUid: r.whiteId,
      blackUid: r.blackId,
      winnerUid: r.winner === 'white' ? r.whiteId : r.winner === 'black' ? r.blackId : null,
      stake: BigInt(r.stake ?? 0),
      plies: r.ply,
      status: r.status,
      endedAt: r.endedAt!,
    }));
  }

  /** Other accounts that signed in from an address these users used (sessions' `ip`). */
  async sharedAddresses(uid: string): Promise<{ uid: string; ip: string }[]> {
    const mine = this.db
      .selectDistinct({ ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.userId, uid), isNotNull(sessions.ip)));
    const rows = await this.db
      .selectDistinct({ uid: sessions.userId, ip: sessions.ip })
      .from(sessions)
      .where(and(ne(sessions.userId, uid), inArray(sessions.ip, mine)))
      .limit(20);
    return rows.flatMap((r) => (r.ip ? [{ uid: r.uid, ip: r.ip }] : []));
  }
}
