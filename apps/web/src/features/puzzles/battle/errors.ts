import { MATCH_TEXTS, PUZZLE_TEXTS, TEXTS, type Currency } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';
import { ApiError } from '../../../api/http.ts';
import { LocationError, locateDevice } from '../../wallet/index.ts';

/**
 * Runs a call that puts stakes at play: USD needs the browser's location first (like matchmaking,
 * SPEC 7), RushCoins do not.
 */
export async function withLocation<T>(
  currency: Currency,
  call: (gps: DeviceGps | undefined) => Promise<T>,
): Promise<T> {
  const deviceGps = currency === 'usd' ? await locateDevice() : undefined;
  return call(deviceGps);
}

/** The server refused for want of the location (a USD lobby joined by its code). */
export const needsLocation = (error: unknown): boolean =>
  error instanceof ApiError && error.fields.reason === 'location';

/**
 * Joins by code: the lobby's currency is unknown until the server finds it, so the location is
 * asked for only when the server says the stake needs it (USD), then the join is sent again.
 */
export async function joinWithCode<T>(call: (gps: DeviceGps | undefined) => Promise<T>): Promise<T> {
  try {
    return await call(undefined);
  } catch (error) {
    if (!needsLocation(error)) throw error;
    return call(await locateDevice());
  }
}

/** The text of any failure: the server's or the browser's (location) message, else the generic one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError || error instanceof LocationError) return error.message;
  return TEXTS.internal;
}

/** SPEC 8 lobby join texts shown as they are; any other join failure gets the fallback text. */
const JOIN_TEXTS: ReadonlySet<string> = new Set([
  PUZZLE_TEXTS.noWallet,
  PUZZLE_TEXTS.insufficientFunds,
  PUZZLE_TEXTS.eloTooFar,
  PUZZLE_TEXTS.lobbyFull,
  PUZZLE_TEXTS.lobbyUnavailable,
  PUZZLE_TEXTS.alreadyInLobby,
  PUZZLE_TEXTS.stakeNotAllowed,
  MATCH_TEXTS.locationRequiredToPlay,
]);

export function joinFailureText(error: unknown, fallback: string): string {
  if (error instanceof LocationError) return error.message;
  if (error instanceof ApiError && JOIN_TEXTS.has(error.message)) return error.message;
  return fallback;
}
