import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampCustomDeposit,
  decideLimit,
  depositRoom,
  isLimitActive,
  presetVisible,
  type SelfLimit,
} from './limits.ts';
import { canTopUp, gameRewards, RC_REWARDS } from './rewards.ts';

const now = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const day = 86_400_000;

describe('self-limits (SPEC 4)', () => {
  const active: SelfLimit = { max: 5000n, until: later(7 * day) };
  it('active while until is later than now', () => {
    expect(isLimitActive(active, now)).toBe(true);
    expect(isLimitActive({ max: 1n, until: now }, now)).toBe(false);
    expect(isLimitActive(null, now)).toBe(false);
  });
  it.each([
    ['stricter max applies at once', { max: 1000n, until: later(7 * day) }, true],
    ['longer, same max applies', { max: 5000n, until: later(30 * day) }, true],
    ['higher max refused', { max: 9000n, until: later(30 * day) }, false],
    ['shorter refused', { max: 1000n, until: later(day) }, false],
  ])('%s', (_name, proposed, ok) => {
    expect(decideLimit(active, proposed, now).ok).toBe(ok);
  });
  it('anything goes once the active limit expired; past dates never', () => {
    expect(decideLimit({ max: 1n, until: later(-1) }, { max: 9000n, until: later(day) }, now).ok).toBe(true);
    expect(decideLimit(null, { max: 9000n, until: later(-1) }, now)).toEqual({ ok: false, reason: 'expired' });
  });
  it('an accepted replacement is never looser than an active limit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 7n }), fc.integer({ min: 1, max: 60 * day }), (max, ms) => {
        const d = decideLimit(active, { max, until: later(ms) }, now);
        if (d.ok) {
          expect(d.limit.max <= active.max).toBe(true);
          expect(d.limit.until.getTime() >= active.until.getTime()).toBe(true);
        }
      }),
    );
  });
});

describe('deposits (SPEC 5, 9)', () => {
  it.each([
    [-5, 0n],
    [0, 0n],
    [12.7, 1200n],
    [10000, 1_000_000n],
    [99999, 1_000_000n],
    [Number.NaN, 0n],
  ])('custom %s -> %s cents', (input, cents) => {
    expect(clampCustomDeposit(input)).toBe(cents);
  });
  it('presets shown only without an active limit or a limit above the amount', () => {
    expect(presetVisible(5000n, null, now)).toBe(true);
    expect(presetVisible(5000n, { max: 5000n, until: later(day) }, now)).toBe(false);
    expect(presetVisible(2000n, { max: 5000n, until: later(day) }, now)).toBe(true);
  });
  it('room under the $3,000 monthly cap and a deposit limit', () => {
    expect(depositRoom(0n, null, now)).toBe(300_000n);
    expect(depositRoom(250_000n, null, now)).toBe(50_000n);
    expect(depositRoom(0n, { max: 10_000n, until: later(day) }, now)).toBe(10_000n);
    expect(depositRoom(400_000n, null, now)).toBe(0n);
  });
});

describe('RushCoins (SPEC 9)', () => {
  it('rewards per game, win bonus, first game of the day', () => {
    const total = (r: { amount: bigint }[]) => r.reduce((a, b) => a + b.amount, 0n);
    expect(total(gameRewards({ won: false, firstGameOfDay: false }))).toBe(10_000n);
    expect(total(gameRewards({ won: true, firstGameOfDay: true }))).toBe(65_000n);
    expect(RC_REWARDS.linkAccount).toBe(50_000n);
  });
  it('top-up only at zero, without a running game, once a day', () => {
    const base = { wbxBalance: 0n, gameRunning: false, lastTopUpAt: null, now };
    expect(canTopUp(base)).toBe(true);
    expect(canTopUp({ ...base, wbxBalance: 1n })).toBe(false);
    expect(canTopUp({ ...base, gameRunning: true })).toBe(false);
    expect(canTopUp({ ...base, lastTopUpAt: later(-3600_000) })).toBe(false);
    expect(canTopUp({ ...base, lastTopUpAt: later(-day) })).toBe(true);
  });
});
