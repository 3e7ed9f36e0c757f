import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LICHESS_LIMITS, mayBulkPair, mayChallengeStranger } from './lichess-limits.ts';

const MIN = 60_000;
const now = 10 * 24 * 60 * MIN;
const ago = (ms: number) => now - ms;

describe('mayChallengeStranger: lila challenge credits (25/min, 200/day, 5 per stranger) and 500 per address per 10 min', () => {
  it.each([
    ['nothing spent', [], [], { ok: true }],
    ['4 this minute (20 credits)', [1, 2, 3, 4].map((s) => ago(s * 1000)), [], { ok: true }],
    [
      '5 this minute (25 credits)',
      [1, 2, 3, 4, 5].map((s) => ago(s * 1000)),
      [],
      { ok: false, limit: 'userMinute', retryAt: ago(5000) + MIN },
    ],
    ['5 just over a minute ago', [61, 62, 63, 64, 65].map((s) => ago(s * 1000)), [], { ok: true }],
    [
      '40 today, spread over hours (200 credits)',
      Array.from({ length: 40 }, (_, i) => ago((i + 1) * 10 * MIN)),
      [],
      { ok: false, limit: 'userDay', retryAt: ago(400 * MIN) + 24 * 60 * MIN },
    ],
    ['39 today', Array.from({ length: 39 }, (_, i) => ago((i + 1) * 10 * MIN)), [], { ok: true }],
    [
      'the address sent 500 in 10 minutes',
      [],
      Array.from({ length: 500 }, (_, i) => ago(i * 1000)),
      { ok: false, limit: 'address', retryAt: ago(499 * 1000) + 10 * MIN },
    ],
    ['the address sent 499', [], Array.from({ length: 499 }, (_, i) => ago(i * 1000)), { ok: true }],
  ])('%s', (_name, user, address, expected) => {
    expect(mayChallengeStranger({ userChallengesAt: user, addressChallengesAt: address, now })).toEqual(expected);
  });

  it('property: challenges made only when allowed never exceed a budget in any window, and a refusal ends at retryAt', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 120 }), (gaps) => {
        const sent: number[] = [];
        let t = 0;
        for (const gap of gaps) {
          t += gap;
          const v = mayChallengeStranger({ userChallengesAt: sent, addressChallengesAt: sent, now: t });
          if (v.ok) sent.push(t);
          else {
            expect(v.retryAt).toBeGreaterThan(t);
            expect(mayChallengeStranger({ userChallengesAt: sent, addressChallengesAt: sent, now: v.retryAt }).ok).toBe(
              true,
            );
          }
        }
        for (const s of sent) {
          const inMinute = sent.filter((x) => x > s - MIN && x <= s).length;
          expect(inMinute * LICHESS_LIMITS.strangerChallengeCost).toBeLessThanOrEqual(
            LICHESS_LIMITS.userCreditsPerMinute,
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('mayBulkPair: 500 games every 10 minutes per operator token', () => {
  it.each([
    ['none yet, one game', [], 1, { ok: true }],
    ['499 then one', Array.from({ length: 499 }, (_, i) => ago(i)), 1, { ok: true }],
    [
      '500 then one',
      Array.from({ length: 500 }, (_, i) => ago(i)),
      1,
      // Room comes when the oldest of them leaves the window.
      { ok: false, limit: 'bulk', retryAt: ago(499) + 10 * MIN },
    ],
    ['500 over 10 minutes ago', Array.from({ length: 500 }, (_, i) => ago(10 * MIN + i)), 1, { ok: true }],
    ['498 then two', Array.from({ length: 498 }, (_, i) => ago(i)), 2, { ok: true }],
    [
      '499 then two',
      Array.from({ length: 499 }, (_, i) => ago(i)),
      2,
      { ok: false, limit: 'bulk', retryAt: ago(498) + 10 * MIN },
    ],
  ])('%s', (_name, pairedAt, games, expected) => {
    expect(mayBulkPair({ pairedAt, games, now })).toEqual(expected);
  });
});
