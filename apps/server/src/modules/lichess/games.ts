import type { LichessClient } from './client.ts';
import { LichessUnavailableError } from './errors.ts';

/**
 * Following a game through re-opened streams. Every gameFull and gameState carries all the
 * moves so far (`moves`, UCI, space separated), so a re-opened stream's fresh gameFull neither
 * loses nor repeats a move: GameMoves compares it with what was already seen.
 */
export class GameMoves {
  private seen: string[] = [];

  constructor(initial = '') {
    this.seen = splitMoves(initial);
  }

  get moves(): readonly string[] {
    return this.seen;
  }

  /**
   * Takes the `moves` of a gameFull/gameState; returns the moves not seen before (with their
   * ply, 1 = White's first) and how many seen moves were taken back.
   */
  update(movesText: string): { added: { ply: number; uci: string }[]; takenBack: number } {
    const next = splitMoves(movesText);
    let common = 0;
    while (common < this.seen.length && common < next.length && this.seen[common] === next[common]) common++;
    const takenBack = this.seen.length - common;
    const added = next.slice(common).map((uci, i) => ({ ply: common + i + 1, uci }));
    this.seen = next;
    return { added, takenBack };
  }
}

const splitMoves = (text: string) => text.split(' ').filter((m) => m !== '');

/** The bot of the Lichess platform (SPEC 7): `maia1`, 10+0, casual. */
export const LICHESS_BOT = { username: 'maia1', clockLimitSec: 600, clockIncrementSec: 0 } as const;

/**
 * A game against the bot: a keep-alive challenge to `maia1` (600+0, not rated); when it is
 * declined (or not answered in time, then cancelled) a game against the Lichess AI at `level`
 * (1..8) instead. The game id is the challenge id (tags/challenges/api-challenge-username.yaml).
 */
export async function startBotGame(
  client: LichessClient,
  token: string,
  opts: {
    level: number;
    color?: 'white' | 'black' | 'random';
    waitMs?: number;
    /** The player's challenge budget is spent (domain mayChallengeStranger): the AI at once. */
    skipMaia1?: boolean;
  },
): Promise<{ gameId: string; opponent: 'maia1' | 'ai' }> {
  if (opts.skipMaia1) return { gameId: (await challengeAi(client, token, opts)).id, opponent: 'ai' };
  const { challenge, done } = await client.challengeAndWait(token, LICHESS_BOT.username, {
    clockLimitSec: LICHESS_BOT.clockLimitSec,
    clockIncrementSec: LICHESS_BOT.clockIncrementSec,
    rated: false,
    color: opts.color ?? 'random',
    waitMs: opts.waitMs,
  });
  if (done === 'accepted' && challenge) return { gameId: challenge.id, opponent: 'maia1' };
  // Given up: closing the stream does not withdraw it on Lichess, and maia1 may still accept.
  // The cancel withdraws it, or aborts the game of a late accept (not played yet), so the
  // player is never left in a second game we do not know (issue 31).
  if (challenge && done !== 'declined' && done !== 'canceled')
    await client.cancelChallenge(token, challenge.id).catch(() => undefined);
  return { gameId: (await challengeAi(client, token, opts)).id, opponent: 'ai' };
}

const challengeAi = (
  client: LichessClient,
  token: string,
  opts: { level: number; color?: 'white' | 'black' | 'random' },
) =>
  client.challengeAi(token, {
    level: opts.level,
    clockLimitSec: LICHESS_BOT.clockLimitSec,
    clockIncrementSec: LICHESS_BOT.clockIncrementSec,
    color: opts.color ?? 'random',
  });

/**
 * The extra rules of a wagered game created by bulk pairing (tags/bulkpairings/api-bulk-pairing
 * .yaml `rules`): `noRematch` (a rematch on Lichess would be a game outside the wager, which we
 * never see) and `noGiveTime` (given time changes the clocks the wager was agreed on, and lets
 * two accounts move time to each other). Not `noAbort` (SPEC 4: Abort before 2 moves, refunded),
 * not `noEarlyDraw` (SPEC 4: draw offers from move 2; a draw refunds both, nothing to farm), not
 * `noClaimWin` (our players claim the win when Lichess says the opponent is gone). No
 * `startClocksAt`: a player who never moves leaves the game unstarted (Lichess's noStart,
 * refunded) as on our built-in platform, rather than losing the stake on time.
 */
export const WAGER_BULK_RULES = ['noRematch', 'noGiveTime'] as const;

/**
 * A matched pair's game through bulk pairing (issue 31): the operator's `challenge:bulk` token
 * pairs White and Black by their own tokens (each `challenge:write`), casual, the mode's clock.
 * Bulk pairing is the API Lichess publishes for platforms: it spends no challenge budget of the
 * players (lila gives a user about 25 credits a minute, 5 per challenge to a stranger), and the
 * operator may start 500 games every 10 minutes (more on request to Lichess).
 */
export async function pairMatchedGame(
  client: LichessClient,
  bulkToken: string,
  white: { token: string },
  black: { token: string },
  clock: { limitSec: number; incrementSec: number },
): Promise<{ gameId: string }> {
  const bulk = await client.bulkPairing(bulkToken, {
    pairs: [{ white: white.token, black: black.token }],
    clockLimitSec: clock.limitSec,
    clockIncrementSec: clock.incrementSec,
    rules: WAGER_BULK_RULES,
  });
  const game = bulk.games[0];
  if (!game || bulk.games.length !== 1) throw new LichessUnavailableError('a bulk pairing without its one game');
  return { gameId: game.id };
}

/**
 * A game between two users by a direct challenge with their own tokens: White challenges Black
 * (color white, casual, the given clock), Black accepts at once; the game id is the challenge
 * id, and a failed accept withdraws the challenge. Not the product's way to pair (each
 * challenge spends the challenger's Lichess budget: pairMatchedGame uses bulk pairing); the
 * client and emulator suites create their games with it.
 */
export async function createMatchedGame(
  client: LichessClient,
  white: { token: string },
  black: { token: string; username: string },
  clock: { limitSec: number; incrementSec: number },
): Promise<{ gameId: string }> {
  const challenge = await client.challenge(white.token, black.username, {
    clockLimitSec: clock.limitSec,
    clockIncrementSec: clock.incrementSec,
    rated: false,
    color: 'white',
  });
  try {
    await client.acceptChallenge(black.token, challenge.id);
  } catch (e) {
    await client.cancelChallenge(white.token, challenge.id).catch(() => undefined);
    throw e;
  }
  return { gameId: challenge.id };
}
