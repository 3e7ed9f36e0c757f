import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { KEEPALIVE_MAX_CHARS, request } from './http.ts';

let calls: { path: string; init: RequestInit }[] = [];

beforeEach(() => {
  calls = [];
  document.cookie = 'csrf=token';
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      calls.push({ path, init });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** A save clicked just before the page goes away (a reload, a link) is finished by the browser. */
describe('changes outlive the page', () => {
  test('a small JSON change is sent with keepalive', async () => {
    await request('PATCH', '/api/account/settings', { json: { hideBalance: true } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.keepalive).toBe(true);
  });

  test('so is a change without a body (resign, accept)', async () => {
    await request('POST', '/api/play/games/g1/resign');
    await request('DELETE', '/api/friends/u2');
    expect(calls.map((c) => [c.init.body, c.init.keepalive])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  test('a read, an upload and a long body are not (browsers cap keepalive bodies)', async () => {
    await request('GET', '/api/leaderboard');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await request('POST', '/api/account/avatar', { form });
    await request('POST', '/api/reports', { json: { text: 'x'.repeat(KEEPALIVE_MAX_CHARS) } });
    expect(calls.map((c) => c.init.keepalive)).toEqual([undefined, undefined, undefined]);
  });
});
