import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUZZLE_TEXTS } from '@rush/domain';
import type { LobbyView, PuzzleView } from '@rush/protocol';
import type { Handler } from '../../../test/render.tsx';
import { ALICE, BOB, makeParticipant, PUZZLE_1, PUZZLE_2, search, startBattleApp, startedLobby } from './testing.tsx';

const square = (name: string) => screen.getByRole('button', { name });
const board = () => screen.getByRole('group', { name: 'Puzzle board' });
const orientation = () => board().closest('.board')?.getAttribute('data-orientation');
const status = () => document.querySelector('.battle-status')?.textContent;

/** The battle with alice (u1, the user) and bob; `routes` answer the moves and skips. */
function startBattle(
  lobby: LobbyView = startedLobby(),
  routes: Record<string, Handler> = {},
  puzzle: PuzzleView = PUZZLE_1,
) {
  return startBattleApp('/puzzle-game/battle?lobby=L1', {
    lobby,
    routes: { 'GET /api/puzzles/lobbies/L1/puzzle': () => ({ body: { puzzle, lobby } }), ...routes },
  });
}

/** The board shows and the opponent's setup move (1...e5) is played after 1 s. */
async function afterSetupMove() {
  await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
  expect(square('e7 black pawn')).toBeTruthy();
  await waitFor(() => expect(square('e5 black pawn')).toBeTruthy(), { timeout: 3000 });
}

const play = (from: string, to: string) => {
  fireEvent.click(square(from));
  fireEvent.click(square(to));
};

// Real timers: the 1 s setup move, 700 ms reply and 750 ms pause run as they do in the browser.
describe('battle board', { timeout: 15_000 }, () => {
  test('the user plays the side opposite the FEN; a right move gets the reply; solved brings the next puzzle', async () => {
    let n = 0;
    const { api } = startBattle(startedLobby(), {
      'POST /api/puzzles/lobbies/L1/move': () => {
        n += 1;
        return n === 1
          ? {
              body: {
                verdict: { verdict: 'correct', reply: 'b8c6', solved: false },
                puzzle: PUZZLE_1,
                lobby: startedLobby(),
              },
            }
          : {
              body: {
                verdict: { verdict: 'correct', reply: null, solved: true },
                puzzle: PUZZLE_2,
                lobby: startedLobby({ participants: [{ ...ALICE, puzzlesCompleted: 1, points: 10 }, BOB] }),
              },
            };
      },
    });
    await afterSetupMove();
    expect(orientation()).toBe('white');
    expect(status()).toBe(PUZZLE_TEXTS.makeFirstMove);
    play('g1 white knight', 'f3 empty');
    await waitFor(() => expect(status()).toBe(PUZZLE_TEXTS.correctMove));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/move')[0]?.body).toEqual({
      attemptId: 'a1',
      ply: 1,
      uci: 'g1f3',
    });
    await waitFor(() => expect(square('c6 black knight')).toBeTruthy());

    play('f1 white bishop', 'c4 empty');
    await waitFor(() => expect(status()).toBe(PUZZLE_TEXTS.solved));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/move')[1]?.body).toEqual({
      attemptId: 'a1',
      ply: 3,
      uci: 'f1c4',
    });
    // The next puzzle of the sequence after the pause: the user now plays black.
    await waitFor(() => expect(orientation()).toBe('black'));
    const summary = screen.getByRole('table', { name: 'Your summary' });
    expect(
      within(summary)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', '0', '0', '10']);
  });

  test('the start overlay counts down over the board, lifts 1.2 s before the start, then the puzzle comes', async () => {
    // Pressed just now: the overlay counts for 3 s and lifts 1.2 s before the battle begins (SPEC 9).
    const now = Date.now();
    const lobby = startedLobby({
      startedAt: new Date(now + 4_200).toISOString(),
      endsAt: new Date(now + 4_200 + 180_000).toISOString(),
    });
    // Each answer carries the server's time of answering, as the server's do.
    const { api } = startBattle(lobby, {
      'GET /api/puzzles/lobbies/L1/puzzle': () => ({
        body: { puzzle: PUZZLE_1, lobby: { ...lobby, serverNow: new Date().toISOString() } },
      }),
    });
    const overlay = await screen.findByRole('timer', { name: /^Starting in [123]$/ }, { timeout: 3000 });
    expect(overlay.textContent).toContain('Get ready');
    expect(screen.queryByRole('group', { name: 'Puzzle board' })).toBeNull();
    expect(api.callsTo('GET', '/api/puzzles/lobbies/L1/puzzle')).toHaveLength(0);
    // The battle's own time shows, never the countdown on top of it.
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toBe('3:00');
    // Then the board and, 1 s after it shows, the opponent's setup move.
    await waitFor(() => expect(square('e5 black pawn')).toBeTruthy(), { timeout: 8000 });
    expect(screen.queryByRole('timer', { name: /^Starting in/ })).toBeNull();
    expect(api.callsTo('GET', '/api/puzzles/lobbies/L1/puzzle')).toHaveLength(1);
  });

  test('a wrong move counts as a failure and the next puzzle comes', async () => {
    const { api } = startBattle(startedLobby(), {
      'POST /api/puzzles/lobbies/L1/move': () => ({
        body: {
          verdict: { verdict: 'wrong', reply: null, solved: false },
          puzzle: PUZZLE_2,
          lobby: startedLobby({ participants: [{ ...ALICE, strikes: 1 }, BOB] }),
        },
      }),
    });
    await afterSetupMove();
    play('d2 white pawn', 'd4 empty');
    await waitFor(() => expect(status()).toBe(PUZZLE_TEXTS.wrongMove));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/move')).toHaveLength(1);
    const summary = screen.getByRole('table', { name: 'Your summary' });
    expect(
      within(summary)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '1', '0', '0']);
    await waitFor(() => expect(orientation()).toBe('black'));
    // The new puzzle's setup move (1.d4) comes after its own second.
    await waitFor(() => expect(square('d4 white pawn')).toBeTruthy(), { timeout: 3000 });
  });

  test('Skip sends the attempt and shows the next puzzle at once', async () => {
    const { api } = startBattle(startedLobby(), {
      'POST /api/puzzles/lobbies/L1/skip': () => ({
        body: { puzzle: PUZZLE_2, lobby: startedLobby({ participants: [{ ...ALICE, skips: 1 }, BOB] }) },
      }),
    });
    await afterSetupMove();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(orientation()).toBe('black'));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/skip')[0]?.body).toEqual({ attemptId: 'a1' });
    const summary = screen.getByRole('table', { name: 'Your summary' });
    expect(within(summary).getAllByRole('cell')[3]?.textContent).toBe('1');
  });
});

describe('battle controls and tables', () => {
  test('the owner has no Forfeit; Leave game early posts leave and returns to the list', async () => {
    const { api, app } = startBattle();
    await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Forfeit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave game early' }));
    await waitFor(() => expect(search(app)).toEqual({}));
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/leave')).toHaveLength(1);
  });

  test('Leave game early that ends the battle (the owner was the last playing) stays for the results', async () => {
    const running = startedLobby();
    const finished = {
      ...running,
      status: 'finished' as const,
      results: [
        { uid: 'u1', username: 'alice', points: 10, place: 1, placeLabel: '1st', reward: 0, currency: 'usd' as const },
      ],
    };
    let left = false;
    const { api, app } = startBattle(running, {
      'POST /api/puzzles/lobbies/L1/leave': () => ((left = true), { body: { lobby: finished } }),
      'GET /api/puzzles/lobbies/L1': () => ({ body: { lobby: left ? finished : running } }),
    });
    await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Leave game early' }));
    const dialog = await screen.findByRole('dialog', { name: 'Battle results' });
    expect(within(dialog).getByText('1st')).toBeTruthy();
    expect(search(app)).toEqual({ lobby: 'L1' });
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/leave')).toHaveLength(1);
  });

  test('a guest may forfeit after confirming', async () => {
    const { api, app } = startBattle(startedLobby({ owner: { uid: 'u2', username: 'bob' } }));
    await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Forfeit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit' });
    expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/forfeit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/puzzles/lobbies/L1/forfeit')).toHaveLength(1));
    await waitFor(() => expect(search(app)).toEqual({}));
  });

  test('the score table ranks everyone by points (ties share a place) and follows the topic; the timer counts to endsAt', async () => {
    const carol = makeParticipant('u3', 'carol');
    const { push } = startBattle(startedLobby({ participants: [ALICE, BOB, carol] }));
    await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
    expect(['3:00', '2:59']).toContain(screen.getByRole('timer', { name: 'Time left' }).textContent);
    await push('lobby:L1', 'lobby.changed', {
      lobby: startedLobby({
        participants: [
          { ...ALICE, points: 20 },
          { ...BOB, points: 40 },
          { ...carol, points: 20 },
        ],
      }),
    });
    const scores = screen.getByRole('table', { name: 'Scores' });
    await waitFor(() =>
      expect(
        within(scores)
          .getAllByRole('row')
          .slice(1)
          .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent).join(' ')),
      ).toEqual(['1st bob 0 40', '2nd alice 0 20', '2nd carol 0 20']),
    );
  });
});
