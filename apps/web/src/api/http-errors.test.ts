import { afterEach, describe, expect, test, vi } from 'vitest';
import { TEXTS } from '@rush/domain';
import { ApiError, errorText, NETWORK_ERROR_TEXT, parseRetryAfter, request } from './http.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
      ),
    ),
  );
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('HTTP client errors (issue 10)', () => {
  test('a 429 of the API limit reads its wait from Retry-After', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    reply(429, { error: { code: 'RATE_LIMITED', message: TEXTS.rateLimitedRetryIn(12) } }, { 'retry-after': '12' });
    const error = await failure(request('GET', '/api/leaderboard'));
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(12);
    expect(error.retryAt).toBe(1_000_000 + 12_000);
    expect(errorText(error)).toBe('Too many requests, try again in 12 s');
  });

  test('a 429 without our body (a proxy) gets the same text from its Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('<html>slow down</html>', { status: 429, headers: { 'retry-after': '7' } })),
      ),
    );
    const error = await failure(request('GET', '/api/session'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(errorText(error)).toBe('Too many requests, try again in 7 s');
  });

  test('a 429 without Retry-After says to slow down and names no wait', async () => {
    reply(429, { error: { code: 'RATE_LIMITED', message: 'whatever' } });
    const error = await failure(request('GET', '/api/session'));
    expect(error.retryAt).toBeNull();
    expect(errorText(error)).toBe(TEXTS.rateLimited);
  });

  test("another 429 code (a business throttle) keeps the server's text, with the wait", async () => {
    reply(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: TEXTS.tooManyAttempts } }, { 'retry-after': '600' });
    const error = await failure(request('POST', '/api/auth/login', { json: {} }));
    expect(error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(error.message).toBe(TEXTS.tooManyAttempts);
    expect(error.retryAfterSeconds).toBe(600);
  });

  test('a request that never reaches the server is a network error with its text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(request('GET', '/api/session'));
    expect(error.isNetwork).toBe(true);
    expect(errorText(error)).toBe(NETWORK_ERROR_TEXT);
  });

  test.each([
    ['30', 30],
    [' 5 ', 5],
    ['0', 0],
    [new Date(1_000_000 + 9_500).toUTCString(), 9],
    ['Thu, 01 Jan 1970 00:00:01 GMT', 0], // already past
    ['soon', null],
    ['', null],
    [null, null],
  ] as const)('Retry-After %j is %j s', (header, seconds) => {
    // HTTP dates have whole seconds: 1_009_500 ms is sent as 1_009 s, 9 s after 1_000_000 ms.
    expect(parseRetryAfter(header, 1_000_000)).toBe(seconds);
  });
});
