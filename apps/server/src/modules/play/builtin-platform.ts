import {
  boardOf,
  canAbort,
  canResign,
  checkChatText,
  defaultRating,
  endOnTime,
  gameMode,
  initialClock,
  isChatRepeat,
  isFlagged,
  isProvisional,
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
import { RepublishedMoves } from './republished-moves.ts';
import { LiveGames, sawPosition } from './live-games.ts';
import type { MoveCommits } from './move-commits.ts';
import { judgeMove } from './move-judgement.ts';
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
import { clockColumns, clockOf, colorOf, deadlineFor, fensOf, statusOf, turnOf } from './record.ts';

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
  private readonly kept = new LiveGames();
  private readonly republished = new RepublishedMoves();

  constructor(
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
    private readonly finisher: GameFinisher,
    private readonly publisher: GamePublisher,
    private readonly commits: MoveCommits,
  ) {
    this.offers = new GameOffers(clock, finisher);
    // A game started here (its 'started' change is published after its commit) is kept from its
    // first move on: its first plies are appends too, not locked reads (issue 35).
    publisher.listen((change) => {
      if (change.kind === 'started' && change.game.platform === 'builtin') this.kept.keep(change.game);
    });
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
  async insertGame(
    tx: Tx,
    input: CreateGameInput,
    hosted: Partial<
      Pick<
        NewGameRecord,
        'platform' | 'externalId' | 'deadlineAt' | 'initialMs' | 'incrementMs' | 'whiteMs' | 'blackMs'
      >
    > = {},
  ): Promise<GameRecord> {
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

  /**
   * A move. The common case (a legal move in time that ends nothing, on a game this instance
   * keeps in memory: one it started, or moved before) is judged on the kept state and position and
   * written as one conditional append, committed with the other games' appends waiting at that
   * moment (MoveCommits); anything else, or an append that misses, is judged on the locked row.
   */
  move(gameId: string, actorUid: string, input: MoveInput): Promise<BuiltinMoveOutcome> {
    return this.txs.run<BuiltinMoveOutcome>(
      gameId,
      async (tx, changes) => {
        // Kept again only once this commits (a rolled-back state must never be judged on).
        this.kept.forget(gameId);
        const store = new GameStore(tx);
        const { g, me } = await this.lockAsPlayer(store, gameId, actorUid);
        const now = this.clock.now();
        const judged = judgeMove(g, me, input, now);
        switch (judged.kind) {
          case 'resent':
            // The last move sent again: its first try may have committed on an instance that died
            // (or lost Redis) before telling anyone. Its event goes out again; a reader that had
            // it drops the copy by its version, one that did not learns the move. Once per version
            // on this instance, so repeating a move is no way to flood the game's readers.
            if (input.ply === g.ply && this.republished.due(g.id, g.version))
              changes.push({ kind: 'moved', game: g, uci: input.uci, san: g.san[g.ply - 1]! });
            return ok({ ...this.replayed(g, input.ply), game: g });
          case 'refused':
            throw judged.error;
          case 'noStart':
            changes.push({
              kind: 'ended',
              game: await this.finisher.finish(tx, g, { status: 'nostart', winner: null }, now),
            });
            return refuse(conflict(PLAY_TEXTS.gameOver));
          case 'flagged':
            changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, judged.end, now) });
            return refuse(conflict(PLAY_TEXTS.gameOver));
          case 'moved':
            break;
        }
        const { move } = judged;
        const moved = await store.update(g.id, move.patch);
        const outcome = { ply: input.ply, uci: move.uci, san: move.san, fen: move.fen, duplicate: false };
        if (!move.end) {
          changes.push({ kind: 'moved', game: moved, uci: move.uci, san: move.san });
          return ok({ ...outcome, game: moved });
        }
        const after = await this.finisher.finish(tx, moved, move.end, now);
        changes.push({ kind: 'moved', game: { ...moved, status: after.status }, uci: move.uci, san: move.san });
        changes.push({ kind: 'ended', game: after });
        return ok({ ...outcome, game: after });
      },
      () => this.appendKnownMove(gameId, actorUid, input),
      (out) => {
        this.kept.keep(out.game);
        if (out.duplicate && out.ply === out.game.ply) this.republished.done(out.game.id, out.game.version);
      },
    );
  }

  /** The in-memory path of a move (see move), or null for the locked one. */
  private async appendKnownMove(
    gameId: string,
    actorUid: string,
    input: MoveInput,
  ): Promise<{ value: BuiltinMoveOutcome; changes: GameChange[] } | null> {
    const g = this.kept.get(gameId);
    // Before the clocks run the first-move deadline decides. The kept deadline is never later
    // than the row's (only a downtime shift moves it, later, quietly): a move it lets stand, the
    // row lets stand; one it refuses is judged again on the locked row.
    if (!g) return null;
    const me = colorOf(g, actorUid);
    if (!me) return null;
    const position = this.kept.position(gameId)!;
    const judged = judgeMove(g, me, input, this.clock.now(), position);
    // A refusal or an end is judged again on the locked row: the kept state may be behind. (The
    // locked path forgets the kept position, which a move that ends the game has changed.)
    if (judged.kind !== 'moved' || judged.move.end) return null;
    const { move } = judged;
    const { moves: _moves, moveTimes: _times, san: _san, fens: _fens, fen: _fen, ...scalars } = move.patch;
    let written;
    try {
      written = await this.commits.append({
        id: gameId,
        judgedOn: { version: g.version, turnStartedAt: g.turnStartedAt },
        move,
        scalars,
      });
    } catch (err) {
      // Written or not, the board has the move on it: rebuilt from the row next time.
      this.kept.forget(gameId);
      throw err;
    }
    if (!written) {
      this.kept.missed(gameId);
      return null;
    }
    const game: GameRecord = { ...g, ...move.patch, ...written };
    sawPosition(position, move.fen);
    this.kept.keep(game, position);
    return {
      value: { ply: input.ply, uci: move.uci, san: move.san, fen: move.fen, duplicate: false, game },
      changes: [{ kind: 'moved', game, uci: move.uci, san: move.san }],
    };
  }

  resign(gameId: string, actorUid: string): Promise<void> {
    return this.live(gameId, actorUid, async (tx, g, me, changes) => {
      if (!canResign(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.resignTooEarly);
      changes.push({
        kind: 'ended',
        game: await this.finisher.finish(tx, g, { status: 'resign', winner: opposite(me) }, this.clock.now()),
      });
      return ok(undefined);
    });
  }

  abort(gameId: string, actorUid: string): Promise<void> {
    return this.live(gameId, actorUid, async (tx, g, _me, changes) => {
      if (!canAbort(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.abortTooLate);
      changes.push({
        kind: 'ended',
        game: await this.finisher.finish(tx, g, { status: 'aborted', winner: null }, this.clock.now()),
      });
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
      // An engine never leaves a game: no claim against it, whatever a row says (issue 36).
      const gone =
        g.engineColor !== opposite(me) &&
        g.disconnectColor === opposite(me) &&
        g.disconnectGraceEndsAt !== null &&
        now >= g.disconnectGraceEndsAt;
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
      // Issue 33: the spectators' repeat rule for the players too (spectators: SpectatorService).
      if (room === 'player' && isChatRepeat(await new ChatStore(tx).lastOf(g.id, 'player', actorUid), checked.text))
        throw new AppError('CONFLICT', PLAY_TEXTS.chatRepeat);
      const now = this.clock.now();
      const id = await new ChatStore(tx).add(g.id, room, actorUid, checked.text, now);
      const card = (await new ProfileStore(tx).cards([actorUid])).get(actorUid);
      const base = {
        id: String(id),
        uid: actorUid,
        username: card?.username ?? '',
        text: checked.text,
        sentAt: now.toISOString(),
      };
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
      // Whatever the command changes, the next move is judged on the locked row.
      this.kept.forget(gameId);
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
    this.kept.forget(g.id);
    const now = this.clock.now();
    if (g.turnStartedAt === null) {
      changes.push({
        kind: 'ended',
        game: await this.finisher.finish(tx, g, { status: 'nostart', winner: null }, now),
      });
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
