import { describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROTOCOL_VERSION, type InvitationView } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp, type Handler } from '../../test/render.tsx';
import { startMatchApp } from './testing.tsx';
import { makeGame } from '../play/testing.tsx';

function invitation(overrides: Partial<InvitationView> = {}): InvitationView {
  return {
    id: 'i1',
    from: { uid: 'u2', username: 'bob' },
    to: { uid: 'u1', username: 'alice' },
    mode: 'wmgt_000002',
    status: 'pending',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    gameId: null,
    ...overrides,
  };
}

function start(path: string, routes: Record<string, Handler>) {
  dismissOnboardingForTests();
  const api = mockApi({ me: makeMe({ chessUsername: 'alice' }), routes });
  const app = renderApp(path);
  const connect = async () => {
    await waitFor(() => expect(app.realtime.sockets.length).toBeGreaterThan(0));
    const socket = app.realtime.sockets.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    return socket;
  };
  return { api, app, connect };
}

describe('/match', () => {
  test('with neither a matchmaking record nor a game: /start, where Play With Friend invites a friend', async () => {
    let outgoing: InvitationView[] = [];
    const { api, app } = startMatchApp('/match', {
      routes: {
        'GET /api/play/invitations': () => ({ body: { incoming: [], outgoing } }),
        'POST /api/play/invitations': (call) => {
          const body = call.body as { username: string; mode: InvitationView['mode'] };
          const sent = invitation({
            from: { uid: 'u1', username: 'alice' },
            to: { uid: 'u2', username: body.username },
            mode: body.mode,
          });
          outgoing = [sent];
          return { body: sent };
        },
        'POST /api/play/invitations/i1/cancel': () => {
          outgoing = [];
          return { body: invitation({ status: 'cancelled' }) };
        },
      },
    });
    // The first load reads the session, the record and the game: slow on a loaded machine.
    await waitFor(() => expect(app.location().pathname).toBe('/start'), { timeout: 5000 });
    await act(() => app.router.navigate('/start?step=3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Play With Friend' }, { timeout: 5000 }));
    const form = screen.getByRole('region', { name: 'Play a friend' });
    const modes = within(form).getByLabelText('Game type');
    expect(
      within(modes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Blitz 3+0', 'Blitz 5+0', 'Rapid 10+0']);
    fireEvent.change(within(form).getByLabelText("Friend's username"), { target: { value: ' bob ' } });
    fireEvent.change(modes, { target: { value: 'wmgt_000003' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/play/invitations')[0]?.body).toEqual({ username: 'bob', mode: 'wmgt_000003' }),
    );
    expect(await within(form).findByText(/Waiting for/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(within(form).queryByText(/Waiting for/)).toBeNull());
  });

  test('an invitation refused by the server shows its text', async () => {
    startMatchApp('/start?step=3', {
      routes: {
        'POST /api/play/invitations': () => ({
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'No user with that username.' } },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Play With Friend' }, { timeout: 5000 }));
    const form = await screen.findByRole('region', { name: 'Play a friend' });
    fireEvent.change(within(form).getByLabelText("Friend's username"), { target: { value: 'ghost' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('No user with that username.')).toBeTruthy();
  });

  test('with a game: the game screen', async () => {
    start('/match', { 'GET /api/play/current': () => ({ body: { game: makeGame() } }) });
    expect(await screen.findByRole('group', { name: 'Chess board' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'e2 white pawn' })).toBeTruthy();
    expect(screen.getByLabelText('Enter move')).toBeTruthy();
  });

  test('a reconnect reads the game again', async () => {
    const { api, app, connect } = start('/match', {
      'GET /api/play/current': () => ({ body: { game: makeGame() } }),
      'GET /api/play/games/g1': () => ({ body: makeGame() }),
    });
    await screen.findByRole('group', { name: 'Chess board' });
    const socket = await connect();
    const before = api.callsTo('GET', '/api/play/games/g1').length;
    act(() => socket.drop(1006));
    await waitFor(() => expect(app.realtime.sockets.length).toBe(2), { timeout: 3_000 });
    const next = app.realtime.sockets[1]!;
    act(() => {
      next.open();
      next.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c2', authenticated: true });
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/play/games/g1').length).toBeGreaterThan(before));
  });
});

describe('invitation card', () => {
  test('shown on any page for the invitee; Accept opens /match', async () => {
    let incoming: InvitationView[] = [];
    let game: ReturnType<typeof makeGame> | null = null;
    const { app, api, connect } = start('/', {
      'GET /api/play/invitations': () => ({ body: { incoming, outgoing: [] } }),
      'POST /api/play/invitations/i1/accept': () => {
        incoming = [];
        game = makeGame({ mode: 'wmgt_000002' });
        return { body: { gameId: 'g1' } };
      },
      'GET /api/play/current': () => ({ body: { game } }),
    });
    const socket = await connect();
    await screen.findByRole('link', { name: 'Play 1 vs 1' });
    incoming = [invitation()];
    act(() =>
      socket.receive({ t: 'ev', topic: 'user:u1', v: 1, type: 'play.invitation', data: { invitation: invitation() } }),
    );
    const card = await screen.findByRole('region', { name: 'Game invitation' });
    expect(within(card).getByText('bob')).toBeTruthy();
    expect(within(card).getByText('Blitz 5+0')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    expect(api.callsTo('POST', '/api/play/invitations/i1/accept')).toHaveLength(1);
    expect(await screen.findByRole('group', { name: 'Chess board' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Game invitation' })).toBeNull();
  });

  test('Decline answers the invitation; game.started elsewhere opens /match', async () => {
    let incoming: InvitationView[] = [invitation()];
    const { app, api, connect } = start('/', {
      'GET /api/play/invitations': () => ({ body: { incoming, outgoing: [] } }),
      'POST /api/play/invitations/i1/decline': () => {
        incoming = [];
        return { body: invitation({ status: 'declined' }) };
      },
      'GET /api/play/current': () => ({ body: { game: makeGame() } }),
    });
    const card = await screen.findByRole('region', { name: 'Game invitation' });
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Game invitation' })).toBeNull());
    expect(api.callsTo('POST', '/api/play/invitations/i1/decline')).toHaveLength(1);
    const socket = await connect();
    act(() => socket.receive({ t: 'ev', topic: 'user:u1', v: 2, type: 'game.started', data: { gameId: 'g1' } }));
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
  });
});
