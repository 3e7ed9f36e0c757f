import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUZZLE_TEXTS } from '@rush/domain';
import { SANDBOX_DESCRIPTION } from '../../../ui/SandboxMark.tsx';
import { makeLobby, makeSummaryRow, search, startBattleApp } from './testing.tsx';

const refusal = (message: string, status = 400) => ({
  status,
  body: { error: { code: 'BAD_REQUEST', message } },
});

describe('/puzzle-game/battle lobby list', () => {
  test('rows show owner, lock for private lobbies, prize mode, minutes, stake, ELO range and users/max', async () => {
    startBattleApp('/puzzle-game/battle', {
      lobbies: [
        makeSummaryRow(),
        makeSummaryRow({
          id: 'L2',
          owner: 'carol',
          locked: true,
          prizeMode: 'giveaway',
          minutes: 1,
          stakesCurrency: 'usd',
          stakesAmount: 5,
          eloRange: { min: 1800, max: 2200 },
          users: 3,
          max: 4,
        }),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Battle Puzzle Rush', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    const [, first, second] = rows.map((r) => r.textContent);
    // Only the USD stake carries the Sandbox mark (sandbox is the default config).
    expect(rows.map((r) => within(r).queryAllByRole('note', { name: SANDBOX_DESCRIPTION }).length)).toEqual([0, 0, 1]);
    expect(first).toContain('alice');
    expect(first).toContain('Pool');
    expect(first).toContain('3 minutes');
    expect(first).toContain('100 RushCoins');
    expect(first).toContain('1300–1700');
    expect(first).toContain('2/8');
    expect(second).toContain('Giveaway');
    expect(second).toContain('1 minute');
    expect(second).toContain('USD $5');
    expect(second).toContain('3/4');
    // Only the private lobby carries the lock, with an accessible name.
    const locks = screen.getAllByRole('img', { name: 'Private lobby' });
    expect(locks).toHaveLength(1);
    expect(rows[2]!.contains(locks[0]!)).toBe(true);
  });

  test('empty list text; the list follows the `lobbies` topic', async () => {
    const { push } = startBattleApp('/puzzle-game/battle');
    expect(await screen.findByText(PUZZLE_TEXTS.noLobbies)).toBeTruthy();
    await push('lobbies', 'lobbies.changed', { lobbies: [makeSummaryRow({ owner: 'dave' })] });
    expect(await screen.findByRole('button', { name: "Join dave's lobby" })).toBeTruthy();
    expect(screen.queryByText(PUZZLE_TEXTS.noLobbies)).toBeNull();
  });

  test('Create lobby goes to battleStep=2', async () => {
    const { app } = startBattleApp('/puzzle-game/battle');
    fireEvent.click(await screen.findByRole('link', { name: 'Create lobby' }));
    await waitFor(() => expect(search(app)).toEqual({ battleStep: '2' }));
    expect(await screen.findByRole('heading', { name: 'Battle settings' })).toBeTruthy();
  });

  test('Join posts the join and opens the waiting room', async () => {
    const lobby = makeLobby({ owner: { uid: 'u2', username: 'bob' } });
    const { api, app } = startBattleApp('/puzzle-game/battle', {
      lobbies: [makeSummaryRow({ owner: 'bob' })],
      lobby,
      routes: { 'POST /api/puzzles/lobbies/L1/join': () => ({ body: lobby }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: "Join bob's lobby" }));
    expect(await screen.findByRole('heading', { name: 'bob’s lobby' })).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L1' });
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/join')).toHaveLength(1);
  });

  test('a join refusal: the wallet text as is, anything else the SPEC fallback', async () => {
    let answer = refusal(PUZZLE_TEXTS.noWallet);
    startBattleApp('/puzzle-game/battle', {
      lobbies: [makeSummaryRow({ owner: 'bob' })],
      routes: { 'POST /api/puzzles/lobbies/L1/join': () => answer },
    });
    fireEvent.click(await screen.findByRole('button', { name: "Join bob's lobby" }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUZZLE_TEXTS.noWallet);
    answer = refusal('Internal detail', 409);
    fireEvent.click(screen.getByRole('button', { name: "Join bob's lobby" }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PUZZLE_TEXTS.lobbyFull));
  });
});

describe('private-lobby modal', () => {
  test('the code is required; Join posts it trimmed; a failure says the lobby is not available', async () => {
    const { api, app } = startBattleApp('/puzzle-game/battle', {
      routes: { 'POST /api/puzzles/lobbies/join-by-code': () => refusal('Not found', 404) },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Join private lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join private lobby' });
    expect(search(app)).toHaveProperty('privateLobby');
    const field = within(dialog).getByLabelText('Lobby code');
    expect(field.getAttribute('maxlength')).toBe('120');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(PUZZLE_TEXTS.codeRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(PUZZLE_TEXTS.codeTooLong)).toBeTruthy();

    fireEvent.change(field, { target: { value: '  SECRET  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(PUZZLE_TEXTS.lobbyUnavailable)).toBeTruthy();
    expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code')[0]?.body).toEqual({ code: 'SECRET' });
  });

  test('a right code opens the lobby', async () => {
    const lobby = makeLobby({
      owner: { uid: 'u2', username: 'bob' },
      settings: { ...makeLobby().settings, privacy: 'private' },
    });
    const { app } = startBattleApp('/puzzle-game/battle?privateLobby', {
      lobby,
      routes: { 'POST /api/puzzles/lobbies/join-by-code': () => ({ body: { lobby } }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Join private lobby' });
    fireEvent.change(within(dialog).getByLabelText('Lobby code'), { target: { value: 'SECRET' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'bob’s lobby' })).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L1' });
  });
});

describe("a private row's Join (issue 36)", () => {
  test('asks for the code in the private-lobby modal; a wrong code is refused, the right one joins', async () => {
    const lobby = makeLobby({
      id: 'L2',
      owner: { uid: 'u2', username: 'carol' },
      settings: { ...makeLobby().settings, privacy: 'private' },
    });
    const { api, app } = startBattleApp('/puzzle-game/battle', {
      lobbies: [
        makeSummaryRow({ id: 'L2', owner: 'carol', locked: true, users: 1, max: 8 }),
        makeSummaryRow({ id: 'L3', owner: 'dave', locked: true, users: 1, max: 8 }),
      ],
      lobby,
      routes: {
        // As the server answers: the row's lobby only, with its own code.
        'POST /api/puzzles/lobbies/join-by-code': (call) => {
          const body = call.body as { code: string; lobbyId?: string };
          return body.code === 'SECRET' && body.lobbyId === 'L2'
            ? { body: { lobby } }
            : refusal(PUZZLE_TEXTS.lobbyUnavailable, 409);
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: "Join carol's lobby" }));
    const dialog = await screen.findByRole('dialog', { name: 'Join private lobby' });
    // The modal names the row's lobby and whose it is.
    expect(search(app)).toEqual({ privateLobby: 'L2' });
    expect(within(dialog).getByText(PUZZLE_TEXTS.privateRowHint('carol'))).toBeTruthy();
    // Joining by id without the code could only fail: nothing is sent before the code.
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L2/join')).toHaveLength(0);
    expect(screen.queryByText(PUZZLE_TEXTS.lobbyFull)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Lobby code'), { target: { value: 'WRONG' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(PUZZLE_TEXTS.lobbyUnavailable)).toBeTruthy();

    // Every code from this row is sent with the row's lobby: the server joins no other lobby by it.
    fireEvent.change(within(dialog).getByLabelText('Lobby code'), { target: { value: ' SECRET ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'carol’s lobby' })).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L2' });
    expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code').map((c) => c.body)).toEqual([
      { code: 'WRONG', lobbyId: 'L2' },
      { code: 'SECRET', lobbyId: 'L2' },
    ]);
  });

  test('the bare "Join private lobby" modal names no lobby and sends no lobby id', async () => {
    const { api } = startBattleApp('/puzzle-game/battle', {
      lobbies: [makeSummaryRow({ id: 'L2', owner: 'carol', locked: true, users: 1, max: 8 })],
      routes: { 'POST /api/puzzles/lobbies/join-by-code': () => refusal(PUZZLE_TEXTS.lobbyUnavailable, 409) },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Join private lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join private lobby' });
    expect(within(dialog).queryByText(/lobby is private/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Lobby code'), { target: { value: 'K7Q2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code')[0]?.body).toEqual({ code: 'K7Q2' }),
    );
  });
});

describe('join links and owners (SPEC 2 `code` and `owner`)', () => {
  test('a join link fills the code in; the person still presses Join', async () => {
    const { api, app } = startBattleApp('/puzzle-game/battle?code=K7Q2', {
      routes: { 'POST /api/puzzles/lobbies/join-by-code': () => refusal(PUZZLE_TEXTS.lobbyUnavailable, 409) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Join private lobby' });
    expect(search(app)).toEqual({ privateLobby: '', code: 'K7Q2' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Lobby code').value).toBe('K7Q2');
    expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/puzzles/lobbies/join-by-code')[0]?.body).toEqual({ code: 'K7Q2' }),
    );
  });

  test("`owner` opens that owner's lobby by its id", async () => {
    const lobby = makeLobby({ owner: { uid: 'u2', username: 'bob' } });
    const { app } = startBattleApp('/puzzle-game/battle?owner=u2', {
      lobby,
      routes: { 'GET /api/puzzles/lobbies/by-owner/u2': () => ({ body: { lobby } }) },
    });
    expect(await screen.findByRole('heading', { name: 'bob’s lobby' }, { timeout: 5000 })).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L1' });
  });

  test('an owner without an open lobby: the list says the lobby is not available', async () => {
    const { app } = startBattleApp('/puzzle-game/battle?owner=u9', {
      routes: { 'GET /api/puzzles/lobbies/by-owner/u9': () => refusal(PUZZLE_TEXTS.lobbyUnavailable, 409) },
    });
    expect(await screen.findByText(PUZZLE_TEXTS.lobbyUnavailable, undefined, { timeout: 5000 })).toBeTruthy();
    expect(search(app)).toEqual({});
    expect(screen.getByRole('link', { name: 'Create lobby' })).toBeTruthy();
  });
});

describe('an active battle', () => {
  test('the list sends a user who is in a battle to it', async () => {
    const { app } = startBattleApp('/puzzle-game/battle', {
      lobby: makeLobby({ owner: { uid: 'u2', username: 'bob' } }),
      routes: {
        'GET /api/puzzles/active': () => ({
          body: { active: { mode: 'battle', id: 'L1', route: '/puzzle-game/battle?lobby=L1' } },
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'bob’s lobby' }, { timeout: 5000 })).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L1' });
  });
});

describe('lobby removed', () => {
  test('guests see "Lobby owner aborted game" on the list', async () => {
    const { app, push } = startBattleApp('/puzzle-game/battle?lobby=L1', {
      lobby: makeLobby({ owner: { uid: 'u2', username: 'bob' } }),
    });
    expect(await screen.findByRole('heading', { name: 'bob’s lobby' })).toBeTruthy();
    await push('lobby:L1', 'lobby.removed', { lobbyId: 'L1', message: 'Lobby owner aborted game' });
    expect(await screen.findByText(PUZZLE_TEXTS.ownerAborted)).toBeTruthy();
    expect(app.location().pathname).toBe('/puzzle-game/battle');
    expect(search(app)).toEqual({});
    expect(screen.getByRole('link', { name: 'Create lobby' })).toBeTruthy();
  });
});
