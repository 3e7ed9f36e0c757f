import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_MOVE_DELAY_MS, NEXT_PUZZLE_PAUSE_MS, PUZZLE_TEXTS, REPLY_DELAY_MS, SOLVE_STEP_MS } from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';
import {
  canSkip,
  cycleStart,
  nextPly,
  puzzleCycle,
  shownMoves,
  statusLines,
  timedStep,
  verdictOutcome,
  type CycleAction,
  type CycleState,
} from './puzzleCycle.ts';

/** The puzzle cycle shared by Casual, Solo and Battle (SPEC 4 Puzzle board). */

const puzzle = (attemptId = 'a1'): PuzzleView => ({
  attemptId,
  puzzleId: 'p1',
  fen: '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27',
  firstMove: 'd3d6',
  color: 'black',
  rating: 1492,
  themes: ['short'],
  userMoves: 2,
});
const P1 = puzzle('a1');
const P2 = puzzle('a2');

const correct = (reply: string | null, solved = false): MoveVerdictView => ({ verdict: 'correct', reply, solved });
const WRONG: MoveVerdictView = { verdict: 'wrong', reply: null, solved: false };

/** A state of the cycle on P1: the first move played and the user to move, unless overridden. */
const at = (over: Partial<CycleState> = {}): CycleState => ({
  ...cycleStart(P1, 'undo'),
  moves: ['d3d6'],
  phase: 'play',
  ...over,
});

describe('puzzle cycle: transitions', () => {
  it.each<[string, CycleState, CycleAction, Partial<CycleState>]>([
    [
      'a puzzle starts with the FEN shown',
      at(),
      { type: 'start', puzzle: P2 },
      { puzzle: P2, phase: 'intro', moves: [] },
    ],
    ['no puzzle: over', at(), { type: 'start', puzzle: null }, { puzzle: null, phase: 'over', moves: [] }],
    [
      'the opponent first move plays itself',
      cycleStart(P1, 'undo'),
      { type: 'firstMove' },
      { phase: 'play', moves: ['d3d6'] },
    ],
    [
      'a late first move changes nothing',
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'firstMove' },
      { phase: 'judging' },
    ],
    [
      'a move goes to the judge; the old verdict goes',
      at({ verdict: 'correct' }),
      { type: 'move', uci: 'f8d8' },
      { phase: 'judging', pending: 'f8d8', verdict: null },
    ],
    [
      'no move while one is judged',
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'move', uci: 'f8e8' },
      { pending: 'f8d8' },
    ],
    [
      'no move before the first move',
      cycleStart(P1, 'undo'),
      { type: 'move', uci: 'f8d8' },
      { phase: 'intro', pending: null },
    ],
    [
      'a right move waits for its reply',
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'judged', attemptId: 'a1', verdict: correct('d6d8') },
      { phase: 'reply', moves: ['d3d6', 'f8d8'], pending: null, queue: ['d6d8'], verdict: 'correct', outcome: null },
    ],
    [
      'the reply is played',
      at({ phase: 'reply', moves: ['d3d6', 'f8d8'], queue: ['d6d8'] }),
      { type: 'replied' },
      { phase: 'play', moves: ['d3d6', 'f8d8', 'd6d8'], queue: [] },
    ],
    [
      'the last right move solves it',
      at({ phase: 'judging', moves: ['d3d6', 'f8d8', 'd6d8'], pending: 'f6d8' }),
      { type: 'judged', attemptId: 'a1', verdict: correct(null, true) },
      { phase: 'done', outcome: 'solved', moves: ['d3d6', 'f8d8', 'd6d8', 'f6d8'], pending: null, verdict: 'correct' },
    ],
    [
      'Casual: a wrong move stays on the board to undo',
      at({ phase: 'judging', pending: 'f8e8' }),
      { type: 'judged', attemptId: 'a1', verdict: WRONG },
      { phase: 'wrong', pending: 'f8e8', outcome: null, verdict: 'wrong' },
    ],
    [
      'rush modes: a wrong move fails the puzzle',
      at({ wrongMove: 'fail', phase: 'judging', pending: 'f8e8' }),
      { type: 'judged', attemptId: 'a1', verdict: WRONG },
      { phase: 'done', pending: 'f8e8', outcome: 'failed', verdict: 'wrong' },
    ],
    [
      'Battle: the answer carries the next puzzle',
      at({ wrongMove: 'fail', phase: 'judging', pending: 'f8e8' }),
      { type: 'judged', attemptId: 'a1', verdict: WRONG, next: P2 },
      { phase: 'done', outcome: 'failed', next: P2 },
    ],
    [
      "another attempt's verdict changes nothing",
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'judged', attemptId: 'a0', verdict: correct('d6d8') },
      { phase: 'judging', pending: 'f8d8', moves: ['d3d6'] },
    ],
    [
      'an unjudged move is taken back',
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'notJudged', attemptId: 'a1' },
      { phase: 'play', pending: null, moves: ['d3d6'] },
    ],
    [
      'undo takes the wrong move back',
      at({ phase: 'wrong', pending: 'f8e8', verdict: 'wrong' }),
      { type: 'undo' },
      { phase: 'play', pending: null, verdict: null },
    ],
    [
      'undo only undoes a wrong move',
      at({ phase: 'judging', pending: 'f8d8' }),
      { type: 'undo' },
      { phase: 'judging', pending: 'f8d8' },
    ],
    [
      'Solve plays the rest of the solution',
      at({ phase: 'wrong', pending: 'f8e8', verdict: 'wrong' }),
      { type: 'showSolution', solution: ['d3d6', 'f8d8', 'd6d8', 'f6d8'] },
      { phase: 'showing', pending: null, queue: ['f8d8', 'd6d8', 'f6d8'], verdict: null },
    ],
    [
      'a solution step',
      at({ phase: 'showing', queue: ['f8d8', 'd6d8'] }),
      { type: 'solutionStep' },
      { phase: 'showing', moves: ['d3d6', 'f8d8'], queue: ['d6d8'] },
    ],
    [
      'the last solution step ends it',
      at({ phase: 'showing', queue: ['f8d8'] }),
      { type: 'solutionStep' },
      { phase: 'done', moves: ['d3d6', 'f8d8'], outcome: null },
    ],
    [
      'nothing left to show',
      at({ phase: 'showing', queue: [] }),
      { type: 'solutionStep' },
      { phase: 'done', moves: ['d3d6'] },
    ],
    [
      'Skip brings the next puzzle at once',
      at({ wrongMove: 'fail' }),
      { type: 'skipped', attemptId: 'a1', next: P2 },
      { puzzle: P2, phase: 'intro', wrongMove: 'fail' },
    ],
    ['a skip of another attempt changes nothing', at(), { type: 'skipped', attemptId: 'a0', next: P2 }, { puzzle: P1 }],
    [
      'after the pause, the next puzzle',
      at({ phase: 'done', outcome: 'solved', next: P2 }),
      { type: 'next' },
      { puzzle: P2, phase: 'intro', outcome: null, moves: [] },
    ],
    [
      'after the pause, none left',
      at({ phase: 'done', outcome: 'failed', next: null }),
      { type: 'next' },
      { puzzle: null, phase: 'over' },
    ],
    [
      'Casual and Solo: the screen brings the next puzzle',
      at({ phase: 'done', outcome: 'solved' }),
      { type: 'next' },
      { puzzle: P1, phase: 'done' },
    ],
  ])('%s', (_name, state, action, expected) => {
    expect(puzzleCycle(state, action)).toMatchObject(expected);
  });
});

describe('puzzle cycle: timed steps, derived values', () => {
  it.each<[string, Partial<CycleState>, { delayMs: number; action: CycleAction } | null]>([
    ['the first move after 1 s', { phase: 'intro' }, { delayMs: FIRST_MOVE_DELAY_MS, action: { type: 'firstMove' } }],
    [
      'the reply after 700 ms',
      { phase: 'reply', queue: ['d6d8'] },
      { delayMs: REPLY_DELAY_MS, action: { type: 'replied' } },
    ],
    [
      'solution steps 1 s apart',
      { phase: 'showing', queue: ['f8d8'] },
      { delayMs: SOLVE_STEP_MS, action: { type: 'solutionStep' } },
    ],
    [
      'an empty solution ends at once',
      { phase: 'showing', queue: [] },
      { delayMs: 0, action: { type: 'solutionStep' } },
    ],
    [
      'Battle: the next puzzle after 750 ms',
      { phase: 'done', next: P2 },
      { delayMs: NEXT_PUZZLE_PAUSE_MS, action: { type: 'next' } },
    ],
    [
      'Battle: the end after 750 ms',
      { phase: 'done', next: null },
      { delayMs: NEXT_PUZZLE_PAUSE_MS, action: { type: 'next' } },
    ],
    ['Casual and Solo: done waits for the screen', { phase: 'done' }, null],
    ['the user plays in their own time', { phase: 'play' }, null],
    ['the judge answers in its own time', { phase: 'judging' }, null],
    ['a wrong move waits for undo', { phase: 'wrong' }, null],
    ['over', { phase: 'over' }, null],
  ])('%s', (_name, over, expected) => {
    expect(timedStep(at(over))).toEqual(expected);
  });

  it('the board shows the move with the judge and the wrong move kept', () => {
    expect(shownMoves(at({ phase: 'judging', pending: 'f8d8' }))).toEqual(['d3d6', 'f8d8']);
    expect(shownMoves(at())).toEqual(['d3d6']);
    expect(nextPly(at())).toBe(1);
    expect(nextPly(at({ moves: ['d3d6', 'f8d8', 'd6d8'] }))).toBe(3);
  });

  it('verdicts end a puzzle when solved, or when wrong moves fail', () => {
    expect(verdictOutcome(correct(null, true), 'undo')).toBe('solved');
    expect(verdictOutcome(correct('d6d8'), 'fail')).toBeNull();
    expect(verdictOutcome(WRONG, 'fail')).toBe('failed');
    expect(verdictOutcome(WRONG, 'undo')).toBeNull();
  });

  it('Skip is offered before the move is sent', () => {
    expect(canSkip(cycleStart(P1, 'fail'))).toBe(true);
    expect(canSkip(at())).toBe(true);
    expect(canSkip(at({ phase: 'judging', pending: 'f8d8' }))).toBe(false);
    expect(canSkip(at({ phase: 'done' }))).toBe(false);
    expect(canSkip(cycleStart(null, 'fail'))).toBe(false);
  });
});

const actionArb: fc.Arbitrary<CycleAction> = fc.oneof(
  fc.constant<CycleAction>({ type: 'firstMove' }),
  fc.constantFrom('f8d8', 'f8e8', 'f6d8').map((uci): CycleAction => ({ type: 'move', uci })),
  fc
    .record({
      attemptId: fc.constantFrom('a1', 'a0'),
      verdict: fc.constantFrom(WRONG, correct('d6d8'), correct(null, true)),
    })
    .map((a): CycleAction => ({ type: 'judged', ...a })),
  fc.constantFrom('a1', 'a0').map((attemptId): CycleAction => ({ type: 'notJudged', attemptId })),
  fc.constant<CycleAction>({ type: 'replied' }),
  fc.constant<CycleAction>({ type: 'undo' }),
  fc.constant<CycleAction>({ type: 'solutionStep' }),
);

describe('puzzle cycle: the status lines (SPEC 4 texts)', () => {
  const MOVE = PUZZLE_TEXTS.moveFor('black');
  it.each<[string, CycleState, string | null, string | null]>([
    ['before the first move: nothing asked yet', cycleStart(P1, 'undo'), null, null],
    ['the user to move first', at(), MOVE, PUZZLE_TEXTS.makeFirstMove],
    ['a move with the judge', at({ phase: 'judging', pending: 'f8d8' }), MOVE, null],
    ['a right move waits for its reply', at({ phase: 'reply', verdict: 'correct' }), MOVE, PUZZLE_TEXTS.correctMove],
    ['a wrong move kept to undo', at({ phase: 'wrong', verdict: 'wrong' }), MOVE, PUZZLE_TEXTS.wrongMove],
    ['solved: no move asked', at({ phase: 'done', outcome: 'solved', verdict: 'correct' }), null, PUZZLE_TEXTS.solved],
    ['failed (rush)', at({ phase: 'done', outcome: 'failed', verdict: 'wrong' }), null, PUZZLE_TEXTS.puzzleFailed],
    ['Solve playing the line', at({ phase: 'showing', queue: ['f8d8'] }), null, PUZZLE_TEXTS.showingSolution],
    [
      'Solve finished: the solution shown, never "Move for"',
      at({ phase: 'done', moves: ['d3d6', 'f8d8', 'd6d8'], verdict: 'wrong' }),
      null,
      PUZZLE_TEXTS.solutionShown,
    ],
    ['no puzzle left', at({ phase: 'over', puzzle: null }), null, null],
  ])('%s', (_name, state, sideLine, message) => {
    expect(statusLines(state, 'black')).toEqual({ sideLine, message });
  });

  it('only a phase that takes a move says whose move it is', () => {
    const phases = ['intro', 'play', 'judging', 'reply', 'wrong', 'showing', 'done', 'over'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...phases), fc.constantFrom('white' as const, 'black' as const), (phase, color) => {
        const { sideLine } = statusLines(at({ phase }), color);
        const takesMove = phase === 'play' || phase === 'judging' || phase === 'reply' || phase === 'wrong';
        expect(sideLine).toBe(takesMove ? PUZZLE_TEXTS.moveFor(color) : null);
      }),
    );
  });
});

describe('puzzle cycle: properties', () => {
  it('moves only ever grow by one; a pending move exists exactly while judged or kept wrong', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'undo' | 'fail'>('undo', 'fail'),
        fc.array(actionArb, { maxLength: 30 }),
        (wrongMove, actions) => {
          let s = cycleStart(P1, wrongMove);
          for (const a of actions) {
            const next = puzzleCycle(s, a);
            expect(next.moves.slice(0, s.moves.length)).toEqual(s.moves);
            expect(next.moves.length - s.moves.length).toBeLessThanOrEqual(1);
            const kept = next.phase === 'judging' || next.phase === 'wrong' || next.outcome === 'failed';
            expect(next.pending !== null).toBe(kept);
            s = next;
          }
        },
      ),
    );
  });

  it('once a puzzle is done, no move, verdict or timed step changes it', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 20 }), (actions) => {
        const done = at({ phase: 'done', outcome: 'failed', pending: 'f8e8', wrongMove: 'fail' });
        expect(actions.reduce(puzzleCycle, done)).toEqual(done);
      }),
    );
  });
});
