import { describe, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { PUZZLE_TEXTS } from '@rush/domain';
import type { SoloRunView } from '@rush/protocol';
import type { RecordedCall } from '../../test/render.tsx';
import {
  advance,
  BISHOP_TAKES,
  makePuzzle,
  makeRun,
  makeStats,
  QUEEN_TRAP,
  renderPuzzles,
  useFakeClock,
} from './testing.tsx';

const square = (name: string) => screen.getByRole('button', { name });
const timer = () => screen.getByRole('timer', { name: 'Time left' });
const boardStatus = () => screen.getAllByRole('status').find((el) => el.className === 'puzzle-status')!;

function play(from: string, to: string) {
  fireEvent.click(square(from));
  fireEvent.click(square(to));
}

const third = () => makePuzzle(QUEEN_TRAP, { attemptId: 'a3', puzzleId: 'p3' });

/**
 * A solo run server: the run starts on the first correct move (endsAt 180 s later); a wrong move
 * is a strike and moves on; skips move on; finish ends the run.
 */
function startSolo(overrides: { best?: number } = {}) {
  let run: SoloRunView = makeRun({ best: overrides.best ?? 0 });
  const now = () => new Date().toISOString();
  const update = (change: Partial<SoloRunView>) => {
    run = { ...run, ...change, serverNow: now() };
    return run;
  };
  const app = renderPuzzles('/puzzle-game/solo-rush?difficulty=easier&theme=mateIn2', {
    'POST /api/puzzles/solo': () => {
      if (run.status === 'finished') run = makeRun({ runId: 'r2', best: run.best });
      return { body: update({}) };
    },
    'POST /api/puzzles/solo/r1/move': (call: RecordedCall) => {
      const { ply, uci, attemptId } = call.body as { ply: number; uci: string; attemptId: string };
      const current = run.puzzles[0]!;
      const moves = current.fen === QUEEN_TRAP.fen ? QUEEN_TRAP.moves : BISHOP_TAKES.moves;
      if (attemptId !== current.attemptId || moves[ply] !== uci) {
        const strikes = run.stats.strikes + 1;
        update({
          stats: { ...run.stats, strikes, currentStreak: 0 },
          puzzles: run.puzzles.slice(1).concat(third()),
          status: strikes >= 3 ? 'finished' : run.status,
        });
        return { body: { verdict: { verdict: 'wrong', reply: null, solved: false }, run } };
      }
      const endsAt = run.endsAt ?? new Date(Date.now() + 180_000).toISOString();
      const reply = moves[ply + 1] ?? null;
      const solved = reply === null;
      const completed = run.stats.puzzlesCompleted + (solved ? 1 : 0);
      update({
        status: 'running',
        endsAt,
        stats: solved
          ? {
              ...run.stats,
              puzzlesCompleted: completed,
              currentStreak: run.stats.currentStreak + 1,
              largestStreak: Math.max(run.stats.largestStreak, run.stats.currentStreak + 1),
              score: completed * 10,
            }
          : run.stats,
        puzzles: solved ? run.puzzles.slice(1).concat(third()) : run.puzzles,
      });
      return { body: { verdict: { verdict: 'correct', reply, solved }, run } };
    },
    'POST /api/puzzles/solo/r1/skip': () => ({
      body: update({ stats: { ...run.stats, skips: run.stats.skips + 1 }, puzzles: run.puzzles.slice(1) }),
    }),
    'POST /api/puzzles/solo/r1/finish': () => ({ body: update({ status: 'finished' }) }),
  });
  return { ...app, run: () => run };
}

describe('solo puzzle rush', () => {
  test('starts the run with the chosen settings; 3:00 until the first correct move, then counting down', async () => {
    useFakeClock();
    const { api } = startSolo();
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo')[0]?.body).toEqual({ difficulty: 'easier', theme: 'mateIn2' });
    expect(screen.getByRole('heading', { name: 'Solo Puzzle Rush' })).toBeTruthy();
    expect(timer().textContent).toBe('3:00');
    await advance(1000);
    expect(square('d6 white queen')).toBeTruthy();
    await advance(5000);
    expect(timer().textContent).toBe('3:00');
    play('f8 black rook', 'd8 empty');
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo/r1/move')[0]?.body).toEqual({ attemptId: 'a1', ply: 1, uci: 'f8d8' });
    expect(boardStatus().textContent).toContain(PUZZLE_TEXTS.correctMove);
    expect(timer().textContent).toBe('3:00');
    await advance(1000);
    expect(timer().textContent).toBe('2:59');
    await advance(60_000);
    expect(timer().textContent).toBe('1:59');
  });

  test('a solved puzzle scores, and the next puzzle comes from the run after 750 ms', async () => {
    useFakeClock();
    startSolo();
    await advance(1000);
    play('f8 black rook', 'd8 empty');
    await advance(700);
    play('f6 black bishop', 'd8 white queen');
    await advance();
    expect(boardStatus().textContent).toContain(PUZZLE_TEXTS.solved);
    expect(screen.getByTestId('rush-score').textContent).toBe('10');
    expect(screen.getByTestId('rush-streak').textContent).toBe('1');
    await advance(749);
    expect(square('d8 black bishop')).toBeTruthy();
    await advance(1);
    // The second puzzle: White to play after ...bxc5, the board seen from White's side.
    expect(square('b6 black pawn')).toBeTruthy();
    await advance(1000);
    expect(square('c5 black pawn')).toBeTruthy();
    expect(boardStatus().textContent).toContain(PUZZLE_TEXTS.moveFor('white'));
  });

  test('a wrong move is a strike: shown briefly, then the next puzzle', async () => {
    useFakeClock();
    const { api } = startSolo();
    await advance(1000);
    expect(screen.getByText('0 of 3')).toBeTruthy();
    play('b6 black queen', 'a5 empty');
    await advance();
    expect(boardStatus().textContent).toContain(PUZZLE_TEXTS.puzzleFailed);
    expect(screen.getByTestId('wrong-move-cross').getAttribute('data-square')).toBe('a5');
    expect(screen.getByText('1 of 3')).toBeTruthy();
    // No undo in a rush: the board is frozen until the next puzzle.
    fireEvent.click(square('a5 black queen'));
    expect(square('a5 black queen')).toBeTruthy();
    await advance(750);
    expect(screen.queryByTestId('wrong-move-cross')).toBeNull();
    expect(square('b6 black pawn')).toBeTruthy();
    await advance(1000);
    play('e2 white bishop', 'g4 black knight');
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo/r1/move')[1]?.body).toEqual({ attemptId: 'a2', ply: 1, uci: 'e2g4' });
  });

  test('Skip moves on to the next puzzle', async () => {
    useFakeClock();
    const { api } = startSolo();
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo/r1/skip')[0]?.body).toEqual({ attemptId: 'a1' });
    await advance(750);
    expect(square('b6 black pawn')).toBeTruthy();
  });

  test('Finish shows the result popup with the score and best score; Play again starts a new run', async () => {
    useFakeClock();
    const { api, run } = startSolo({ best: 50 });
    await advance(1000);
    play('f8 black rook', 'd8 empty');
    await advance(700);
    play('f6 black bishop', 'd8 white queen');
    await advance(750);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await advance();
    expect(run().status).toBe('finished');
    const dialog = screen.getByRole('dialog', { name: 'Puzzle Rush over' });
    const value = (term: string) => within(dialog).getByText(term).nextElementSibling?.textContent;
    expect(value('Score')).toBe('10');
    expect(value('Puzzles completed')).toBe('1');
    expect(value('Largest streak')).toBe('1');
    expect(value('Best score')).toBe('50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play again' }));
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(timer().textContent).toBe('3:00');
  });

  test('three strikes end the run; Back returns to the mode selection', async () => {
    useFakeClock();
    const app = startSolo();
    for (let i = 0; i < 3; i += 1) {
      await advance(1000);
      const queen = screen.queryByRole('button', { name: 'b6 black queen' });
      if (queen) play('b6 black queen', 'a5 empty');
      else play('a3 white bishop', 'b4 empty');
      await advance(750);
    }
    expect(app.api.callsTo('POST', '/api/puzzles/solo/r1/move')).toHaveLength(3);
    expect(screen.getByText('3 of 3')).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Puzzle Rush over' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(app.location().pathname).toBe('/puzzle-game');
  });

  test('time up ends the run at 0:00', async () => {
    useFakeClock();
    const { api } = startSolo();
    await advance(1000);
    play('f8 black rook', 'd8 empty');
    await advance();
    await advance(180_000);
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/solo/r1/finish')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Puzzle Rush over' })).toBeTruthy();
    expect(timer().textContent).toBe('0:00');
  });

  test('a resumed run shows its clock from the server time', async () => {
    useFakeClock();
    const serverNow = new Date(Date.now() + 30_000); // the server clock runs 30 s ahead
    renderPuzzles('/puzzle-game/solo-rush', {
      'POST /api/puzzles/solo': () => ({
        body: makeRun({
          status: 'running',
          endsAt: new Date(serverNow.getTime() + 95_000).toISOString(),
          serverNow: serverNow.toISOString(),
          stats: makeStats({ strikes: 2, score: 40, currentStreak: 2 }),
        }),
      }),
    });
    await advance();
    expect(timer().textContent).toBe('1:35');
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.getByTestId('rush-score').textContent).toBe('40');
  });
});
