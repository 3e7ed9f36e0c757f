import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameSoundFor, moveSound, type SoundState } from './sounds.ts';

describe('moveSound', () => {
  it.each([
    ['e4', 'move'],
    ['Nf3', 'move'],
    ['O-O', 'move'],
    ['O-O-O', 'move'],
    ['e8=Q', 'move'],
    ['exd5', 'capture'],
    ['Nxe5', 'capture'],
    ['exd8=N', 'capture'],
    ['Qh5+', 'check'],
    ['Bxf7+', 'check'],
    ['Qh4#', 'check'],
    ['O-O+', 'check'],
    ['fxe8=Q#', 'check'],
  ] as const)('%s sounds as a %s', (san, sound) => {
    expect(moveSound(san)).toBe(sound);
  });
});

describe('gameSoundFor', () => {
  const state = (over: Partial<SoundState> = {}): SoundState => ({
    gameId: 'g1',
    status: 'started',
    ply: 0,
    san: [],
    ...over,
  });

  it.each<[string, SoundState | null, SoundState, ReturnType<typeof gameSoundFor>]>([
    ['a live game shown before any move starts', null, state(), 'start'],
    ['a reload mid-game is quiet', null, state({ ply: 2, san: ['e4', 'e5'] }), null],
    ['a finished game opened is quiet', null, state({ status: 'mate', ply: 4, san: ['f3', 'e5', 'g4', 'Qh4#'] }), null],
    ['another game (a rematch) starts again', state({ gameId: 'g0', status: 'resign', ply: 9 }), state(), 'start'],
    ['one move', state(), state({ ply: 1, san: ['e4'] }), 'move'],
    ['one capture', state({ ply: 2, san: ['e4', 'd5'] }), state({ ply: 3, san: ['e4', 'd5', 'exd5'] }), 'capture'],
    [
      'the mating move sounds though it ends the game',
      state({ ply: 3, san: ['f3', 'e5', 'g4'] }),
      state({ status: 'mate', ply: 4, san: ['f3', 'e5', 'g4', 'Qh4#'] }),
      'check',
    ],
    ['a takeback is quiet', state({ ply: 2, san: ['e4', 'e5'] }), state({ ply: 1, san: ['e4'] }), null],
    ['a jump of two plies (a resync) is quiet', state(), state({ ply: 2, san: ['e4', 'e5'] }), null],
    ['nothing changed', state({ ply: 1, san: ['e4'] }), state({ ply: 1, san: ['e4'] }), null],
    [
      'the end without a move (resign) is quiet',
      state({ ply: 1, san: ['e4'] }),
      state({ status: 'resign', ply: 1, san: ['e4'] }),
      null,
    ],
    [
      'after the end nothing sounds',
      state({ status: 'resign', ply: 1, san: ['e4'] }),
      state({ status: 'resign', ply: 2, san: ['e4', 'e5'] }),
      null,
    ],
  ])('%s', (_name, before, now, expected) => {
    expect(gameSoundFor(before, now)).toBe(expected);
  });

  it('every move added to a live game sounds as its SAN says, and only then', () => {
    const anySan = fc.constantFrom('e4', 'exd5', 'Qh5+', 'Nxe5#', 'O-O');
    fc.assert(
      fc.property(fc.array(anySan, { minLength: 1, maxLength: 20 }), fc.integer({ min: -2, max: 3 }), (san, step) => {
        const before = state({ ply: san.length - 1, san: san.slice(0, -1) });
        const plies = Math.max(0, san.length - 1 + step);
        const now = state({ ply: plies, san: [...san, ...san].slice(0, plies) });
        const sound = gameSoundFor(before, now);
        if (step === 1) expect(sound).toBe(moveSound(san[san.length - 1]!));
        else expect(sound).toBeNull();
      }),
    );
  });
});
