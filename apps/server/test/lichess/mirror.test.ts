import { describe, expect, it } from 'vitest';
import { fenHistory, STANDARD_FEN } from '@rush/domain';
import { remoteOf } from '../../src/modules/lichess/follower.ts';
import { planMirror } from '../../src/modules/lichess/mirror.ts';

/** A row holding `moves` from the start, as the mirror reads it. */
const rowWith = (moves: string[], takebackOffer: 'white' | 'black' | null = null) => ({
  moves,
  fens: fenHistory(STANDARD_FEN, moves),
  ply: moves.length,
  initialFen: STANDARD_FEN,
  takebackOffer,
});

describe('planMirror: a Lichess state onto our row, each move once', () => {
  it.each([
    { name: 'nothing new', seen: ['e2e4'], remote: ['e2e4'], takenBack: 0, added: [] },
    { name: 'one reply', seen: ['e2e4'], remote: ['e2e4', 'e7e5'], takenBack: 0, added: ['e7e5'] },
    {
      name: 'several after a drop',
      seen: [],
      remote: ['e2e4', 'e7e5', 'g1f3'],
      takenBack: 0,
      added: ['e2e4', 'e7e5', 'g1f3'],
    },
    {
      name: 'a takeback of one, proposed first',
      seen: ['e2e4', 'e7e5'],
      offer: 'black' as const,
      remote: ['e2e4'],
      takenBack: 1,
      added: [],
    },
    {
      name: 'a takeback then another move',
      seen: ['e2e4', 'e7e5'],
      remote: ['e2e4', 'c7c5'],
      takenBack: 1,
      added: ['c7c5'],
    },
  ])('$name', ({ seen, remote, takenBack, added, ...rest }) => {
    const plan = planMirror(rowWith(seen, 'offer' in rest ? rest.offer : null), { moves: remote });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.takenBack).toBe(takenBack);
    expect(plan.added.map((m) => m.uci)).toEqual(added);
    expect(plan.added.map((m) => m.ply)).toEqual(added.map((_, i) => remote.length - added.length + i + 1));
  });

  it('gives each added move its SAN and the FEN after it', () => {
    const plan = planMirror(rowWith(['e2e4', 'e7e5']), {
      moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1'],
    });
    if (!plan.ok) throw new Error('refused');
    expect(plan.added.map((m) => m.san)).toEqual(['Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O']);
    expect(plan.added.at(-1)!.fen).toBe(
      fenHistory(STANDARD_FEN, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1']).at(-1),
    );
  });

  it('an append-only state (one accepted move) never takes back what a stream mirrored meanwhile', () => {
    const plan = planMirror(rowWith(['e2e4', 'e7e5']), { moves: ['e2e4'], appendOnly: true });
    expect(plan).toEqual({ ok: true, takenBack: 0, added: [] });
  });

  it('a shorter line with no takeback proposed is an older state: the row and its clocks stay', () => {
    // The other player's stream can deliver its state of a move after a newer one was mirrored.
    const plan = planMirror(rowWith(['e2e4', 'e7e5', 'g1f3']), { moves: ['e2e4', 'e7e5'] });
    expect(plan).toEqual({ ok: true, takenBack: 0, added: [], stale: true });
  });

  it.each([
    ['e1h1', 'e1g1'],
    ['e1g1', 'e1g1'],
  ])('a castle streamed as %s is mirrored as %s (Lichess writes king-to-rook)', (streamed, stored) => {
    const before = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];
    const plan = planMirror(rowWith(before), { moves: [...before, streamed, 'f8c5', 'f1e1'] });
    if (!plan.ok) throw new Error(`refused ${plan.uci}`);
    expect(plan.added.map((m) => [m.uci, m.san])).toEqual([
      [stored, 'O-O'],
      ['f8c5', 'Bc5'],
      ['f1e1', 'Re1'],
    ]);
  });

  it('a king-to-rook castle re-streamed over the two-square one in the row is nothing new, not a takeback', () => {
    const row = ['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f1c4', 'f8c5', 'e1g1', 'e8g8'];
    const streamed = ['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f1c4', 'f8c5', 'e1h1', 'e8h8'];
    expect(planMirror(rowWith(row), { moves: streamed })).toEqual({ ok: true, takenBack: 0, added: [] });
    const plan = planMirror(rowWith(row), { moves: [...streamed, 'd2d3'] });
    expect(plan.ok && plan.takenBack === 0 && plan.added.map((m) => m.uci)).toEqual(['d2d3']);
  });

  it("against the bot a shorter line is a takeback (Lichess's AI takes back at once, without a proposal)", () => {
    const row = { ...rowWith(['e2e4', 'e7e5', 'g1f3', 'b8c6']), engineColor: 'black' as const };
    expect(planMirror(row, { moves: ['e2e4', 'e7e5'] })).toEqual({ ok: true, takenBack: 2, added: [] });
    // Between two players the same line is an older state (the other player's stream).
    expect(planMirror({ ...row, engineColor: null }, { moves: ['e2e4', 'e7e5'] })).toMatchObject({ stale: true });
  });

  it('stops at a move our rules cannot play, naming it', () => {
    expect(planMirror(rowWith(['e2e4']), { moves: ['e2e4', 'e7e4'] })).toEqual({ ok: false, ply: 2, uci: 'e7e4' });
  });
});

describe('remoteOf: a Lichess gameState in our terms', () => {
  const state = {
    type: 'gameState' as const,
    moves: 'e2e4 e7e5',
    wtime: 170_000,
    btime: 175_500,
    winc: 2000,
    binc: 2000,
  };
  it('reads moves, clocks and who offers what', () => {
    expect(remoteOf({ ...state, status: 'started', bdraw: true, wtakeback: true })).toEqual({
      moves: ['e2e4', 'e7e5'],
      clocks: { whiteMs: 170_000, blackMs: 175_500 },
      draw: 'black',
      takeback: 'white',
    });
    expect(remoteOf({ ...state, moves: '', status: 'started' })).toMatchObject({
      moves: [],
      draw: null,
      takeback: null,
    });
  });
  it('leaves the offers alone once the game is over (the finisher clears them)', () => {
    const r = remoteOf({ ...state, status: 'resign', winner: 'white' });
    expect('draw' in r || 'takeback' in r).toBe(false);
  });
});
