import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AppConfigResponse, Me } from '@rush/protocol';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { appRoutes } from '../app/routes.tsx';
import { FALLBACK_CONFIG } from '../api/session.ts';
import { fakeRealtime } from './fakes.ts';

// jsdom has no layout: scrolling (ScrollRestoration) is a no-op here.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

interface ApiOptions {
  me?: Me | null;
  config?: Partial<AppConfigResponse>;
  /** "METHOD /path" -> reply; these win over the defaults. */
  routes?: Record<string, Handler>;
}

/**
 * Replaces fetch with an in-memory API: the session, the app config and the presence count by
 * default, plus the test's own routes. Unknown routes answer 404 in the protocol's error shape.
 */
export function mockApi({ me = null, config = {}, routes = {} }: ApiOptions = {}) {
  const calls: RecordedCall[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/session': () => ({ body: { user: me } }),
    'GET /api/app/config': () => ({ body: { ...FALLBACK_CONFIG, ...config } }),
    'GET /api/presence': () => ({ body: { online: 7 } }),
  };
  document.cookie = 'csrf=test-csrf-token-0123456789abcdef0123';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body, headers };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    const status = reply?.status ?? 200;
    return new Response(reply?.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json', ...reply?.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}

/** The whole app (routes, shell, providers) at `path`, with a fake realtime socket. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const realtime = fakeRealtime();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  const view = render(
    <AppProviders queryClient={queryClient} realtime={realtime.client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, realtime, location: () => router.state.location };
}

export function dismissOnboardingForTests(): void {
  localStorage.setItem('rush.onboarding.dismissed', '1');
}
