/** Where the user's matchmaking lives (SPEC 2: active matchmaking forces it). */
export const MATCH_PATH = '/match';

/**
 * SPEC 2 redirects for a game in progress, from any page: active matchmaking (searching,
 * matched, starting, playing) forces /match; otherwise an active puzzle game (a solo run, a
 * battle) forces its mode's route. Matchmaking wins when both are known, so the two never send
 * the user back and forth. Null keeps the user where they are; a route with the same path (the
 * battle list and a lobby in it) is left to its page.
 */
export function activeGameTarget(
  pathname: string,
  matchmakingActive: boolean,
  puzzleRoute: string | null,
): string | null {
  if (matchmakingActive) return pathname === MATCH_PATH ? null : MATCH_PATH;
  if (!puzzleRoute) return null;
  return new URL(puzzleRoute, 'http://route.invalid').pathname === pathname ? null : puzzleRoute;
}
