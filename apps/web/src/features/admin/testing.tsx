import { expect } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { PROTOCOL_VERSION, type AdminSection, type CatalogResponse } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { mockApi, renderApp, type Handler } from '../../test/render.tsx';

/** Test data and an API double for the admin console's tests (issue 12). */

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 5000 });

export const ADMIN = makeMe({ uid: 'admin1', username: 'root', role: 'admin' });

export const CATALOG: CatalogResponse = {
  modes: [
    { id: 'wmgt_000002', name: 'Blitz 5+0', status: 'active', order: 2, value: '5+0' },
    { id: 'wmgt_000001', name: 'Blitz 3+0', status: 'active', order: 1, value: '3+0' },
  ],
  wagers: [
    {
      currency: 'usd',
      key: 'usd_5',
      name: 'USD $5',
      value: 5,
      status: 'active',
      provisionalStatus: true,
      minRequirement: 3,
    },
    {
      currency: 'usd',
      key: 'usd_1',
      name: 'USD $1',
      value: 1,
      status: 'active',
      provisionalStatus: true,
      minRequirement: 0,
    },
    {
      currency: 'wbx',
      key: 'wbx_50',
      name: '50 RushCoins',
      value: 50,
      status: 'inactive',
      provisionalStatus: false,
      minRequirement: 0,
    },
  ],
};

export const forbidden = () => ({
  status: 403,
  body: { error: { code: 'FORBIDDEN', message: 'You are not allowed to do that' } },
});
export const refused = (message: string) => ({ status: 400, body: { error: { code: 'BAD_REQUEST', message } } });

/** Every console read answers something empty by default; the test's routes win. */
const EMPTY: Record<string, Handler> = {
  'GET /api/app/state': () => ({
    body: { paused: false, announcement: { show: false, title: '', text: '', returnTime: null } },
  }),
  'GET /api/play/catalog': () => ({ body: CATALOG }),
  'GET /api/admin/banned': () => ({ body: { users: [] } }),
  'GET /api/admin/games': () => ({ body: { games: [] } }),
  'GET /api/admin/matchmaking': () => ({ body: { users: [] } }),
  'GET /api/admin/lobbies': () => ({ body: { lobbies: [] } }),
  'GET /api/admin/users': () => ({ body: { users: [] } }),
  'GET /api/admin/balances': () => ({ body: { users: [] } }),
  'GET /api/admin/bug-reports': () => ({ body: { reports: [] } }),
  'GET /api/admin/reports': () => ({ body: { reports: [] } }),
  'GET /api/admin/flags': () => ({ body: { users: [] } }),
  'GET /api/admin/fairplay/held': () => ({ body: { games: [] } }),
  'GET /api/admin/withdrawals/canada': () => ({ body: { withdrawals: [] } }),
  'GET /api/admin/transactions': () => ({ body: { total: 0, page: 1, pageSize: 20, transactions: [] } }),
  'GET /api/admin/audit': () => ({ body: { total: 0, page: 1, pageSize: 50, entries: [] } }),
  'GET /api/admin/responsible-gaming': () => ({ body: { total: 0, page: 1, pageSize: 50, findings: [] } }),
  'GET /api/matchmaking/current': () => ({ body: { matchmaking: null } }),
  'GET /api/challenges': () => ({ body: { incoming: [], outgoing: [] } }),
  'GET /api/play/current': () => ({ body: { game: null } }),
  'GET /api/play/invitations': () => ({ body: { incoming: [], outgoing: [] } }),
};

/**
 * The whole app at `path` (an admin signed in) over mockApi plus the console's reads. `urls`
 * keeps every request's path with its query string; `push` sends `admin.changed` on the topic.
 */
export function startAdmin(path = '/admin', routes: Record<string, Handler> = {}) {
  const api = mockApi({ me: ADMIN, routes: { ...EMPTY, ...routes } });
  const urls: string[] = [];
  const base = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    urls.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
    return base(input, init);
  });
  const app = renderApp(path);
  let version = 0;
  const connect = async () => {
    await waitFor(() => expect(app.realtime.sockets.length).toBeGreaterThan(0));
    const socket = app.realtime.sockets.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    await waitFor(() => expect(socket.sent).toContainEqual({ t: 'sub', topic: 'admin' }));
    version = 1;
    act(() => socket.receive({ t: 'subscribed', topic: 'admin', v: version }));
    return socket;
  };
  const push = (section: AdminSection) => {
    const socket = app.realtime.sockets.at(-1)!;
    version += 1;
    act(() => socket.receive({ t: 'ev', topic: 'admin', v: version, type: 'admin.changed', data: { section } }));
  };
  /** Requests (method, path and query) that start with `prefix`, e.g. 'GET /api/admin/banned'. */
  const requested = (prefix: string) => urls.filter((u) => u.startsWith(prefix));
  return { api, app, urls, requested, connect, push };
}

/** The section's heading once its lazy chunk and data have arrived. */
export const sectionHeading = (name: string) => screen.findByRole('heading', { name, level: 2 });
