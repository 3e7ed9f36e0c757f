import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODERATION_TEXTS, TEXTS } from '@rush/domain';
import { NO_CHESS_ACCOUNT_MS } from './sections/UserDetail.tsx';
import { startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const row = {
  uid: 'u2',
  username: 'bob',
  email: 'bob@example.com',
  emailVerified: true,
  verifiedLevel: 'notVerified',
  banned: false,
  closed: false,
  hasWallet: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const detail = {
  ...row,
  balances: { usd: 2500, wbx: 10000 },
  limits: { bet: null, deposit: { max: 5000, until: '2030-01-01T00:00:00.000Z' } },
  ban: null,
  chessUsername: 'bobby',
  openReports: 1,
};
const games = (page: number, total: number) => ({
  total,
  page,
  pageSize: 20,
  games: [
    {
      gameId: `g${page}`,
      gameType: 'wmgt_000001',
      opponent: page === 1 ? 'carol' : 'dave',
      color: 'white',
      outcome: 'win',
      status: 'mate',
      currency: 'usd',
      amount: 500,
      startedAt: '2025-03-04T10:20:00.000Z',
      endedAt: null,
    },
  ],
});

function startUsers(routes: Parameters<typeof startAdmin>[1] = {}) {
  return startAdmin('/admin#users', {
    'GET /api/admin/users': () => ({ body: { users: [row] } }),
    'GET /api/admin/users/u2': () => ({ body: detail }),
    'GET /api/admin/users/u2/games': () => ({ body: games(1, 45) }),
    ...routes,
  });
}

async function openBob() {
  fireEvent.change(await screen.findByLabelText('Username, e-mail or uid'), { target: { value: ' bob ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Open bob' }));
  return screen.findByRole('heading', { name: 'bob', level: 3 });
}

describe('users: search and copy (SPEC 2)', () => {
  test('nothing is asked before a search; the search sends q; uids have a Copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { requested } = startUsers();
    await screen.findByLabelText('Username, e-mail or uid');
    expect(requested('GET /api/admin/users')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Username, e-mail or uid'), { target: { value: ' bob ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Users found' });
    expect(requested('GET /api/admin/users')).toEqual(['GET /api/admin/users?q=bob']);
    expect(within(table).getByText('u2')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Copy uid of bob' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('u2'));
    expect(await within(table).findByRole('button', { name: 'Copied uid of bob' })).toBeTruthy();
  });

  test('no match says so', async () => {
    startAdmin('/admin#users');
    fireEvent.change(await screen.findByLabelText('Username, e-mail or uid'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user matches.')).toBeTruthy();
  });
});

describe('users: one user (SPEC 6)', () => {
  test('verified level select sends PUT {level}', async () => {
    const { api } = startUsers({
      'PUT /api/admin/users/u2/verified-level': () => ({ body: { ...detail, verifiedLevel: 'bypassMinReq' } }),
    });
    await openBob();
    const select = screen.getByLabelText<HTMLSelectElement>('Verified level');
    expect([...select.options].map((o) => o.value)).toEqual([
      'notVerified',
      'bypassAll',
      'bypassProvisional',
      'bypassMinReq',
      'contentCreator',
    ]);
    fireEvent.change(select, { target: { value: 'bypassMinReq' } });
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u2/verified-level')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/users/u2/verified-level')[0]!.body).toEqual({ level: 'bypassMinReq' });
  });

  test('chess profile opens the url in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    startUsers({ 'GET /api/admin/users/u2/chess-profile': () => ({ body: { url: 'https://lichess.org/@/bobby' } }) });
    await openBob();
    fireEvent.click(screen.getByRole('button', { name: 'Chess profile' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://lichess.org/@/bobby', '_blank', 'noopener,noreferrer'),
    );
  });

  test("no chess account: 'No LiChess account' for 3 s", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    startUsers({ 'GET /api/admin/users/u2/chess-profile': () => ({ body: { url: null } }) });
    await openBob();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Chess profile' }));
    expect(await screen.findByText(MODERATION_TEXTS.noChessAccount)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(NO_CHESS_ACCOUNT_MS - 1000));
    expect(screen.getByText(MODERATION_TEXTS.noChessAccount)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.queryByText(MODERATION_TEXTS.noChessAccount)).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  test("Close account asks with SPEC's text, then POSTs {confirm: true}", async () => {
    const { api } = startUsers({ 'POST /api/admin/users/u2/close': () => ({ body: { ok: true } }) });
    await openBob();
    fireEvent.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close account' });
    expect(within(dialog).getByText(TEXTS.confirmCloseAccount)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/admin/users/u2/close')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/admin/users/u2/close')[0]!.body).toEqual({ confirm: true });
  });

  test("Limit bet asks with SPEC's text, then PUTs {kind, max, until}", async () => {
    const { api } = startUsers({ 'PUT /api/admin/users/u2/limits': () => ({ body: { uid: 'u2', limits: {} } }) });
    await openBob();
    expect(screen.getByRole('form', { name: 'Limit deposit' }).textContent).toContain('$50.00');
    const form = screen.getByRole('form', { name: 'Limit bet' });
    fireEvent.click(within(form).getByRole('button', { name: 'Limit bet' }));
    expect(await within(form).findByText('Please enter an amount of 0 or more.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Limit bet amount ($)'), { target: { value: '25.50' } });
    fireEvent.change(within(form).getByLabelText('Limit bet until'), { target: { value: '2030-05-06T07:08' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Limit bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit bet' });
    expect(within(dialog).getByText(TEXTS.confirmLimit)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limit bet' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u2/limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/users/u2/limits')[0]!.body).toEqual({
      kind: 'bet',
      max: 2550,
      until: new Date('2030-05-06T07:08').toISOString(),
    });
  });

  test("the user's games are paged and the transactions are filtered by the uid", async () => {
    const { requested } = startUsers({
      'GET /api/admin/users/u2/games': () => {
        const page = requested('GET /api/admin/users/u2/games').at(-1)?.endsWith('page=2') ? 2 : 1;
        return { body: games(page, 45) };
      },
    });
    await openBob();
    expect(await screen.findByText('carol')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of games of bob' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('dave')).toBeTruthy();
    expect(requested('GET /api/admin/users/u2/games')).toContain('GET /api/admin/users/u2/games?page=2');
    expect(await screen.findByRole('heading', { name: 'Transactions of bob' })).toBeTruthy();
    expect(requested('GET /api/admin/transactions')).toContain('GET /api/admin/transactions?page=1&uid=u2');
  });
});
