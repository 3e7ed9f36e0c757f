import { describe, expect, it } from 'vitest';
import { rateClassOf, type RateClass } from '../../src/platform/http/rate-limit-classes.ts';

/** The route class table (issue 10): method + the matched route's pattern -> class, or unlimited. */
const CASES: Array<[method: string, pattern: string | undefined, expected: RateClass | null]> = [
  // Not the API: the web app's files, the HTML shell, health, realtime, the payment provider.
  ['GET', '/*', null],
  ['GET', '/assets/index-abc123.js', null],
  ['GET', '/healthz', null],
  ['GET', '/ws', null],
  ['GET', '/sandbox-pay/checkout/:id', null],
  ['POST', '/webhooks/payments/sandbox', null],
  // No matched route (the not-found handler answers).
  ['GET', undefined, null],
  ['POST', undefined, null],
  // Reads, whatever the path.
  ['GET', '/api/session', 'read'],
  ['GET', '/api/wallet', 'read'],
  ['GET', '/api/admin/transactions', 'read'],
  ['GET', '/api/auth/google/somewhere-new', 'read'],
  ['HEAD', '/api/leaderboard', 'read'],
  ['get', '/api/landing', 'read'],
  // GETs that write: provider sign-ins (a state, a code exchange) and the verification link.
  ['GET', '/api/auth/google', 'write'],
  ['GET', '/api/auth/google/callback', 'write'],
  ['GET', '/api/auth/facebook', 'write'],
  ['GET', '/api/auth/facebook/callback', 'write'],
  ['GET', '/api/auth/verify-email', 'write'],
  ['HEAD', '/api/auth/facebook/callback', 'write'],
  // Auth writes.
  ['POST', '/api/auth/login', 'strict'],
  ['POST', '/api/auth/register', 'strict'],
  ['POST', '/api/auth/forgot-password', 'strict'],
  ['POST', '/api/auth/reset-password', 'strict'],
  ['POST', '/api/auth/resend-verification', 'strict'],
  ['POST', '/api/auth/some-new-auth-route', 'strict'],
  ['PATCH', '/api/account/password', 'strict'],
  // Money writes: wallet, admin money, stakes.
  ['POST', '/api/wallet/deposits', 'strict'],
  ['POST', '/api/wallet/withdrawals', 'strict'],
  ['POST', '/api/wallet/top-up', 'strict'],
  ['POST', '/api/admin/users/:uid/deposit', 'strict'],
  ['POST', '/api/admin/users/:userId/withdraw', 'strict'],
  ['PUT', '/api/admin/users/:uid/limits', 'strict'],
  ['POST', '/api/account/close', 'strict'],
  ['POST', '/api/matchmaking/seek', 'strict'],
  ['POST', '/api/matchmaking/accept', 'strict'],
  ['POST', '/api/matchmaking/join', 'strict'],
  ['POST', '/api/matchmaking/rematch', 'strict'],
  ['POST', '/api/challenges', 'strict'],
  ['POST', '/api/challenges/:id/accept', 'strict'],
  ['POST', '/api/puzzles/lobbies', 'strict'],
  ['POST', '/api/puzzles/lobbies/:lobbyId/join', 'strict'],
  ['POST', '/api/puzzles/lobbies/join-by-code', 'strict'],
  // Every other change: the default for a new route.
  ['POST', '/api/matchmaking/cancel', 'write'],
  ['POST', '/api/challenges/:id/decline', 'write'],
  ['POST', '/api/puzzles/lobbies/:id/leave', 'write'],
  ['POST', '/api/puzzles/attempts/:id/move', 'write'],
  ['PATCH', '/api/account/color', 'write'],
  ['POST', '/api/friends/invite', 'write'],
  ['DELETE', '/api/some/new/route', 'write'],
];

describe('rateClassOf', () => {
  it.each(CASES)('%s %s -> %s', (method, pattern, expected) => {
    expect(rateClassOf(method, pattern)).toBe(expected);
  });

  it('never lets a path parameter move a route between classes', () => {
    expect(rateClassOf('POST', '/api/challenges/:x/accept')).toBe(rateClassOf('POST', '/api/challenges/:id/accept'));
    expect(rateClassOf('POST', '/api/challenges/:id/acceptx')).toBe('write');
  });
});
