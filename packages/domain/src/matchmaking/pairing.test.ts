import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from '../money/currency.ts';
import type { GameModeId } from '../play/modes.ts';
import { ELO_GAP } from './eligibility.ts';
import { compatible, formatWait, MATCHMAKING, pairSeeks, ratingWindow, type Seek } from './pairing.ts';

const NOW = 1_700_000_000_000;
const seek = (over: Partial<Seek> & { id: string }): Seek => ({
  uid: `u-${over.id}`,
  mode: 'wmgt_000001',
  currency: 'usd',
  value: 5,
  rating: 1500,
  since: NOW,
  ...over,
});
const ids = (pairs: Array<[Seek, Seek]>) => pairs.map(([a, b]) => [a.id, b.id]);

describe('ratingWindow (SPEC 4: widens with waiting, SPEC 9: under the 700 gap)', () => {
  it.each([
    [0, 100],
    [-60_000, 100],
    [4_999, 100],
    [5_000, 150],
    [9_999, 150],
    [10_000, 200],
    [55_000, 650],
    [59_999, 650],
    [60_000, ELO_GAP - 1],
    [65_000, 699],
    [3_600_000, 699],
  ])('after %i ms: %i', (waited, window) => {
    expect(ratingWindow(waited)).toBe(window);
  });

  it('never narrows and never reaches the gap', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(ratingWindow(lo)).toBeLessThanOrEqual(ratingWindow(hi));
        expect(ratingWindow(hi)).toBeLessThan(ELO_GAP);
        expect(ratingWindow(lo)).toBeGreaterThanOrEqual(MATCHMAKING.initialWindow);
      }),
    );
  });
});

describe('compatible', () => {
  const a = seek({ id: 'a' });
  it.each<[string, Seek, number, boolean]>([
    ['same bucket, same rating', seek({ id: 'b' }), NOW, true],
    ['the same seek', a, NOW, false],
    ['the same user through another seek', seek({ id: 'b', uid: a.uid }), NOW, false],
    ['another mode', seek({ id: 'b', mode: 'wmgt_000002' }), NOW, false],
    ['another currency', seek({ id: 'b', currency: 'wbx' }), NOW, false],
    ['another stake', seek({ id: 'b', value: 10 }), NOW, false],
    ['100 apart at once', seek({ id: 'b', rating: 1600 }), NOW, true],
    ['101 apart at once', seek({ id: 'b', rating: 1399 }), NOW, false],
    ['150 apart, both waited 5 s', seek({ id: 'b', rating: 1650 }), NOW + 5_000, true],
  ])('%s: %s', (_name, b, now, ok) => {
    expect(compatible(a, b, now)).toBe(ok);
    expect(compatible(b, a, now)).toBe(ok);
  });

  it('the narrower window of the two decides', () => {
    const old = seek({ id: 'old', since: NOW - 60_000 });
    const fresh = seek({ id: 'fresh', rating: 1650 });
    expect(compatible(old, fresh, NOW)).toBe(false);
    expect(compatible(old, fresh, NOW + 5_000)).toBe(true);
  });

  it('never 700 apart, however long both waited', () => {
    const x = seek({ id: 'x', since: 0 });
    expect(compatible(x, seek({ id: 'y', since: 0, rating: 1500 + 699 }), NOW)).toBe(true);
    expect(compatible(x, seek({ id: 'y', since: 0, rating: 1500 + 700 }), NOW)).toBe(false);
  });
});

describe('pairSeeks: examples', () => {
  it('pairs the closest partner', () => {
    const pairs = pairSeeks(
      [seek({ id: 'a', since: NOW - 1 }), seek({ id: 'far', rating: 1590 }), seek({ id: 'near', rating: 1520 })],
      NOW,
    );
    expect(ids(pairs)).toEqual([['a', 'near']]);
  });

  it('serves the longest waiting seek first', () => {
    // b and c both fit a at 1500; a is older than b, so a gets c (its closest), and b waits.
    const pairs = pairSeeks(
      [
        seek({ id: 'b', rating: 1530, since: NOW - 1_000 }),
        seek({ id: 'c', rating: 1510, since: NOW }),
        seek({ id: 'a', rating: 1500, since: NOW - 2_000 }),
      ],
      NOW,
    );
    expect(ids(pairs)).toEqual([['a', 'c']]);
  });

  it('breaks a tie in closeness for the longer waiting partner', () => {
    const pairs = pairSeeks(
      [
        seek({ id: 'a', since: NOW - 3_000 }),
        seek({ id: 'young', rating: 1550, since: NOW - 1_000 }),
        seek({ id: 'old', rating: 1450, since: NOW - 2_000 }),
      ],
      NOW,
    );
    expect(ids(pairs)).toEqual([['a', 'old']]);
  });

  it('never pairs a user with themselves, even through two seeks', () => {
    const me1 = seek({ id: 'me1', uid: 'me', since: NOW - 2 });
    const me2 = seek({ id: 'me2', uid: 'me', since: NOW - 1 });
    expect(pairSeeks([me1, me2], NOW)).toEqual([]);
    const pairs = pairSeeks([me1, me2, seek({ id: 'you' })], NOW);
    expect(ids(pairs)).toEqual([['me1', 'you']]);
  });

  it('pairs a user only once, even with seeks in two buckets', () => {
    const pairs = pairSeeks(
      [
        seek({ id: 'me-usd', uid: 'me', since: NOW - 4 }),
        seek({ id: 'me-wbx', uid: 'me', currency: 'wbx', value: 50, since: NOW - 3 }),
        seek({ id: 'x-usd', since: NOW - 2 }),
        seek({ id: 'y-wbx', currency: 'wbx', value: 50, since: NOW - 1 }),
      ],
      NOW,
    );
    expect(ids(pairs)).toEqual([['me-usd', 'x-usd']]);
  });

  it('keeps buckets apart and pairs within each', () => {
    const pairs = pairSeeks(
      [
        seek({ id: 'b1', mode: 'wmgt_000003', since: NOW - 4 }),
        seek({ id: 'u1', since: NOW - 3 }),
        seek({ id: 'b2', mode: 'wmgt_000003', since: NOW - 2 }),
        seek({ id: 'w1', currency: 'wbx', value: 5, since: NOW - 1 }),
        seek({ id: 'u2' }),
      ],
      NOW,
    );
    expect(ids(pairs)).toEqual([
      ['b1', 'b2'],
      ['u1', 'u2'],
    ]);
  });

  it('pairs nobody when ratings are too far apart for now, and them later', () => {
    const s = [seek({ id: 'a' }), seek({ id: 'b', rating: 1800 })];
    expect(pairSeeks(s, NOW)).toEqual([]);
    expect(pairSeeks(s, NOW + 19_999)).toEqual([]);
    expect(ids(pairSeeks(s, NOW + 20_000))).toEqual([['a', 'b']]);
  });

  it('an empty or single queue pairs nobody', () => {
    expect(pairSeeks([], NOW)).toEqual([]);
    expect(pairSeeks([seek({ id: 'a' })], NOW)).toEqual([]);
  });
});

describe('pairSeeks: properties over random queues', () => {
  const seeksArb = fc
    .array(
      fc.record({
        uid: fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'),
        mode: fc.constantFrom<GameModeId>('wmgt_000001', 'wmgt_000002', 'wmgt_000003'),
        currency: fc.constantFrom<Currency>('usd', 'wbx'),
        value: fc.constantFrom(1, 5, 50),
        rating: fc.integer({ min: 800, max: 2600 }),
        waited: fc.integer({ min: 0, max: 90_000 }),
      }),
      { maxLength: 40 },
    )
    .map((rows) =>
      rows.map((r, i): Seek => ({
        id: `s${i}`,
        uid: r.uid,
        mode: r.mode,
        currency: r.currency,
        value: r.value,
        rating: r.rating,
        since: NOW - r.waited,
      })),
    );

  it('every pair is compatible and nobody appears twice', () => {
    fc.assert(
      fc.property(seeksArb, (seeks) => {
        const pairs = pairSeeks(seeks, NOW);
        const seen = new Set<string>();
        const users = new Set<string>();
        for (const [a, b] of pairs) {
          expect(seeks).toContain(a);
          expect(seeks).toContain(b);
          expect(a.mode).toBe(b.mode);
          expect(a.currency).toBe(b.currency);
          expect(a.value).toBe(b.value);
          expect(a.uid).not.toBe(b.uid);
          const gap = Math.abs(a.rating - b.rating);
          expect(gap).toBeLessThanOrEqual(ratingWindow(NOW - a.since));
          expect(gap).toBeLessThanOrEqual(ratingWindow(NOW - b.since));
          expect(gap).toBeLessThan(ELO_GAP);
          for (const s of [a, b]) {
            expect(seen.has(s.id)).toBe(false);
            expect(users.has(s.uid)).toBe(false);
            seen.add(s.id);
            users.add(s.uid);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  // Greedy but maximal: a seek left waiting found no free compatible partner when its turn
  // came, and the set of free users only shrinks afterwards, so none can be left over.
  it('leaves no two compatible seeks of unpaired users', () => {
    fc.assert(
      fc.property(seeksArb, (seeks) => {
        const pairs = pairSeeks(seeks, NOW);
        const paired = new Set(pairs.flatMap(([a, b]) => [a.uid, b.uid]));
        const left = seeks.filter((s) => !paired.has(s.uid));
        const leftover = left.flatMap((a) => left.filter((b) => compatible(a, b, NOW)).map((b) => [a.id, b.id]));
        expect(leftover).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order the seeks arrive in', () => {
    fc.assert(
      fc.property(
        seeksArb.chain((seeks) =>
          fc.tuple(fc.constant(seeks), fc.shuffledSubarray(seeks, { minLength: seeks.length })),
        ),
        ([seeks, shuffled]) => {
          expect(ids(pairSeeks(shuffled, NOW))).toEqual(ids(pairSeeks(seeks, NOW)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('does not change its input', () => {
    fc.assert(
      fc.property(seeksArb, (seeks) => {
        const copy = structuredClone(seeks);
        pairSeeks(seeks, NOW);
        expect(seeks).toEqual(copy);
      }),
    );
  });
});

describe('formatWait (SPEC 2: minutes:seconds)', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1_000, '0:01'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [61_000, '1:01'],
    [600_000, '10:00'],
    [3_600_000, '60:00'],
    [-5_000, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%s ms -> %s', (ms, shown) => {
    expect(formatWait(ms)).toBe(shown);
  });
});
