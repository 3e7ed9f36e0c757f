import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { NETWORK_ERROR_TEXT } from '../api/http.ts';
import { mockApi, renderApp } from '../test/render.tsx';

/**
 * Issue 10: an API error never leaves a blank page. The shared mock API answers everything but
 * the path under test, which answers 429 (with Retry-After) or fails to connect while `bad`.
 */
function withFailingPath(path: string, failure: 'rate-limited' | 'network', retryAfter = '1') {
  const api = mockApi({ me: null });
  const state = { bad: true, calls: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(href, 'http://localhost').pathname === path) {
      state.calls += 1;
      if (state.bad && failure === 'network') throw new TypeError('Failed to fetch');
      if (state.bad) {
        return new Response(
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: TEXTS.rateLimitedRetryIn(Number(retryAfter)) } }),
          {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
          },
        );
      }
    }
    return api.fetchMock(input, init);
  });
  return state;
}

// Real timers (the countdown and Retry-After are real seconds); generous bounds for loaded machines.
describe('API error notice', { timeout: 20_000 }, () => {
  test('a rate-limited session read shows the wait instead of a blank page, then the app loads by itself', async () => {
    const state = withFailingPath('/api/session', 'rate-limited');
    const app = renderApp('/');
    expect(await screen.findByText('Too many requests, try again in 1 s', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(app.container.textContent).not.toBe('');
    state.bad = false;
    // No click: when the wait is over the session is read again.
    expect(await screen.findByRole('link', { name: 'Play 1 vs 1' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/Too many requests/)).toBeNull();
  });

  test('a rate-limited read of a page that does not retry is fetched again after Retry-After', async () => {
    const state = withFailingPath('/api/presence', 'rate-limited', '2');
    renderApp('/');
    const notice = await screen.findByRole('alert', undefined, { timeout: 5_000 });
    expect(notice.textContent).toMatch(/^Too many requests, try again in [12] s$/);
    // The page itself is there around the notice.
    expect(screen.getByRole('link', { name: 'Play 1 vs 1' })).toBeTruthy();
    // The presence read does not retry by itself (retry: false): only the notice fetches it again.
    expect(state.calls).toBe(1);
    state.bad = false;
    await waitFor(() => expect(screen.queryByText(/Too many requests/)).toBeNull(), { timeout: 8_000 });
    expect(state.calls).toBeGreaterThanOrEqual(2);
  });

  test('a network failure shows its text with a Retry control that fetches again', async () => {
    const state = withFailingPath('/api/presence', 'network');
    renderApp('/');
    expect(await screen.findByText(NETWORK_ERROR_TEXT, undefined, { timeout: 5_000 })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Retry' });
    state.bad = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByText(NETWORK_ERROR_TEXT)).toBeNull(), { timeout: 5_000 });
    expect(state.calls).toBe(2);
  });

  test('a session read that cannot reach the server offers Retry, and Retry loads the app', async () => {
    const state = withFailingPath('/api/session', 'network');
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5_000 });
    expect(screen.getByText(NETWORK_ERROR_TEXT)).toBeTruthy();
    state.bad = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Play 1 vs 1' }, { timeout: 5_000 })).toBeTruthy();
  });
});
