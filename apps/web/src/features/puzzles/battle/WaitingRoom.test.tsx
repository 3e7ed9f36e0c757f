import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUZZLE_TEXTS } from '@rush/domain';
import { ALICE, BOB, makeLobby, search, startBattleApp } from './testing.tsx';

const GUEST_VIEW = { owner: { uid: 'u2', username: 'bob' } } as const;
const room = (owner = 'alice') => screen.findByRole('heading', { name: `${owner}’s lobby` }, { timeout: 5000 });

describe('waiting room: owner and guest', () => {
  test('the owner sees the code, the grand prize, Start and a Kick per guest', async () => {
    const { api } = startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby({ code: 'K7Q2' }) });
    await room();
    expect(screen.getByText('Lobby code')).toBeTruthy();
    expect(screen.getByText('K7Q2')).toBeTruthy();
    expect(screen.getByTestId('grand-prize').textContent).toBe('$10.00');
    const players = screen.getByRole('table', { name: 'Players 2/8' });
    expect(within(players).getByText('alice (owner)')).toBeTruthy();
    expect(within(players).getByText('1580')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kick alice' })).toBeNull();
    const start = screen.getByRole<HTMLButtonElement>('button', { name: 'Start' });
    expect(start.disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Kick bob' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/kick')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/kick')[0]?.body).toEqual({ uid: 'u2' });
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/start')).toHaveLength(1));
  });

  test("the owner copies the private lobby's join link, which fills the code in for a guest", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby({ code: 'K7 Q2' }) });
    await room();
    fireEvent.click(screen.getByRole('button', { name: 'Copy join link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/puzzle-game/battle?privateLobby&code=K7%20Q2`),
    );
    expect(await screen.findByRole('button', { name: 'Copied join link' })).toBeTruthy();
  });

  test('Start is disabled under 2 players; a player who left does not count', async () => {
    const { push } = startBattleApp('/puzzle-game/battle?lobby=L1', {
      lobby: makeLobby({ participants: [ALICE, { ...BOB, left: true }] }),
    });
    await room();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start' }).disabled).toBe(true);
    expect(screen.getByText(PUZZLE_TEXTS.needTwoPlayers)).toBeTruthy();
    await push('lobby:L1', 'lobby.changed', { lobby: makeLobby() });
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start' }).disabled).toBe(false));
  });

  test('a guest sees no code, no Start, no Kick; Leave the Lobby posts and returns to the list', async () => {
    const { api, app } = startBattleApp('/puzzle-game/battle?lobby=L1', {
      // Even a code that reached the guest is not shown.
      lobby: makeLobby({ ...GUEST_VIEW, code: 'K7Q2' }),
    });
    await room('bob');
    expect(screen.queryByText('K7Q2')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Kick/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the Lobby' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/leave')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Create lobby' })).toBeTruthy();
  });

  test('a topic update never hides the code the owner already has', async () => {
    const { push } = startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby({ code: 'K7Q2' }) });
    await room();
    await push('lobby:L1', 'lobby.changed', { lobby: makeLobby({ code: null, grandPrize: 1500 }) });
    await waitFor(() => expect(screen.getByTestId('grand-prize').textContent).toBe('$15.00'));
    expect(screen.getByText('K7Q2')).toBeTruthy();
  });

  test('the lobby error shows above the waiting room', async () => {
    startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby({ error: PUZZLE_TEXTS.lobbyFull }) });
    const heading = await room();
    const error = screen.getByText(PUZZLE_TEXTS.lobbyFull);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('a kicked guest goes back to the list', async () => {
    const { app, push } = startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby(GUEST_VIEW) });
    await room('bob');
    await push('lobby:L1', 'lobby.changed', { lobby: makeLobby({ ...GUEST_VIEW, participants: [BOB] }) });
    await waitFor(() => expect(search(app)).toEqual({}));
  });

  test('the owner leaving gets no "aborted" notice', async () => {
    const { app, push } = startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby() });
    await room();
    await push('lobby:L1', 'lobby.removed', { lobbyId: 'L1', message: 'Lobby owner aborted game' });
    await waitFor(() => expect(search(app)).toEqual({}));
    expect(await screen.findByRole('link', { name: 'Create lobby' })).toBeTruthy();
    expect(screen.queryByText(PUZZLE_TEXTS.ownerAborted)).toBeNull();
  });
});

describe('waiting room: countdown', () => {
  test('seconds to autoStartAt on the server clock, whatever the local clock says', async () => {
    const serverNow = Date.now() + 3_600_000; // the local clock is an hour behind the server
    startBattleApp('/puzzle-game/battle?lobby=L1', {
      lobby: makeLobby({
        serverNow: new Date(serverNow).toISOString(),
        autoStartAt: new Date(serverNow + 45_000).toISOString(),
      }),
    });
    await room();
    const timer = screen.getByRole('timer', { name: 'Auto start' });
    expect(['Starts in 45 s', 'Starts in 44 s']).toContain(timer.textContent);
  });
});

describe('waiting room: chat', () => {
  test('lines are trimmed, an empty line is not sent, Enter sends; lines arrive on the topic', async () => {
    const { api, push } = startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: makeLobby() });
    await room();
    const input = screen.getByLabelText<HTMLInputElement>('Message');
    // No input cap in UTF-16 units: 140 emoji are 140 characters (the chat rule counts code points).
    expect(input.maxLength).toBe(-1);
    fireEvent.change(input, { target: { value: '    ' } });
    fireEvent.submit(input.closest('form')!);
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/chat')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  good luck  ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/chat')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/chat')[0]?.body).toEqual({ text: 'good luck' });
    await waitFor(() => expect(input.value).toBe(''));

    await push('lobby:L1', 'lobby.changed', {
      lobby: makeLobby({
        chat: [{ id: 'c1', uid: 'u1', username: 'alice', text: 'good luck', sentAt: new Date().toISOString() }],
      }),
    });
    expect(await within(screen.getByRole('log')).findByText('good luck')).toBeTruthy();
  });

  test("the server's refusal text shows under the box", async () => {
    startBattleApp('/puzzle-game/battle?lobby=L1', {
      lobby: makeLobby(),
      routes: {
        'POST /api/puzzles/lobbies/L1/chat': () => ({
          status: 400,
          body: { error: { code: 'BAD_REQUEST', message: 'Message too long' } },
        }),
      },
    });
    await room();
    const input = screen.getByLabelText('Message');
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Message too long')).toBeTruthy();
  });
});
