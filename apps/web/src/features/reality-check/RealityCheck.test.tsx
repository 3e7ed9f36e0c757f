import { afterEach, describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RealityCheckState } from '@rush/protocol';
import { makeRecord } from '../matchmaking/testing.tsx';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp, type Handler } from '../../test/render.tsx';
import { CHANNEL } from './useRealityCheck.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const DUE_AT = '2026-11-29T09:00:00.000Z';
const state = (over: Partial<RealityCheckState> = {}): RealityCheckState => ({
  intervalMinutes: 60,
  sessionStartedAt: '2026-11-29T08:00:00.000Z',
  timePlayedMs: 65 * 60_000,
  net: [
    { currency: 'usd', net: -1250 },
    { currency: 'wbx', net: 30000 },
  ],
  due: true,
  dueAt: DUE_AT,
  serverNow: '2026-11-29T09:05:00.000Z',
  ...over,
});
const answered = state({ due: false, dueAt: '2026-11-29T10:05:00.000Z', timePlayedMs: 65 * 60_000 });

function start(routes: Record<string, Handler> = {}, path = '/about') {
  dismissOnboardingForTests();
  let current = state();
  const api = mockApi({
    me: makeMe(),
    routes: {
      'GET /api/reality-check': () => ({ body: current }),
      'POST /api/reality-check/acknowledge': () => {
        current = answered;
        return { body: answered };
      },
      ...routes,
    },
  });
  return { api, app: renderApp(path), set: (s: RealityCheckState) => (current = s) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the reality check (issue 37)', () => {
  test('shows time played and the net result per currency; Continue answers that check and closes it', async () => {
    const { api } = start();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByTestId('reality-check-time').textContent).toBe('1 hour 5 minutes');
    expect(within(dialog).getByTestId('reality-check-net-usd').textContent).toContain('Down $12.50');
    expect(within(dialog).getByTestId('reality-check-net-wbx').textContent).toContain('Up 300.00 RC');
    // Focus starts on Continue, inside the dialog.
    const proceed = within(dialog).getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(document.activeElement).toBe(proceed));
    expect(within(dialog).getByRole('button', { name: 'Set a limit' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Take a break' })).toBeTruthy();
    fireEvent.click(proceed);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull());
    await waitFor(() => expect(api.callsTo('POST', '/api/reality-check/acknowledge')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/reality-check/acknowledge')[0]?.body).toEqual({ dueAt: DUE_AT });
  });

  test('nothing shows before the check is due', async () => {
    const { api } = start({ 'GET /api/reality-check': () => ({ body: state({ due: false }) }) });
    await waitFor(() => expect(api.callsTo('GET', '/api/reality-check').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
  });

  test('asks again the moment the check falls due (by the server clock), not a poll later', async () => {
    let asked = 0;
    start({
      'GET /api/reality-check': () => {
        asked += 1;
        // First answer: due right at the server's now (the tab's clock plays no part).
        return { body: asked === 1 ? state({ due: false, serverNow: DUE_AT }) : state() };
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Reality check' })).toBeTruthy();
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  test('Set a limit answers the check and opens Account Settings on the Gaming pane', async () => {
    const { api, app } = start();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set a limit' }));
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    const gaming = await within(settings).findByRole('tab', { name: 'Gaming' });
    expect(gaming.getAttribute('aria-selected')).toBe('true');
    expect(app.location().search).toBe('?settings=gaming');
    expect(await within(settings).findByRole('region', { name: 'Reality check' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/reality-check/acknowledge')).toHaveLength(1));
  });

  test('Take a break answers the check and opens the Gaming pane too', async () => {
    const { api, app } = start();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a break' }));
    await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(app.location().search).toBe('?settings=gaming');
    await waitFor(() => expect(api.callsTo('POST', '/api/reality-check/acknowledge')).toHaveLength(1));
  });

  test('waits while the player searches for a game; shows once the search has ended', async () => {
    let searching = true;
    const { api, app } = start({
      'GET /api/matchmaking/current': () => ({
        body: { matchmaking: searching ? makeRecord({ state: 'searching' }) : null },
      }),
    });
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    // The check is due and known to this tab, yet held back while searching.
    await waitFor(() => expect(api.callsTo('GET', '/api/reality-check').length).toBeGreaterThan(0));
    await waitFor(() => expect(app.queryClient.getQueryData(['reality-check'])).toBeTruthy());
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
    searching = false;
    await app.queryClient.invalidateQueries({ queryKey: ['matchmaking'] });
    expect(await screen.findByRole('dialog', { name: 'Reality check' })).toBeTruthy();
  });

  test('another tab answered the same check: this one closes its dialog without answering again', async () => {
    const { api, set } = start();
    await screen.findByRole('dialog', { name: 'Reality check' });
    set(answered);
    const other = new BroadcastChannel(CHANNEL);
    other.postMessage({ dueAt: DUE_AT, state: answered });
    other.close();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull());
    expect(api.callsTo('POST', '/api/reality-check/acknowledge')).toHaveLength(0);
  });

  test('the interval chooser in the Gaming pane saves Off, 15, 30 or 60 minutes', async () => {
    const { api } = start(
      {
        'GET /api/reality-check': () => ({ body: state({ due: false }) }),
        'PATCH /api/account/settings': (call) => ({
          body: { ...makeMe(), settings: { ...makeMe().settings, ...(call.body as object) } },
        }),
      },
      '/?settings=gaming',
    );
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    const chooser = await within(settings).findByRole<HTMLSelectElement>('combobox', {
      name: 'Reality check interval',
    });
    expect(chooser.value).toBe('60');
    expect([...chooser.options].map((o) => o.textContent)).toEqual([
      'Off',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 60 minutes',
    ]);
    fireEvent.change(chooser, { target: { value: '15' } });
    await waitFor(() => expect(api.callsTo('PATCH', '/api/account/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/account/settings')[0]?.body).toEqual({ realityCheckMinutes: 15 });
    await waitFor(() => expect(chooser.value).toBe('15'));
  });
});
