import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODES_INVALID } from './sections/ModesSection.tsx';
import { MIN_REQUIREMENT_TEXT } from './sections/WagersSection.tsx';
import { CATALOG, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const game = {
  gameId: 'g1',
  gameType: 'wmgt_000001',
  white: { uid: 'u2', username: 'bob', rating: 1500 },
  black: { uid: 'u3', username: 'carol', rating: 1610 },
  currency: 'usd',
  amount: 500,
  startedAt: '2025-03-04T10:20:00.000Z',
};
const searcher = {
  uid: 'u4',
  username: 'dave',
  state: 'searching',
  gameType: 'wmgt_000002',
  currency: 'wbx',
  amount: 10000,
  since: '2025-03-04T10:20:00.000Z',
};
const lobby = {
  id: 'l1',
  owner: 'erin',
  privacy: 'public',
  currency: 'wbx',
  amount: 5000,
  members: [
    { uid: 'u6', username: 'erin' },
    { uid: 'u7', username: 'frank' },
  ],
  createdAt: '2025-03-04T10:20:00.000Z',
};

describe('ongoing games, matchmaking users and lobbies (SPEC 2)', () => {
  test('games with a Watch link to /tv/{id}; Kick sends POST {} to the user', async () => {
    const { api } = startAdmin('/admin#live', {
      'GET /api/admin/games': () => ({ body: { games: [game] } }),
      'GET /api/admin/matchmaking': () => ({ body: { users: [searcher] } }),
      'GET /api/admin/lobbies': () => ({ body: { lobbies: [lobby] } }),
      'POST /api/admin/users/u4/kick': () => ({ body: { kicked: 'matchmaking' } }),
      'POST /api/admin/users/u7/kick': () => ({ body: { kicked: 'lobby' } }),
    });
    const watch = await screen.findByRole('link', { name: 'Watch bob vs carol' });
    expect(watch.getAttribute('href')).toBe('/tv/g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Kick dave' }));
    expect(await screen.findByText('dave was kicked from the matchmaking.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/u4/kick')[0]!.body).toEqual({});
    const lobbies = screen.getByRole('table', { name: 'Battle lobbies' });
    fireEvent.click(within(lobbies).getByRole('button', { name: 'Kick frank' }));
    expect(await screen.findByText('frank was kicked from the lobby.')).toBeTruthy();
  });

  test('empty lists say so', async () => {
    startAdmin('/admin#live');
    expect(await screen.findByText('No matches at the moment')).toBeTruthy();
    expect(await screen.findByText('Nobody is searching.')).toBeTruthy();
    expect(await screen.findByText('No lobbies at the moment')).toBeTruthy();
  });
});

describe('game modes (SPEC 2, 7 updateGameModes)', () => {
  test('edited in the table, sorted by order, saved as a whole with one Save', async () => {
    const { api } = startAdmin('/admin#modes', { 'PUT /api/admin/game-modes': () => ({ body: CATALOG }) });
    const table = await screen.findByRole('table', { name: 'Game modes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('cell', { name: /wmgt/ }).textContent)).toEqual([
      'wmgt_000001',
      'wmgt_000002',
    ]);
    fireEvent.change(screen.getByLabelText('Status of wmgt_000002'), { target: { value: 'inactive' } });
    fireEvent.change(screen.getByLabelText('Order of wmgt_000002'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Name of wmgt_000001'), { target: { value: ' Bullet ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save modes' }));
    expect(await screen.findByText('Game modes saved.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/game-modes')[0]!.body).toEqual({
      modes: [
        { id: 'wmgt_000001', name: 'Bullet', status: 'active', order: 1, value: '3+0' },
        { id: 'wmgt_000002', name: 'Blitz 5+0', status: 'inactive', order: 0, value: '5+0' },
      ],
    });
  });

  test('an empty name or an order out of range is refused before sending', async () => {
    const { api } = startAdmin('/admin#modes');
    await screen.findByRole('table', { name: 'Game modes' });
    fireEvent.change(screen.getByLabelText('Order of wmgt_000001'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save modes' }));
    expect(await screen.findByText(MODES_INVALID)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/game-modes')).toHaveLength(0);
  });
});

describe('game wagers (SPEC 2, 5)', () => {
  test('per currency, ascending; min requirement out of 0-99999 shows the message and blocks Save', async () => {
    startAdmin('/admin#wagers');
    const usd = await screen.findByRole('table', { name: 'USD wagers' });
    expect(
      within(usd)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['USD $1', 'USD $5']);
    expect(screen.getByRole('table', { name: 'RushCoins wagers' })).toBeTruthy();
    const min = screen.getByLabelText('Min requirement of USD $5');
    for (const bad of ['100000', '-1', '2.5', '']) {
      fireEvent.change(min, { target: { value: bad } });
      expect(screen.getByText(MIN_REQUIREMENT_TEXT)).toBeTruthy();
      expect(min.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save USD $5' }).disabled).toBe(true);
    }
    fireEvent.change(min, { target: { value: '99999' } });
    expect(screen.queryByText(MIN_REQUIREMENT_TEXT)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save USD $5' }).disabled).toBe(false);
  });

  test('Save sends only what changed: settings, min requirement, value', async () => {
    const { api } = startAdmin('/admin#wagers', {
      'PUT /api/admin/game-wagers/usd/usd_5/settings': () => ({ body: CATALOG }),
      'PUT /api/admin/game-wagers/usd/usd_5/min-requirement': () => ({ body: CATALOG }),
      'PUT /api/admin/game-wagers/usd/usd_5': () => ({ body: CATALOG }),
    });
    await screen.findByRole('table', { name: 'USD wagers' });
    fireEvent.change(screen.getByLabelText('Min requirement of USD $5'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save USD $5' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5/min-requirement')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5/min-requirement')[0]!.body).toEqual({
      minRequirement: 12,
    });
    expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5/settings')).toHaveLength(0);
    expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5')).toHaveLength(0);

    fireEvent.click(await screen.findByLabelText('Provisional of USD $5'));
    fireEvent.change(screen.getByLabelText('Status of USD $5'), { target: { value: 'inactive' } });
    fireEvent.change(screen.getByLabelText('Value of USD $5'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save USD $5' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5/settings')[0]!.body).toEqual({
      status: 'inactive',
      provisionalStatus: false,
    });
    expect(api.callsTo('PUT', '/api/admin/game-wagers/usd/usd_5')[0]!.body).toEqual({ value: 6 });
  });

  test('a save says so on its row, after the row shows the saved figure', async () => {
    let saved = CATALOG;
    startAdmin('/admin#wagers', {
      'GET /api/play/catalog': () => ({ body: saved }),
      'PUT /api/admin/game-wagers/usd/usd_5/min-requirement': () => {
        saved = {
          ...CATALOG,
          wagers: CATALOG.wagers.map((w) => (w.key === 'usd_5' ? { ...w, minRequirement: 12 } : w)),
        };
        return { body: saved };
      },
    });
    await screen.findByRole('table', { name: 'USD wagers' });
    fireEvent.change(screen.getByLabelText('Min requirement of USD $5'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save USD $5' }));
    expect((await screen.findByRole('status')).textContent).toBe('USD $5 saved.');
    // The refetched catalogue remounts the row with its saved figure; the message stays.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Min requirement of USD $5').value).toBe('12'));
    expect(screen.getByRole('status').textContent).toBe('USD $5 saved.');
    // Another row's save takes the message over.
    fireEvent.click(screen.getByRole('button', { name: 'Save USD $1' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('USD $1 saved.'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  test('a refusal from the server is shown on the row', async () => {
    startAdmin('/admin#wagers', {
      'PUT /api/admin/game-wagers/usd/usd_1': () => ({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'Another wager of this currency already has this value.' } },
      }),
    });
    await screen.findByRole('table', { name: 'USD wagers' });
    fireEvent.change(screen.getByLabelText('Value of USD $1'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save USD $1' }));
    expect(await screen.findByText('Another wager of this currency already has this value.')).toBeTruthy();
  });
});
