import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONFIRM_DELETE_BUG } from './sections/BugReportsSection.tsx';
import { FLAG_FIELDS_TEXT } from './sections/FlagsSection.tsx';
import { startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const bug = (id: string, status: 'active' | 'archived' | 'dearchived', images = 0) => ({
  id,
  uid: null,
  username: null,
  title: `Board freezes ${id}`,
  platform: 'Firefox',
  description: 'The board stops after the first move.',
  status,
  images,
  created: '2025-03-04T10:20:00.000Z',
});
const report = {
  id: 'r1',
  uid: 'u2',
  username: 'bob',
  reporter: { uid: 'u3', username: 'carol' },
  text: 'engine moves',
  time: '2025-03-04T10:20:00.000Z',
  url: null,
  gameId: 'g7',
  archived: false,
};
const flagged = {
  uid: 'u2',
  username: 'bob',
  flags: [
    {
      id: 'f1',
      kind: 'accuracy',
      source: 'system',
      evidence: '98% engine match',
      createdAt: '2025-03-04T10:20:00.000Z',
    },
  ],
};

describe('bug reports (SPEC 2, 4)', () => {
  test('active and archived tabs; images through adminBugImage; Archive and De-archive', async () => {
    const { api, requested } = startAdmin('/admin#bug-reports', {
      'GET /api/admin/bug-reports': () => {
        const archived = requested('GET /api/admin/bug-reports').at(-1)!.endsWith('status=archived');
        return { body: { reports: archived ? [bug('2', 'archived')] : [bug('1', 'active', 2)] } };
      },
      'PUT /api/admin/bug-reports/1/archive': () => ({ body: bug('1', 'archived') }),
      'PUT /api/admin/bug-reports/2/archive': () => ({ body: bug('2', 'dearchived') }),
    });
    expect(await screen.findByText('Board freezes 1')).toBeTruthy();
    expect(requested('GET /api/admin/bug-reports')).toContain('GET /api/admin/bug-reports?status=active');
    const images = screen.getAllByRole('img', { name: /^Image \d of Board freezes 1$/ });
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/api/admin/bug-reports/1/images/0',
      '/api/admin/bug-reports/1/images/1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Archive Board freezes 1' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/bug-reports/1/archive')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/bug-reports/1/archive')[0]!.body).toEqual({ archived: true });

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByText('Board freezes 2')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Archived' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'De-archive Board freezes 2' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/bug-reports/2/archive')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/bug-reports/2/archive')[0]!.body).toEqual({ archived: false });
  });

  test('Delete asks first, then POSTs {}', async () => {
    const { api } = startAdmin('/admin#bug-reports', {
      'GET /api/admin/bug-reports': () => ({ body: { reports: [bug('1', 'active')] } }),
      'POST /api/admin/bug-reports/1/delete': () => ({ body: { ok: true } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Board freezes 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bug report' });
    expect(within(dialog).getByText(CONFIRM_DELETE_BUG)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/bug-reports/1/delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/bug-reports/1/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/bug-reports/1/delete')[0]!.body).toEqual({});
  });

  test('none: the empty text', async () => {
    startAdmin('/admin#bug-reports');
    expect(await screen.findByText('No bug reports.')).toBeTruthy();
  });
});

describe('reported players (SPEC 2, 4)', () => {
  test('reporter, text, time, game link; Dismiss POSTs to the player; Confirm cheating with a reason', async () => {
    const { api, requested } = startAdmin('/admin#reports', {
      'GET /api/admin/reports': () => ({ body: { reports: [report] } }),
      'POST /api/admin/reports/u2/dismiss': () => ({ body: { dismissed: 1 } }),
      'POST /api/admin/reports/r1/confirm': () => ({ body: { removed: 1 } }),
    });
    const table = await screen.findByRole('table', { name: 'Reported players' });
    expect(requested('GET /api/admin/reports')).toContain('GET /api/admin/reports?archived=false');
    expect(within(table).getByText('carol')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /^Game/ }).getAttribute('href')).toBe('/tv/g7');
    fireEvent.click(within(table).getByRole('button', { name: 'Dismiss reports of bob' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/reports/u2/dismiss')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/reports/u2/dismiss')[0]!.body).toEqual({});

    fireEvent.click(within(table).getByRole('button', { name: 'Confirm cheating by bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm cheating by bob' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Engine use in g7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cheating' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/admin/reports/r1/confirm')[0]!.body).toEqual({ reason: 'Engine use in g7' });
  });
});

describe('system-flagged users (SPEC 2, 3)', () => {
  test('uid to flags with evidence; Delete flag POSTs {}', async () => {
    const { api } = startAdmin('/admin#flags', {
      'GET /api/admin/flags': () => ({ body: { users: [flagged] } }),
      'POST /api/admin/flags/f1/delete': () => ({ body: { users: [] } }),
    });
    const table = await screen.findByRole('table', { name: 'Flags of bob' });
    expect(within(table).getByText('98% engine match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy uid of bob' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete flag accuracy of bob' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/flags/f1/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/flags/f1/delete')[0]!.body).toEqual({});
  });

  test('Raise flag needs all three fields and POSTs them trimmed', async () => {
    const { api } = startAdmin('/admin#flags', {
      'POST /api/admin/flags': () => ({ body: { users: [flagged] } }),
    });
    const form = await screen.findByRole('form', { name: 'Raise a flag' });
    fireEvent.click(within(form).getByRole('button', { name: 'Raise flag' }));
    expect(await within(form).findByText(FLAG_FIELDS_TEXT)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('User uid'), { target: { value: ' u2 ' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'manual' } });
    fireEvent.change(within(form).getByLabelText('Evidence'), { target: { value: 'Game g7 move 23' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Raise flag' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/flags')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/flags')[0]!.body).toEqual({
      uid: 'u2',
      kind: 'manual',
      evidence: 'Game g7 move 23',
    });
  });
});
