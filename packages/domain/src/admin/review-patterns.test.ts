import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEPOSIT_BURST_COUNT,
  DEPOSIT_BURST_WINDOW_MS,
  depositBursts,
  HOUR_MS,
  STAKE_CHASE_RAISES,
  stakeChases,
  type DepositMovement,
  type StakedGame,
} from './review-patterns.ts';

const T0 = Date.UTC(2026, 10, 1, 8);
const dep = (id: string, hours: number, amount = 5000n): DepositMovement => ({
  id,
  amount,
  at: new Date(T0 + hours * HOUR_MS),
});
const ids = (b: { deposits: DepositMovement[] }) => b.deposits.map((d) => d.id);

describe('depositBursts (3 or more within 24 hours)', () => {
  it.each([
    ['two in a day are ordinary', [dep('a', 0), dep('b', 1)], []],
    ['three within 24 hours', [dep('a', 0), dep('b', 5), dep('c', 23.9)], [['a', 'b', 'c']]],
    ['the third exactly 24 hours on is outside', [dep('a', 0), dep('b', 5), dep('c', 24)], []],
    ['three a day apart are not one', [dep('a', 0), dep('b', 20), dep('c', 40)], []],
    [
      'a run of five in a day is one finding',
      [0, 1, 2, 3, 4].map((h) => dep(`d${h}`, h)),
      [['d0', 'd1', 'd2', 'd3', 'd4']],
    ],
    [
      'two bursts a week apart are two',
      [dep('a', 0), dep('b', 1), dep('c', 2), dep('x', 200), dep('y', 201), dep('z', 202)],
      [
        ['a', 'b', 'c'],
        ['x', 'y', 'z'],
      ],
    ],
    ['order of the input does not matter', [dep('c', 3), dep('a', 0), dep('b', 1)], [['a', 'b', 'c']]],
  ])('%s', (_name, deposits, expected) => {
    expect(depositBursts(deposits).map(ids)).toEqual(expected);
  });

  it('totals and spans the burst', () => {
    const [b] = depositBursts([dep('a', 0, 1000n), dep('b', 2, 2000n), dep('c', 3, 3000n)]);
    expect(b?.total).toBe(6000n);
    expect(b?.from.getTime()).toBe(T0);
    expect(b?.to.getTime()).toBe(T0 + 3 * HOUR_MS);
  });

  const deposits = fc
    .array(fc.integer({ min: 0, max: 24 * 10 }), { maxLength: 25 })
    .map((hours) => hours.map((h, i) => dep(`d${i}`, h)));

  it('flags exactly the deposits that sit in some 24-hour window of three, each once', () => {
    fc.assert(
      fc.property(deposits, (list) => {
        const found = depositBursts(list).flatMap(ids);
        expect(new Set(found).size).toBe(found.length);
        const times = list.map((d) => d.at.getTime());
        for (const d of list) {
          const t = d.at.getTime();
          // d is in a window [s, s + 24h) with 3+ deposits, s one of the deposit times.
          const inWindow = times.some(
            (s) =>
              s <= t &&
              t - s < DEPOSIT_BURST_WINDOW_MS &&
              times.filter((u) => u >= s && u - s < DEPOSIT_BURST_WINDOW_MS).length >= DEPOSIT_BURST_COUNT,
          );
          expect(found.includes(d.id)).toBe(inWindow);
        }
      }),
    );
  });

  it('every burst holds at least three deposits, oldest first, totalled', () => {
    fc.assert(
      fc.property(deposits, (list) => {
        for (const b of depositBursts(list)) {
          expect(b.deposits.length).toBeGreaterThanOrEqual(DEPOSIT_BURST_COUNT);
          const at = b.deposits.map((d) => d.at.getTime());
          expect(at).toEqual([...at].sort((x, y) => x - y));
          expect(b.total).toBe(b.deposits.reduce((s, d) => s + d.amount, 0n));
        }
      }),
    );
  });
});

const game = (
  ref: string,
  stake: bigint,
  payout: bigint | null,
  minutes: number,
  currency: 'usd' | 'wbx' = 'usd',
): StakedGame => ({
  ref,
  currency,
  stake,
  payout,
  at: new Date(T0 + minutes * 60_000),
});
const refs = (c: { games: StakedGame[] }) => c.games.map((g) => g.ref);

describe('stakeChases (3 raises in a row, each right after a loss)', () => {
  it.each([
    [
      'three raises after three losses',
      [game('a', 100n, 0n, 0), game('b', 200n, 0n, 10), game('c', 500n, 0n, 20), game('d', 1000n, null, 30)],
      [['a', 'b', 'c', 'd']],
    ],
    ['two raises are not enough', [game('a', 100n, 0n, 0), game('b', 200n, 0n, 10), game('c', 500n, 900n, 20)], []],
    [
      'a win breaks the run',
      [game('a', 100n, 0n, 0), game('b', 200n, 360n, 10), game('c', 500n, 0n, 20), game('d', 1000n, 0n, 30)],
      [],
    ],
    [
      'a draw (something back) is not a loss',
      [game('a', 100n, 0n, 0), game('b', 200n, 180n, 10), game('c', 500n, 0n, 20), game('d', 1000n, 0n, 30)],
      [],
    ],
    [
      'the same stake again is not a raise',
      [game('a', 100n, 0n, 0), game('b', 100n, 0n, 10), game('c', 500n, 0n, 20), game('d', 1000n, 0n, 30)],
      [],
    ],
    [
      'currencies are apart: RushCoin games between do not break a USD run',
      [
        game('a', 100n, 0n, 0),
        game('r1', 5n, 9n, 5, 'wbx'),
        game('b', 200n, 0n, 10),
        game('c', 500n, 0n, 20),
        game('d', 1000n, 0n, 30),
      ],
      [['a', 'b', 'c', 'd']],
    ],
  ])('%s', (_name, games, expected) => {
    expect(stakeChases(games).map(refs)).toEqual(expected);
  });

  const games = fc
    .array(
      fc.record({
        stake: fc.bigInt({ min: 1n, max: 20n }),
        payout: fc.option(fc.constantFrom(0n, 0n, 0n, 10n, 30n), { nil: null }),
        currency: fc.constantFrom('usd' as const, 'wbx' as const),
      }),
      { maxLength: 30 },
    )
    .map((list) => list.map((g, i) => game(`g${i}`, g.stake, g.payout, i, g.currency)));

  it('each run is a chain of losses each followed by a larger stake, long enough, maximal, and disjoint', () => {
    fc.assert(
      fc.property(games, (list) => {
        const chases = stakeChases(list);
        const seen = chases.flatMap(refs);
        expect(new Set(seen).size).toBe(seen.length);
        for (const c of chases) {
          expect(c.raises).toBe(c.games.length - 1);
          expect(c.raises).toBeGreaterThanOrEqual(STAKE_CHASE_RAISES);
          for (let k = 0; k < c.games.length - 1; k += 1) {
            expect(c.games[k]!.payout).toBe(0n);
            expect(c.games[k + 1]!.stake > c.games[k]!.stake).toBe(true);
          }
          const same = list.filter((g) => g.currency === c.currency);
          const first = same.indexOf(c.games[0]!);
          const before = same[first - 1];
          // Maximal: the game before did not lead into the run.
          if (before) expect(before.payout === 0n && c.games[0]!.stake > before.stake).toBe(false);
        }
      }),
    );
  });
});
