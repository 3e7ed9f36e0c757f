import { vi } from 'vitest';
import type { AppConfigResponse, Me, WalletSummary, WalletTransaction } from '@rush/protocol';
import { mockApi, type Handler } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';

/** Test data and an API double for the wallet's component tests. */

export function makeSummary(overrides: Partial<WalletSummary> = {}): WalletSummary {
  return {
    balances: { usd: 5000, wbx: 120000 },
    withdrawable: 2500,
    depositRoom: 300000,
    limits: { bet: null, deposit: null },
    withdrawDisabledReason: null,
    lastDepositAt: null,
    debt: 0,
    deposits: [],
    ...overrides,
  };
}

export function makeTransaction(n: number, overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: `tx${n}`,
    type: 'deposit',
    amount: 2000,
    currency: 'usd',
    status: 'completed',
    completed: true,
    notes: { result: null },
    source: null,
    destination: 'alice',
    date: '2025-03-04T10:20:00.000Z',
    ...overrides,
  };
}

interface WalletApiOptions {
  me?: Me | null;
  summary?: WalletSummary;
  /** Every transaction of the user, newest first; served 20 a page. */
  transactions?: WalletTransaction[];
  routes?: Record<string, Handler>;
  /** App config overrides, e.g. `{ payments: 'off' }` (the default config says 'sandbox'). */
  config?: Partial<AppConfigResponse>;
}

/**
 * mockApi plus the wallet routes. The transactions route answers the page asked for in the query
 * string (mockApi's handlers only see the path, so the last query string is kept here).
 */
export function mockWalletApi({
  me = makeMe(),
  summary = makeSummary(),
  transactions = [],
  routes = {},
  config = {},
}: WalletApiOptions = {}) {
  let search = '';
  const api = mockApi({
    me,
    config,
    routes: {
      'GET /api/wallet': () => ({ body: summary }),
      // Most wallet tests are about a verified provider wallet; the onboarding tests override this.
      'GET /api/wallet/onboarding': () => ({ body: { step: 'verified', phoneLast4: '0000' } }),
      'GET /api/wallet/identity': () => ({ body: { step: 'verified', flag: null, message: null } }),
      'GET /api/wallet/transactions': () => {
        const page = Number(new URLSearchParams(search).get('page') ?? '1');
        return {
          body: {
            total: transactions.length,
            page,
            pageSize: 20,
            transactions: transactions.slice((page - 1) * 20, page * 20),
          },
        };
      },
      ...routes,
    },
  });
  const inner = api.fetchMock;
  const searches: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    search = new URL(href, 'http://localhost').search;
    searches.push(search);
    return inner(input, init);
  });
  return { ...api, searches };
}

/** What the stand-in below reports, as the web sends it (DeviceGps). */
export const STUB_GPS = {
  latitude: 40.71,
  longitude: -74,
  radius: 25,
  altitude: null,
  speed: null,
  dateTime: '2025-03-04T10:20:00.000Z',
};

/** A stand-in for navigator.geolocation: succeeds at New York (STUB_GPS), or fails with `error`. */
export function stubGeolocation(error?: string) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (error) {
      fail?.({ code: 1, message: error, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      return;
    }
    ok({
      coords: {
        latitude: STUB_GPS.latitude,
        longitude: STUB_GPS.longitude,
        accuracy: STUB_GPS.radius,
        altitude: null,
        altitudeAccuracy: null,
        heading: null,
        speed: null,
        toJSON: () => ({}),
      },
      timestamp: Date.parse(STUB_GPS.dateTime),
      toJSON: () => ({}),
    });
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
  return getCurrentPosition;
}

export function removeGeolocation(): void {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
}
