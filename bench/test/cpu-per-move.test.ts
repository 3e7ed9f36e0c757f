import { describe, expect, it } from 'vitest';
import { cpuMs, cpuPerMove } from '../src/support/cpu-per-move.ts';

describe('cpu per move', () => {
  it('reads process.cpuUsage (µs) as ms of user and system time', () => {
    expect(cpuMs({ user: 1_500, system: 500 })).toBe(2);
    expect(cpuMs({ user: 0, system: 0 })).toBe(0);
  });

  it.each([
    [1_000, 1_600, 300, 2],
    [0, 450, 1_000, 0.45],
    [500, 500, 10, 0],
    [500, 900, 0, 0],
  ])('from %d ms to %d ms over %d moves: %d ms a move', (start, end, moves, perMove) =>
    expect(cpuPerMove(start, end, moves)).toBeCloseTo(perMove, 10),
  );

  it('refuses a window whose CPU time went back (two processes mixed up)', () => {
    expect(() => cpuPerMove(900, 800, 10)).toThrow(/went back/);
  });
});
