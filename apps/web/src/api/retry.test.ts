import { afterEach, describe, expect, test, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../app/providers.tsx';
import { ApiError, request } from './http.ts';
import { MAX_QUERY_RETRIES, queryRetryDelay, shouldRetryQuery } from './retry.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const status = (s: number, retryAfter: number | null = null) =>
  new ApiError(s, s === 429 ? 'RATE_LIMITED' : s >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST', 'x', {}, retryAfter);

describe('read retry policy (issue 10)', () => {
  test.each([
    ['no answer (network)', new ApiError(0, 'UNAVAILABLE', 'x'), true],
    ['429', status(429, 5), true],
    ['429 without Retry-After', status(429), true],
    ['408', status(408), true],
    ['502', status(502), true],
    ['503', status(503), true],
    ['504', status(504), true],
    ['400', status(400), false],
    ['401', status(401), false],
    ['403', status(403), false],
    ['404', status(404), false],
    ['409', status(409), false],
    ['422', status(422), false],
    ['500 (a bug repeats)', status(500), false],
    ['a parse failure of a 200', new ApiError(200, 'INTERNAL', 'x'), false],
    ['a thrown TypeError (our code)', new TypeError('boom'), false],
    ['429 asking for more than a minute', status(429, 3600), false],
  ])('%s: retry=%s', (_name, error, expected) => {
    expect(shouldRetryQuery(0, error)).toBe(expected);
  });

  test(`gives up after ${MAX_QUERY_RETRIES} retries`, () => {
    const error = new ApiError(0, 'UNAVAILABLE', 'x');
    expect([0, 1, 2, 3, 4].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false, false]);
  });

  test("waits the server's Retry-After, else backs off exponentially up to 30 s", () => {
    vi.useFakeTimers({ now: 50_000 });
    const limited = status(429, 8);
    vi.setSystemTime(52_000);
    expect(queryRetryDelay(0, limited)).toBe(6_000);
    vi.setSystemTime(70_000);
    expect(queryRetryDelay(0, limited)).toBe(0);
    const network = new ApiError(0, 'UNAVAILABLE', 'x');
    expect([0, 1, 2, 5, 10].map((n) => queryRetryDelay(n, network))).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });

  test('the app query client retries a rate-limited read no sooner than Retry-After, then shows the data', async () => {
    vi.useFakeTimers({ now: 0 });
    const answers: Array<() => Response> = [
      () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'x' } }), {
          status: 429,
          headers: { 'retry-after': '3' },
        }),
      () => new Response(JSON.stringify({ online: 4 }), { status: 200 }),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()!()));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['presence'],
      queryFn: () =>
        request('GET', '/api/presence', {
          schema: { safeParse: (d: unknown) => ({ success: true as const, data: d }) },
        }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().failureReason).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toEqual({ online: 4 });
    unsubscribe();
    client.clear();
  });

  test('the app query client does not retry a 404 read', async () => {
    vi.useFakeTimers({ now: 0 });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['missing'],
      queryFn: () => request('GET', '/api/missing'),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    unsubscribe();
    client.clear();
  });
});
