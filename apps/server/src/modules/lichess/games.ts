import type { LichessClient } from './client.ts';

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
  opts: { level: number; color?: 'white' | 'black' | 'random'; waitMs?: number },
): Promise<{ gameId: string; opponent: 'maia1' | 'ai' }> {
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
  const ai = await client.challengeAi(token, {
    level: opts.level,
    clockLimitSec: LICHESS_BOT.clockLimitSec,
    clockIncrementSec: LICHESS_BOT.clockIncrementSec,
    color: opts.color ?? 'random',
  });
  return { gameId: ai.id, opponent: 'ai' };
}

/**
 * A matched pair's game, created with the players' own tokens (`board:play` covers challenges):
 * White challenges Black (color white, casual, the mode's clock), Black accepts at once. The
 * game id is the challenge id. When the accept fails the challenge is withdrawn, so no game is
 * left behind. Chosen over bulk pairing, which needs an extra server-held app token with the
 * `challenge:bulk` scope and messages both players; direct challenges allow blitz on the Board
 * API too (lichess-api.yaml, tag Board, "Restrictions").
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
