import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODERATION_TEXTS } from '@rush/domain';
import { BAN_FAILURE_MS } from './sections/BansSection.tsx';
import { refused, sectionHeading, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const user = (uid: string, username: string) => ({
  uid,
  username,
  email: `${username}@example.com`,
  emailVerified: true,
  verifiedLevel: 'notVerified',
  banned: true,
  closed: false,
  hasWallet: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  balances: { usd: 0, wbx: 0 },
  limits: { bet: null, deposit: null },
  ban: null,
  chessUsername: null,
  openReports: 0,
});
const appState = (paused: boolean) => ({
  paused,
  announcement: { show: true, title: 'Maintenance', text: 'Back soon', returnTime: '2030-01-02T03:04:00.000Z' },
});

describe('pause and announcement (SPEC 2, 4)', () => {
  test('the toggle sends {paused: true}, and shows the new state', async () => {
    let paused = false;
    const { api } = startAdmin('/admin#app', {
      'GET /api/app/state': () => ({ body: appState(paused) }),
      'POST /api/admin/app/pause': (call) => {
        paused = (call.body as { paused: boolean }).paused;
        return { body: appState(paused) };
      },
    });
    expect(await screen.findByText('New games are running.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause new games' }));
    expect(await screen.findByRole('button', { name: 'Resume new games' })).toBeTruthy();
    expect(screen.getByText('New games are paused.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/app/pause').map((c) => c.body)).toEqual([{ paused: true }]);
  });

  test('the announcement form shows the current one and sends all four fields', async () => {
    const { api } = startAdmin('/admin#app', {
      'GET /api/app/state': () => ({ body: appState(false) }),
      'POST /api/admin/app/announcement': () => ({ body: appState(false) }),
    });
    const form = await screen.findByRole('form', { name: 'Announcement' });
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Maintenance');
    expect(within(form).getByLabelText<HTMLInputElement>('Show announcement').checked).toBe(true);
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: ' Update ' } });
    fireEvent.change(within(form).getByLabelText('Text'), { target: { value: 'New version' } });
    fireEvent.change(within(form).getByLabelText('Return time'), { target: { value: '' } });
    fireEvent.click(within(form).getByLabelText('Show announcement'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save announcement' }));
    expect(await screen.findByText('Announcement saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/app/announcement')[0]!.body).toEqual({
      show: false,
      title: 'Update',
      text: 'New version',
      returnTime: null,
    });
  });

  test('after a save the form shows what is saved and keeps its "saved" line (the form remounts on the new state)', async () => {
    let state = appState(false);
    startAdmin('/admin#app', {
      'GET /api/app/state': () => ({ body: state }),
      'POST /api/admin/app/announcement': (call) => {
        state = { ...state, announcement: call.body as typeof state.announcement };
        return { body: state };
      },
    });
    const form = await screen.findByRole('form', { name: 'Announcement' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Back at noon' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save announcement' }));
    expect(await screen.findByText('Announcement saved.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Back at noon'),
    );
    expect(screen.getByText('Announcement saved.')).toBeTruthy();
  });

  test('a return time travels as an ISO time', async () => {
    const { api } = startAdmin('/admin#app', {
      'POST /api/admin/app/announcement': () => ({ body: appState(false) }),
    });
    const form = await screen.findByRole('form', { name: 'Announcement' });
    fireEvent.change(within(form).getByLabelText('Return time'), { target: { value: '2030-05-06T07:08' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save announcement' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/app/announcement')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/admin/app/announcement')[0]!.body as { returnTime: string };
    expect(body.returnTime).toBe(new Date('2030-05-06T07:08').toISOString());
  });
});

describe('ban and unban (SPEC 2, 8)', () => {
  test('Ban sends {banned: true, reason} to the uid and clears the form', async () => {
    const { api } = startAdmin('/admin#bans', {
      'POST /api/admin/users/u2/ban': () => ({ body: user('u2', 'bob') }),
    });
    await sectionHeading('Ban and unban');
    fireEvent.change(screen.getByLabelText('User uid'), { target: { value: ' u2 ' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Engine use' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('bob is banned.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/u2/ban')[0]!.body).toEqual({ banned: true, reason: 'Engine use' });
    expect(screen.getByLabelText<HTMLInputElement>('User uid').value).toBe('');
  });

  test('a ban needs a reason; Unban does not', async () => {
    const { api } = startAdmin('/admin#bans', {
      'POST /api/admin/users/u2/ban': () => ({ body: { ...user('u2', 'bob'), banned: false } }),
    });
    await sectionHeading('Ban and unban');
    fireEvent.change(screen.getByLabelText('User uid'), { target: { value: 'u2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(MODERATION_TEXTS.banReasonRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/u2/ban')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('bob is unbanned.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/u2/ban')[0]!.body).toEqual({ banned: false, reason: '' });
  });

  test('a failure shows the message for 5 s and clears the uid field', async () => {
    startAdmin('/admin#bans', { 'POST /api/admin/users/nobody/ban': () => refused('Not found') });
    await sectionHeading('Ban and unban');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('User uid'), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('User uid').value).toBe('');
    act(() => void vi.advanceTimersByTime(BAN_FAILURE_MS - 1000));
    expect(screen.getByText('Not found')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.queryByText('Not found')).toBeNull();
  });

  test('banned players: username, reason, time; Unban alice sends {banned: false}', async () => {
    const { api } = startAdmin('/admin#bans', {
      'GET /api/admin/banned': () => ({
        body: { users: [{ uid: 'u5', username: 'alice', reason: 'Abuse', time: '2025-03-04T10:20:00.000Z' }] },
      }),
      'POST /api/admin/users/u5/ban': () => ({ body: { ...user('u5', 'alice'), banned: false } }),
    });
    const table = await screen.findByRole('table', { name: 'Banned players' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Username', 'Reason', 'Time', 'Action']);
    expect(within(table).getByText('Abuse')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Unban alice' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/users/u5/ban')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/users/u5/ban')[0]!.body).toEqual({ banned: false, reason: '' });
  });

  test('no banned players: the empty text', async () => {
    startAdmin('/admin#bans');
    expect(await screen.findByText('No banned players.')).toBeTruthy();
  });
});
