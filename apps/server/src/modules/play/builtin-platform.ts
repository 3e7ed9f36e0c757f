import {
  applyUci,
  boardOf,
  canAbort,
  canResign,
  checkChatText,
  clockAfterMove,
  defaultRating,
  detectEnd,
  endOnTime,
  gameMode,
  initialClock,
  isFlagged,
  isProvisional,
  moverOfPly,
  opposite,
  PLAY_TEXTS,
  ratingFamilyOf,
  shownRating,
  STANDARD_FEN,
  type Color,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { gameFullOf, gameStateOf, streamEventOf } from './board-api.ts';
import { ChatStore } from './chat.store.ts';
import type { GameChange, GamePublisher } from './events.ts';
import type { GameFinisher } from './finish.ts';
import { ok, refuse, type GameTransactions, type Outcome } from './game-tx.ts';
import { GameStore, type GameRecord, type NewGameRecord } from './games.store.ts';
import { newPublicId } from './ids.ts';
import { GameOffers } from './offers.ts';
import type {
  ChessPlatform,
  CreateGameInput,
  MoveInput,
  MoveOutcome,
  OfferAnswer,
  PlatformGameFull,
  PlatformGameState,
  PlatformStreamEvent,
} from './platform-port.ts';
import { ProfileStore } from './profiles.store.ts';
import { clockColumns, clockOf, colorOf, deadlineFor, fensOf, moveTimesOf, statusOf, turnOf } from './record.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A move's outcome with the game row after it (the socket ack mirrors `game.moved` from it). */
export type BuiltinMoveOutcome = MoveOutcome & { game: GameRecord };
const gameNotFound = () => notFound(PLAY_TEXTS.gameNotFound);

/**
 * The built-in chess platform: this server is the referee. Every command is one transaction
 * on the locked game row (GameTransactions), judged against the server clock; its events go
 * out after the commit. Client mistakes (wrong ply, illegal move, not your turn) are refusals
 * with a stable code, never a 500. Offers are judged by GameOffers; the Board API shapes of a
 * game come from board-api.ts.
 */
export class BuiltinPlatform implements ChessPlatform {
  readonly id = 'builtin' as const;
  private readonly offers: GameOffers;

  constructor(
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
    private readonly finisher: GameFinisher,
    private readonly publisher: GamePublisher,
  ) {
    this.offers = new GameOffers(clock, finisher);
  }

  /** Creates a game; refused when either player already plays one (one live game per person). */
  async createGame(input: CreateGameInput): Promise<{ gameId: string }> {
    const game = await this.txs.plain(async (tx, changes) => {
      const g = await this.insertGame(tx, input);
      changes.push({ kind: 'started', game: g });
      return g;
    });
    return { gameId: game.id };
  }

  /**
   * The insert of a new game inside a caller's transaction (rematches reuse it; a Lichess game
   * is the same row with its platform, its Lichess id and no deadline of ours in `hosted`).
   */
  async insertGame(tx: Tx, input: CreateGameInput, hosted: Partial<
      Pick<NewGameRecord, 'platform' | 'externalId' | 'deadlineAt' | 'initialMs' | 'incrementMs' | 'whiteMs' | 'blackMs'>
    > = {},): Promise<GameRecord> {
    const mode = gameMode(input.mode);
    const now = this.clock.now();
    const profiles = new ProfileStore(tx);
    const ratings = await profiles.ratings([input.whiteUid, input.blackUid], ratingFamilyOf(input.mode));
    const ratingOf = (uid: string) => ratings.find((r) => r.userId === uid) ?? defaultRating();
    const white = ratingOf(input.whiteUid);
    const black = ratingOf(input.blackUid);
    const clock = initialClock(mode.initialMs);
    const store = new GameStore(tx);
    const game = await store.insert({
      id: newPublicId(),
      mode: mode.id,
      rated: input.rated ?? true,
      whiteId: input.whiteUid,
      blackId: input.blackUid,
      whiteRating: shownRating(white),
      blackRating: shownRating(black),
      whiteProvisional: isProvisional(white),
      blackProvisional: isProvisional(black),
      initialFen: STANDARD_FEN,
      fen: STANDARD_FEN,
      fens: [STANDARD_FEN],
      initialMs: mode.initialMs,
      incrementMs: mode.incrementMs,
      ...clockColumns(clock),
      deadlineAt: deadlineFor(0, clock, now),
      stakeCurrency: input.stake?.currency ?? null,
      stakeAmount: input.stake?.amount ?? null,
      stakePot: input.stake ? (input.stake.pot ?? input.stake.amount * 2) : null,
      engineColor: input.engineUid === undefined ? null : input.engineUid === input.whiteUid ? 'white' : 'black',
      source: input.source ?? null,
      createdAt: now,
      ...hosted,
    });
    const claimed = [input.whiteUid, input.blackUid].filter((uid) => uid !== input.engineUid);
    if (!(await store.claimLivePlayers(game.id, claimed))) {
      // Thrown, not returned: the transaction rolls back and the game never existed.
      throw conflict(PLAY_TEXTS.alreadyInGame);
    }
    return game;
  }

  async gameFull(gameId: string): Promise<PlatformGameFull | null> {
    const g = await this.txs.plain((tx) => new GameStore(tx).find(gameId));
    if (!g) return null;
    const cards = await this.txs.plain((tx) => new ProfileStore(tx).cards([g.whiteId, g.blackId]));
    const names = new Map([...cards].map(([uid, card]) => [uid, card.username]));
    return gameFullOf(g, names, this.clock.now().getTime());
  }

  gameState(g: GameRecord): PlatformGameState {
    return gameStateOf(g, this.clock.now().getTime());
  }

  move(gameId: string, actorUid: string, input: MoveInput): Promise<BuiltinMoveOutcome> {
    return this.txs.run<BuiltinMoveOutcome>(gameId, async (tx, changes) => {
      const store = new GameStore(tx);
      const { g, me } = await this.lockAsPlayer(store, gameId, actorUid);
      // A resend of an applied move gets the same answer and changes nothing (ARCHITECTURE 6).
      if (input.ply <= g.ply) {
        if (g.moves[input.ply - 1] === input.uci && moverOfPly(input.ply) === me) return ok({ ...this.replayed(g, input.ply), game: g });
        throw conflict(PLAY_TEXTS.outOfSync);
      }
      if (statusOf(g) !== 'started') throw conflict(PLAY_TEXTS.gameOver);
      if (input.ply !== g.ply + 1) throw conflict(PLAY_TEXTS.outOfSync);
      if (turnOf(g) !== me) throw conflict(PLAY_TEXTS.notYourTurn);
      const now = this.clock.now();
      if (g.turnStartedAt === null && g.deadlineAt && now >= g.deadlineAt) {
        changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, { status: 'nostart', winner: null }, now) });
        return refuse(conflict(PLAY_TEXTS.gameOver));
      }
      // The stored FEN, not a replay: one move's work, whatever the length of the game.
      const chess = boardOf(g.fen);
      const applied = applyUci(chess, input.uci);
      if (!applied) throw new AppError('BAD_REQUEST', PLAY_TEXTS.illegalMove);
      const clk = clockAfterMove({
        clock: clockOf(g),
        mover: me,
        ply: input.ply,
        now: now.getTime(),
        incrementMs: g.incrementMs,
        reportedLagMs: input.lagMs,
      });
      if (!clk.ok) {
        chess.undo();
        changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, endOnTime(chess, me), now) });
        return refuse(conflict(PLAY_TEXTS.gameOver));
      }
      const fens = [...fensOf(g), applied.fen];
      // Fair play's move-time profile: what the mover's clock paid (null before the clocks run).
      const thinkMs = g.turnStartedAt === null ? null : Math.max(0, Math.round(clk.spentMs));
      const moved = await store.update(g.id, {
        moves: [...g.moves, input.uci],
        moveTimes: [...moveTimesOf(g), thinkMs],
        san: [...g.san, applied.san],
        fen: applied.fen,
        fens,
        ply: input.ply,
        ...clockColumns(clk.clock),
        deadlineAt: deadlineFor(input.ply, clk.clock, now),
        // Moving declines the opponent's draw offer; any takeback request lapses.
        drawOffer: g.drawOffer === opposite(me) ? null : g.drawOffer,
        takebackOffer: null,
      });
      const end = detectEnd(chess, fens);
      let after = moved;
      if (end) {
        after = await this.finisher.finish(tx, moved, end, now);
        changes.push({ kind: 'moved', game: { ...moved, status: after.status }, uci: input.uci, san: applied.san });
        changes.push({ kind: 'ended', game: after });
      } else {
        changes.push({ kind: 'moved', game: moved, uci: input.uci, san: applied.san });
      }
      return ok({ ply: input.ply, uci: input.uci, san: applied.san, fen: applied.fen, duplicate: false, game: after });
    });
  }

  resign(gameId: string, actorUid: string): Promise<void> {
    return this.live(gameId, actorUid, async (tx, g, me, changes) => {
      if (!canResign(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.resignTooEarly);
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, { status: 'resign', winner: opposite(me) }, this.clock.now()) });
      return ok(undefined);
    });
  }

  abort(gameId: string, actorUid: string): Promise<void> {
    return this.live(gameId, actorUid, async (tx, g, _me, changes) => {
      if (!canAbort(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.abortTooLate);
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, { status: 'aborted', winner: null }, this.clock.now()) });
      return ok(undefined);
    });
  }

  draw(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    return this.live(gameId, actorUid, (tx, g, me, changes) => this.offers.draw(tx, g, me, answer, changes));
  }

  takeback(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    return this.live(gameId, actorUid, (tx, g, me, changes) => this.offers.takeback(tx, g, me, answer, changes));
  }

  claimVictory(gameId: string, actorUid: string): Promise<void> {
    return this.live(gameId, actorUid, async (tx, g, me, changes) => {
      const now = this.clock.now();
      const gone = g.disconnectColor === opposite(me) && g.disconnectGraceEndsAt !== null && now >= g.disconnectGraceEndsAt;
      if (!gone) throw conflict(PLAY_TEXTS.cannotClaim);
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, { status: 'timeout', winner: me }, now) });
      return ok(undefined);
    });
  }

  /** Player chat (SPEC 5 text rules). Spectator chat has more rules: see SpectatorService. */
  chat(gameId: string, actorUid: string, room: 'player' | 'spectator', text: string): Promise<void> {
    return this.txs.run(gameId, async (tx, changes) => {
      const store = new GameStore(tx);
      const g = await store.find(gameId);
      if (!g) throw gameNotFound();
      const me = colorOf(g, actorUid);
      if (room === 'player' && !me) throw forbidden(PLAY_TEXTS.notAPlayer);
      const checked = checkChatText(text);
      if (!checked.ok) throw new AppError('VALIDATION', checked.message);
      const now = this.clock.now();
      const id = await new ChatStore(tx).add(g.id, room, actorUid, checked.text, now);
      const card = (await new ProfileStore(tx).cards([actorUid])).get(actorUid);
      const base = { id: String(id), uid: actorUid, username: card?.username ?? '', text: checked.text, sentAt: now.toISOString() };
      if (room === 'player' && me) changes.push({ kind: 'playerChat', game: g, line: { ...base, color: me } });
      else changes.push({ kind: 'spectatorChat', gameId: g.id, line: base });
      return ok(undefined);
    });
  }

  async stream(gameId: string, listener: (event: PlatformStreamEvent) => void): Promise<() => void> {
    const full = await this.gameFull(gameId);
    if (!full) throw gameNotFound();
    listener(full);
    return this.publisher.listen((change) => {
      const event = streamEventOf(change, gameId, this.clock.now().getTime());
      if (event) listener(event);
    });
  }

  /** A command of a player on a live game, with the row locked. */
  private live(
    gameId: string,
    actorUid: string,
    work: (tx: Tx, g: GameRecord, me: Color, changes: GameChange[]) => Promise<Outcome<void>>,
  ): Promise<void> {
    return this.txs.run(gameId, async (tx, changes) => {
      const { g, me } = await this.lockAsPlayer(new GameStore(tx), gameId, actorUid);
      if (statusOf(g) !== 'started') throw conflict(PLAY_TEXTS.gameOver);
      return work(tx, g, me, changes);
    });
  }

  private async lockAsPlayer(store: GameStore, gameId: string, uid: string): Promise<{ g: GameRecord; me: Color }> {
    const g = await store.lock(gameId);
    if (!g) throw gameNotFound();
    const me = colorOf(g, uid);
    if (!me) throw forbidden(PLAY_TEXTS.notAPlayer);
    return { g, me };
  }

  /** The answer to a resent move: the move as it was applied, from the stored game. */
  private replayed(g: GameRecord, ply: number): MoveOutcome {
    return { ply, uci: g.moves[ply - 1]!, san: g.san[ply - 1]!, fen: fensOf(g)[ply]!, duplicate: true };
  }

  /** The sweeper's work on one due game: a missing first move ends it, a flag ends it on time. */
  async expireDue(tx: Tx, g: GameRecord, changes: GameChange[]): Promise<void> {
    const now = this.clock.now();
    if (g.turnStartedAt === null) {
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, { status: 'nostart', winner: null }, now) });
      return;
    }
    const turn = turnOf(g);
    if (isFlagged(clockOf(g), turn, now.getTime())) {
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, endOnTime(boardOf(g.fen), turn), now) });
      return;
    }
    // Not due after all (the deadline moved, e.g. shifted after a downtime): re-arm it quietly.
    await new GameStore(tx).updateQuiet(g.id, { deadlineAt: deadlineFor(g.ply, clockOf(g), now) });
  }
}
