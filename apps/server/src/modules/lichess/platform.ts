import {
  applyUci,
  boardOf,
  BOT_TEXTS,
  canAbort,
  canResign,
  checkLichessChatText,
  isChatRepeat,
  clockAfterMove,
  gameMode,
  LICHESS_LIMIT_TEXTS,
  mayBulkPair,
  mayChallengeStranger,
  moverOfPly,
  offersAllowed,
  opposite,
  PLAY_TEXTS,
  type Color,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import {
  ChatStore,
  clockOf,
  colorOf,
  fensOf,
  GameStore,
  statusOf,
  turnOf,
  type BuiltinMoveOutcome,
  type BuiltinPlatform,
  type ChessPlatform,
  type CreateGameInput,
  type GameRecord,
  type GameTransactions,
  type MoveInput,
  type OfferAnswer,
  type PlatformGameFull,
  type PlatformStreamEvent,
} from '../play/index.ts';
import type { LichessClient } from './client.ts';
import { LichessHttpError, LichessRateLimitedError } from './errors.ts';
import type { LichessFollower } from './follower.ts';
import { LICHESS_BOT, pairMatchedGame, startBotGame } from './games.ts';
import { LichessLinkStore } from './link.store.ts';
import type { LichessMirror } from './mirror.ts';
import { LICHESS_SCOPES } from './oauth.ts';
import { LichessStartsStore } from './starts.store.ts';
import type { LichessTokens, LinkedPlayer } from './tokens.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);
const gameNotFound = () => notFound(PLAY_TEXTS.gameNotFound);

/**
 * Lichess as the chess platform (issue 15): Lichess referees the game, our row mirrors it.
 * A command is judged against the mirrored row first (the same refusals, texts and resend
 * answers as the built-in platform), then sent to the Board API with the acting player's own
 * token (one request in flight per token: the client's gate). What Lichess then streams is
 * written into the row by the follower (follower.ts); a move Lichess accepted is also
 * mirrored from its answer, so its ack carries the row like a built-in move's. Reads and
 * streams come from the row (the built-in platform's), spectator chat stays ours.
 */
export class LichessPlatform implements ChessPlatform {
  readonly id = 'lichess' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
    private readonly builtin: BuiltinPlatform,
    private readonly client: LichessClient,
    private readonly tokens: LichessTokens,
    private readonly mirror: LichessMirror,
    private readonly follower: LichessFollower,
    /** LICHESS_BULK_TOKEN: the operator's `challenge:bulk` token (matched games). */
    private readonly bulkToken: string,
  ) {}

  /**
   * A matched pair: bulk pairing with the operator's token and both players' tokens, the mode's
   * clock (lichess/games.ts pairMatchedGame), within the operator's 500 games per 10 minutes
   * (refused in our words before Lichess would answer 429). Against the bot: the human
   * challenges `maia1` (10+0, casual) while their Lichess challenge budget allows it (else, and
   * when maia1 declines, the Lichess AI). The row is written after Lichess created the game;
   * when that fails (a live game elsewhere) the Lichess game is aborted again.
   */
  async createGame(input: CreateGameInput): Promise<{ gameId: string }> {
    const mode = gameMode(input.mode);
    let externalId: string;
    let abortWith: string;
    let clockMs = { initialMs: mode.initialMs, incrementMs: mode.incrementMs };
    if (input.engineUid !== undefined) {
      const humanUid = input.engineUid === input.whiteUid ? input.blackUid : input.whiteUid;
      const human = await this.tokens.of(humanUid);
      const color: Color = humanUid === input.whiteUid ? 'white' : 'black';
      const skipMaia1 = !(await this.mayChallengeMaia1(humanUid));
      ({ gameId: externalId } = await startBotGame(this.client, human.token, {
        level: input.aiLevel ?? 1,
        color,
        skipMaia1,
      }));
      abortWith = human.token;
      clockMs = { initialMs: LICHESS_BOT.clockLimitSec * 1000, incrementMs: LICHESS_BOT.clockIncrementSec * 1000 };
    } else {
      const [white, black] = await Promise.all([this.tokens.of(input.whiteUid), this.tokens.of(input.blackUid)]);
      ({ gameId: externalId } = await this.pair(white, black, {
        limitSec: mode.initialMs / 1000,
        incrementSec: mode.incrementMs / 1000,
      }));
      abortWith = white.token;
    }
    let game: GameRecord;
    try {
      game = await this.txs.plain(async (tx, changes) => {
        const g = await this.builtin.insertGame(tx, input, {
          platform: 'lichess',
          externalId,
          // Lichess judges flags and missing first moves; our sweeper never ends these games.
          deadlineAt: null,
          ...clockMs,
          whiteMs: clockMs.initialMs,
          blackMs: clockMs.initialMs,
        });
        changes.push({ kind: 'started', game: g });
        return g;
      });
    } catch (e) {
      await this.client.abort(abortWith, externalId).catch(() => undefined);
      throw e;
    }
    await this.follower.follow(game.id);
    return { gameId: game.id };
  }

  /** Lichess's budget for one more challenge to maia1 by this player (and this server's address). */
  private async mayChallengeMaia1(uid: string): Promise<boolean> {
    const now = this.clock.now();
    const starts = new LichessStartsStore(this.db);
    const verdict = mayChallengeStranger({
      userChallengesAt: await starts.botGamesSince(new Date(now.getTime() - 24 * 3_600_000), uid),
      addressChallengesAt: await starts.botGamesSince(new Date(now.getTime() - 10 * 60_000)),
      now: now.getTime(),
    });
    return verdict.ok;
  }

  /**
   * Bulk pairing of one game. The platform's quota (500 games per 10 minutes) is counted here
   * and, when Lichess disagrees (429), believed: either way the players read why. A 400 refuses
   * the whole bulk, typically a player's token without `challenge:write` (linked before the
   * scope was asked): such a link is marked for authorising again, as a revoked one is.
   */
  private async pair(
    white: LinkedPlayer,
    black: LinkedPlayer,
    clock: { limitSec: number; incrementSec: number },
  ): Promise<{ gameId: string }> {
    const now = this.clock.now();
    const paired = await new LichessStartsStore(this.db).pairedGamesSince(new Date(now.getTime() - 10 * 60_000));
    if (!mayBulkPair({ pairedAt: paired, games: 1, now: now.getTime() }).ok)
      throw new AppError('RATE_LIMITED', LICHESS_LIMIT_TEXTS.bulkExhausted);
    try {
      return await pairMatchedGame(this.client, this.bulkToken, white, black, clock);
    } catch (e) {
      if (e instanceof LichessRateLimitedError) throw new AppError('RATE_LIMITED', LICHESS_LIMIT_TEXTS.bulkExhausted);
      if (e instanceof LichessHttpError && e.httpStatus === 400) await this.markUnscoped([white, black]);
      throw e;
    }
  }

  /** Marks for authorising again the players whose token lacks a scope bulk pairing needs. */
  private async markUnscoped(players: LinkedPlayer[]): Promise<void> {
    const tested = await this.client.testTokens(players.map((p) => p.token)).catch(() => null);
    if (!tested) return;
    for (const p of players) {
      const scopes = tested.get(p.token)?.scopes ?? [];
      if (!LICHESS_SCOPES.every((s) => scopes.includes(s)))
        await new LichessLinkStore(this.db).markRevoked(p.uid, this.clock.now());
    }
  }

  gameFull(gameId: string): Promise<PlatformGameFull | null> {
    return this.builtin.gameFull(gameId);
  }

  stream(gameId: string, listener: (event: PlatformStreamEvent) => void): Promise<() => void> {
    return this.builtin.stream(gameId, listener);
  }

  async move(gameId: string, actorUid: string, input: MoveInput): Promise<BuiltinMoveOutcome> {
    const { g, me } = await this.asPlayer(gameId, actorUid);
    // The same judgement as the built-in platform before anything goes to Lichess.
    if (input.ply <= g.ply) {
      if (g.moves[input.ply - 1] === input.uci && moverOfPly(input.ply) === me) {
        return {
          ply: input.ply,
          uci: input.uci,
          san: g.san[input.ply - 1]!,
          fen: fensOf(g)[input.ply]!,
          duplicate: true,
          game: g,
        };
      }
      throw conflict(PLAY_TEXTS.outOfSync);
    }
    if (statusOf(g) !== 'started') throw conflict(PLAY_TEXTS.gameOver);
    if (input.ply !== g.ply + 1) throw conflict(PLAY_TEXTS.outOfSync);
    if (turnOf(g) !== me) throw conflict(PLAY_TEXTS.notYourTurn);
    const applied = applyUci(boardOf(g.fen), input.uci);
    if (!applied) throw new AppError('BAD_REQUEST', PLAY_TEXTS.illegalMove);
    await this.tokens.with(actorUid, (p) => this.client.move(p.token, g.externalId!, input.uci));
    // Lichess accepted it: mirrored now with our clock's estimate; its stream corrects the times.
    const clk = clockAfterMove({
      clock: clockOf(g),
      mover: me,
      ply: input.ply,
      now: this.clock.now().getTime(),
      incrementMs: g.incrementMs,
      reportedLagMs: input.lagMs,
    });
    const times = clk.ok ? clk.clock : clockOf(g);
    const after = await this.mirror.apply(gameId, {
      moves: [...g.moves, input.uci],
      clocks: { whiteMs: times.whiteMs, blackMs: times.blackMs },
      appendOnly: true,
    });
    return { ply: input.ply, uci: input.uci, san: applied.san, fen: applied.fen, duplicate: false, game: after ?? g };
  }

  async resign(gameId: string, actorUid: string): Promise<void> {
    const { g } = await this.liveAsPlayer(gameId, actorUid);
    if (!canResign(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.resignTooEarly);
    await this.tokens.with(actorUid, (p) => this.client.resign(p.token, g.externalId!));
  }

  async abort(gameId: string, actorUid: string): Promise<void> {
    const { g } = await this.liveAsPlayer(gameId, actorUid);
    if (!canAbort(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.abortTooLate);
    await this.tokens.with(actorUid, (p) => this.client.abort(p.token, g.externalId!));
  }

  /**
   * Offers are judged as on the built-in platform first: none to the bot (Lichess's AI would
   * take a takeback back at once, without a proposal: lila's Takebacker), none before 2 moves.
   * Lichess answers 200 and does nothing to a draw offered again within 20 plies or a takeback
   * the opponent's preferences forbid: the offer then simply never shows, as on Lichess.
   */
  async draw(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    const { g } = await this.offerable(gameId, actorUid);
    await this.tokens.with(actorUid, (p) => this.client.draw(p.token, g.externalId!, answer !== 'decline'));
  }

  async takeback(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    const { g } = await this.offerable(gameId, actorUid);
    await this.tokens.with(actorUid, (p) => this.client.takeback(p.token, g.externalId!, answer !== 'decline'));
  }

  /**
   * Lichess answers a claim 200 whether or not it ended the game, so the claim is judged on the
   * row first: Lichess said the opponent is gone (opponentGone, mirrored) and the wait it gave
   * is over. The end then comes through the stream like any other.
   */
  async claimVictory(gameId: string, actorUid: string): Promise<void> {
    const { g, me } = await this.liveAsPlayer(gameId, actorUid);
    const gone =
      g.disconnectColor === opposite(me) &&
      g.disconnectGraceEndsAt !== null &&
      this.clock.now() >= g.disconnectGraceEndsAt;
    if (!gone) throw conflict(PLAY_TEXTS.cannotClaim);
    await this.tokens
      .with(actorUid, (p) => this.client.claimVictory(p.token, g.externalId!))
      .catch((e: unknown) => {
        // Lichess decides whether the opponent is gone long enough; its refusal is ours.
        if (e instanceof AppError && e.code === 'BAD_REQUEST') throw conflict(PLAY_TEXTS.cannotClaim);
        throw e;
      });
  }

  /**
   * Player chat goes to the Lichess game's player room; the line reaches both players when
   * Lichess streams it back (the follower stores it). Spectators are ours, not Lichess users:
   * their room stays on our side.
   */
  async chat(gameId: string, actorUid: string, room: 'player' | 'spectator', text: string): Promise<void> {
    if (room === 'spectator') return this.builtin.chat(gameId, actorUid, room, text);
    const { g } = await this.asPlayer(gameId, actorUid);
    // lila's limit counts UTF-16 units: refused here in our words rather than there.
    const checked = checkLichessChatText(text);
    if (!checked.ok) throw new AppError('VALIDATION', checked.message);
    // Issue 33: as on the built-in platform (the follower stores the lines Lichess streams back).
    if (isChatRepeat(await new ChatStore(this.db).lastOf(g.id, 'player', actorUid), checked.text))
      throw new AppError('CONFLICT', PLAY_TEXTS.chatRepeat);
    await this.tokens.with(actorUid, (p) => this.client.chat(p.token, g.externalId!, 'player', checked.text));
  }

  private async asPlayer(gameId: string, uid: string): Promise<{ g: GameRecord; me: Color }> {
    const g = await new GameStore(this.db).find(gameId);
    if (!g || g.externalId === null) throw gameNotFound();
    const me = colorOf(g, uid);
    if (!me) throw forbidden(PLAY_TEXTS.notAPlayer);
    return { g, me };
  }

  private async offerable(gameId: string, uid: string): Promise<{ g: GameRecord; me: Color }> {
    const found = await this.liveAsPlayer(gameId, uid);
    if (found.g.engineColor !== null) throw new AppError('BAD_REQUEST', BOT_TEXTS.noOffersToBot);
    if (!offersAllowed(found.g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.offersTooEarly);
    return found;
  }

  private async liveAsPlayer(gameId: string, uid: string): Promise<{ g: GameRecord; me: Color }> {
    const found = await this.asPlayer(gameId, uid);
    if (statusOf(found.g) !== 'started') throw conflict(PLAY_TEXTS.gameOver);
    return found;
  }
}
