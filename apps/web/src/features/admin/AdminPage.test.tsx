import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_SECTION_LIST } from './sections.ts';
import { forbidden, sectionHeading, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const report = (id: string, archived: boolean) => ({
  id,
  uid: 'u2',
  username: 'bob',
  reporter: { uid: 'u3', username: 'carol' },
  text: 'engine moves',
  time: '2025-03-04T10:20:00.000Z',
  url: null,
  gameId: 'g7',
  archived,
});

describe('admin console: navigation (issue 12)', () => {
  test('a nav list of links to #section; the first section by default, another by hash', async () => {
    const { app } = startAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(ADMIN_SECTION_LIST.map((s) => s.title));
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(await sectionHeading('Pause and announcement')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await sectionHeading('Audit log')).toBeTruthy();
    expect(app.location().hash).toBe('#audit');
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
  });

  test.each(ADMIN_SECTION_LIST.map((s) => [s.id, s.title] as const))('#%s shows its heading', async (id, title) => {
    startAdmin(`/admin#${id}`);
    expect(await sectionHeading(title)).toBeTruthy();
  });

  test('an unknown hash falls back to the first section', async () => {
    startAdmin('/admin#nothing');
    expect(await sectionHeading('Pause and announcement')).toBeTruthy();
  });
});

describe('admin console: permission denied (SPEC 8)', () => {
  test('a read answered 403 sends the viewer to /', async () => {
    const { app } = startAdmin('/admin#balances', { 'GET /api/admin/balances': forbidden });
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test('a write answered 403 sends the viewer to /', async () => {
    const { app } = startAdmin('/admin#app', { 'POST /api/admin/app/pause': forbidden });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause new games' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test('another failure stays, with Try again', async () => {
    let fail = true;
    const { app } = startAdmin('/admin#flags', {
      'GET /api/admin/flags': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
          : { body: { users: [] } },
    });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(app.location().pathname).toBe('/admin');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again: flagged users' }));
    expect(await screen.findByText('No flagged users.')).toBeTruthy();
  });

  test('the loading line shows while a section is read', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    startAdmin('/admin#balances', {
      'GET /api/admin/balances': async () => {
        await gate;
        return { body: { users: [] } };
      },
    });
    expect(await screen.findByText('Loading balances…')).toBeTruthy();
    release();
    expect(await screen.findByText('No users.')).toBeTruthy();
  });
});

describe('admin console: live data (SPEC 7 startWatchingAdminData)', () => {
  test('admin.changed refetches the section it names only; leaving unsubscribes', async () => {
    const { app, connect, push, requested } = startAdmin('/admin#bans');
    expect(await screen.findByText('No banned players.')).toBeTruthy();
    const socket = await connect();
    // A fresh subscription reloads once (what changed before it is not replayed).
    await waitFor(() => expect(requested('GET /api/admin/banned')).toHaveLength(2));
    push('bans');
    await waitFor(() => expect(requested('GET /api/admin/banned')).toHaveLength(3));
    push('flags');
    push('catalog');
    await new Promise((r) => setTimeout(r, 100));
    expect(requested('GET /api/admin/banned')).toHaveLength(3);
    void app.router.navigate('/');
    await waitFor(() => expect(socket.sent).toContainEqual({ t: 'unsub', topic: 'admin' }));
  });
});

describe('/report: archived reports (SPEC 2)', () => {
  test('GET reports?archived=true, shown with reporter, text and game link, no actions', async () => {
    const { requested } = startAdmin('/report', {
      'GET /api/admin/reports': () => ({ body: { reports: [report('r1', true)] } }),
    });
    expect(await screen.findByRole('heading', { name: 'Archived reports', level: 1 })).toBeTruthy();
    expect(await screen.findByText('engine moves')).toBeTruthy();
    expect(requested('GET /api/admin/reports')).toContain('GET /api/admin/reports?archived=true');
    expect(screen.getByText('carol')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Game of bob/ }).getAttribute('href')).toBe('/tv/g7');
    expect(screen.queryByRole('button', { name: /^Dismiss/ })).toBeNull();
  });

  test('a 403 sends the viewer to /', async () => {
    const { app } = startAdmin('/report', { 'GET /api/admin/reports': forbidden });
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});
