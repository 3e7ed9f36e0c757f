import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gameMoneyTotals, netLoss, netResult, type GameMoneyFlow } from './game-money.ts';

const at = (iso: string) => new Date(iso);
const flow = (kind: GameMoneyFlow['kind'], amount: bigint, iso = '2026-11-10T12:00:00Z'): GameMoneyFlow => ({
  kind,
  amount,
  at: at(iso),
});

describe('game money', () => {
  it.each([
    ['nothing played', [], 0n, 0n],
    ['a lost stake', [flow('staked', 500n)], -500n, 500n],
    ['a won game pays the net pot', [flow('staked', 500n), flow('won', 900n)], 400n, 0n],
    ['a refunded stake is no loss', [flow('staked', 500n), flow('returned', 500n)], 0n, 0n],
    ['a win and a loss', [flow('staked', 500n), flow('won', 900n), flow('staked', 1000n)], -600n, 600n],
  ])('%s', (_name, flows, net, loss) => {
    const totals = gameMoneyTotals(flows);
    expect(netResult(totals)).toBe(net);
    expect(netLoss(totals)).toBe(loss);
  });

  it('counts a period from its start, inclusive, to its end, exclusive', () => {
    const flows = [
      flow('staked', 1n, '2026-11-09T23:59:59.999Z'),
      flow('staked', 10n, '2026-11-10T00:00:00.000Z'),
      flow('staked', 100n, '2026-11-10T23:59:59.999Z'),
      flow('staked', 1000n, '2026-11-11T00:00:00.000Z'),
    ];
    const day = gameMoneyTotals(flows, at('2026-11-10T00:00:00Z'), at('2026-11-11T00:00:00Z'));
    expect(day.staked).toBe(110n);
  });

  it('the loss is the net result shortfall, never negative, and totals add up whatever the order', () => {
    const arb = fc.array(
      fc.record({
        kind: fc.constantFrom<GameMoneyFlow['kind']>('staked', 'returned', 'won'),
        amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
        at: fc.date({ min: at('2026-01-01T00:00:00Z'), max: at('2026-12-31T00:00:00Z'), noInvalidDate: true }),
      }),
    );
    fc.assert(
      fc.property(arb, (flows) => {
        const totals = gameMoneyTotals(flows);
        const reversed = gameMoneyTotals([...flows].reverse());
        expect(reversed).toEqual(totals);
        expect(netLoss(totals) >= 0n).toBe(true);
        expect(netLoss(totals) - (netResult(totals) < 0n ? -netResult(totals) : 0n)).toBe(0n);
        const sum = flows.reduce((s, f) => s + f.amount, 0n);
        expect(totals.staked + totals.returned + totals.won).toBe(sum);
      }),
    );
  });
});
