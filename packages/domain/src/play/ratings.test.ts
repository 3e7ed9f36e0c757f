import glicko2 from 'glicko2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultRating, isProvisional, rate, rateGame, type Rating } from './ratings.ts';

// The reference implementation (CommonJS); the domain code itself stays a pure ESM implementation.
const { Glicko2 } = glicko2;

const ratingArb = fc.record({
  rating: fc.double({ min: 800, max: 2800, noNaN: true }),
  rd: fc.double({ min: 50, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.04, max: 0.09, noNaN: true }),
});

describe('Glicko-2', () => {
  it('matches the glicko2 package for one game', () => {
    fc.assert(
      fc.property(ratingArb, ratingArb, fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1), (a, b, score) => {
        const lib = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
        const pa = lib.makePlayer(a.rating, a.rd, a.volatility);
        const pb = lib.makePlayer(b.rating, b.rd, b.volatility);
        lib.updateRatings([[pa, pb, score]]);
        const ours = rate(a, b, score, 0.5);
        expect(ours.rating).toBeCloseTo(pa.getRating(), 4);
        expect(ours.rd).toBeCloseTo(Math.max(45, pa.getRd()), 4);
        expect(ours.volatility).toBeCloseTo(pa.getVol(), 6);
      }),
      { numRuns: 200 },
    );
  });

  it('1500 by default and provisional until the deviation drops to 110', () => {
    let r: Rating = defaultRating();
    expect(r.rating).toBe(1500);
    expect(isProvisional(r)).toBe(true);
    let games = 0;
    while (isProvisional(r) && games < 100) {
      r = rate(r, defaultRating(), games % 2 === 0 ? 1 : 0);
      games++;
    }
    expect(games).toBeGreaterThan(3);
    expect(isProvisional(r)).toBe(false);
  });

  it('the winner gains and the loser loses; a draw between equals changes nothing', () => {
    fc.assert(
      fc.property(ratingArb, ratingArb, (w, b) => {
        const r = rateGame(w, b, 'white');
        expect(r.white.rating).toBeGreaterThan(w.rating);
        expect(r.black.rating).toBeLessThan(b.rating);
        for (const x of [r.white, r.black]) {
          expect(x.rd).toBeGreaterThanOrEqual(45);
          expect(x.rd).toBeLessThanOrEqual(500);
        }
      }),
    );
    const d = rateGame(defaultRating(), defaultRating(), null);
    expect(d.white.rating).toBeCloseTo(1500, 6);
  });
});
