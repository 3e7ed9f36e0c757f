import type { Color, GameStatus } from '@rush/domain';
import type { LichessGameExport } from './api-types.ts';
import { LICHESS_BOT } from './games.ts';

/**
 * From Lichess results to ours. Lichess status names (schemas/GameStatusName.yaml) map onto the
 * domain's GameStatus; a result seen on a stream is only settled once the game export
 * (GET /game/export/{id}, schemas/GameJson.yaml) shows the same finished result, between the
 * linked accounts, with the clock and rating mode we asked for.
 */
export function statusFromLichess(name: string): GameStatus {
  switch (name) {
    case 'created':
    case 'started':
      return 'started';
    case 'aborted':
    case 'mate':
    case 'resign':
    case 'stalemate':
    case 'timeout':
    case 'draw':
    case 'outoftime':
    case 'cheat':
    case 'variantEnd':
      return name;
    case 'noStart':
      return 'nostart';
    case 'insufficientMaterialClaim':
      return 'draw';
    default:
      return 'unknownfinish';
  }
}

export interface ExpectedGame {
  /** Lichess user ids (lowercase) of the linked accounts; null: the bot's side (maia1 or the Lichess AI). */
  whiteId: string | null;
  blackId: string | null;
  /** The mode's clock, in seconds. */
  clock: { limitSec: number; incrementSec: number };
  rated: boolean;
}

export type ConfirmedResult =
  | { ok: true; status: Exclude<GameStatus, 'started'>; winner: Color | null }
  | { ok: false; reason: 'unfinished' | 'players' | 'clock' | 'rated' | 'variant' | 'contradicted' };

/**
 * Judges a game's export: finished, the expected players, clock, rating mode and variant, and
 * (when the stream reported one) the same result. Anything else is not settled.
 */
export function confirmResult(
  exported: LichessGameExport,
  expected: ExpectedGame,
  reported?: { status: string; winner?: Color | null },
): ConfirmedResult {
  const status = statusFromLichess(exported.status);
  if (status === 'started') return { ok: false, reason: 'unfinished' };
  const plays = (side: 'white' | 'black', id: string | null) => {
    const user = exported.players[side].user;
    return id === null ? user === undefined || user.id === LICHESS_BOT.username : user?.id === id;
  };
  if (!plays('white', expected.whiteId) || !plays('black', expected.blackId)) return { ok: false, reason: 'players' };
  if (
    !exported.clock ||
    exported.clock.initial !== expected.clock.limitSec ||
    exported.clock.increment !== expected.clock.incrementSec
  ) {
    return { ok: false, reason: 'clock' };
  }
  if (exported.rated !== expected.rated) return { ok: false, reason: 'rated' };
  if (exported.variant !== 'standard') return { ok: false, reason: 'variant' };
  const winner = exported.winner ?? null;
  if (reported && (statusFromLichess(reported.status) !== status || (reported.winner ?? null) !== winner)) {
    return { ok: false, reason: 'contradicted' };
  }
  return { ok: true, status, winner };
}
