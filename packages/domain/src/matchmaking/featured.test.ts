import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickFeatured, type FeaturedCandidate } from './featured.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const game = (id: string, white: number, black: number, minute = 0): FeaturedCandidate => ({
  id,
  whiteRating: white,
  blackRating: black,
  createdAt: at(minute),
});

describe('pickFeatured: the landing shows the strongest live game', () => {
  it.each<[string, FeaturedCandidate[], string | null]>([
    ['no live game', [], null],
    ['one', [game('a', 1500, 1500)], 'a'],
    ['the higher sum of ratings', [game('a', 1500, 1500), game('b', 2100, 1200), game('c', 1800, 1700)], 'c'],
    ['a tie goes to the newer game', [game('a', 1600, 1600, 1), game('b', 1700, 1500, 5)], 'b'],
    ['a full tie is decided by id, whatever the order', [game('b', 1600, 1600), game('a', 1600, 1600)], 'b'],
  ])('%s', (_name, live, expected) => {
    expect(pickFeatured(live)?.id ?? null).toBe(expected);
  });

  it('does not depend on the order of the list, and no live game is stronger than the pick', () => {
    const candidate = fc.record({
      id: fc.string({ minLength: 1, maxLength: 6 }),
      whiteRating: fc.integer({ min: 400, max: 3000 }),
      blackRating: fc.integer({ min: 400, max: 3000 }),
      createdAt: fc.integer({ min: 0, max: 1000 }).map((m) => at(m)),
    });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { minLength: 1, selector: (g) => g.id }), (live) => {
        const pick = pickFeatured(live)!;
        expect(pickFeatured([...live].reverse())).toBe(pick);
        for (const g of live)
          expect(g.whiteRating + g.blackRating).toBeLessThanOrEqual(pick.whiteRating + pick.blackRating);
      }),
    );
  });
});
