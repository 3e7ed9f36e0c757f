import { describe, expect, it } from 'vitest';
import { RepublishedMoves } from '../../src/modules/play/republished-moves.ts';

describe('RepublishedMoves', () => {
  it('once per game version; a new version of the game is due again', () => {
    const r = new RepublishedMoves();
    expect(r.due('g1', 3)).toBe(true);
    r.done('g1', 3);
    expect(r.due('g1', 3)).toBe(false);
    expect(r.due('g1', 4)).toBe(true);
    expect(r.due('g2', 3)).toBe(true);
  });

  it('forgets the least recently republished game past its capacity', () => {
    const r = new RepublishedMoves(2);
    r.done('a', 1);
    r.done('b', 1);
    r.done('a', 2); // a is the most recent again
    r.done('c', 1);
    expect(r.due('b', 1)).toBe(true);
    expect(r.due('a', 2)).toBe(false);
    expect(r.due('c', 1)).toBe(false);
  });
});
