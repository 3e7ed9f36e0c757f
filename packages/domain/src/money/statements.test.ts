import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameMoneyFlow } from './game-money.ts';
import {
  csvField,
  formatPlayed,
  statementCsv,
  statementFigures,
  statementHasActivity,
  statementRows,
  timePlayed,
  type StatementFlow,
} from './statements.ts';

const at = (iso: string) => new Date(iso);
const when = at('2026-11-10T12:00:00Z');
const game = (kind: GameMoneyFlow['kind'], amount: bigint): GameMoneyFlow => ({ kind, amount, at: when });
const usd = (kind: StatementFlow['kind'], amount: bigint): StatementFlow => ({ kind, currency: 'usd', amount });
const none = { usd: [], wbx: [] };

describe('statement figures', () => {
  it.each([
    ['nothing', [], none, {}],
    ['a deposit and its fee', [usd('deposit', 2000n), usd('depositFee', 100n)], none, { deposits: 2000n, fees: 100n }],
    [
      'a withdrawal, its fee, and one that came back',
      [usd('withdrawal', 1500n), usd('withdrawalFee', 300n), usd('withdrawal', 500n), usd('withdrawalReturned', 500n)],
      none,
      { withdrawals: 1500n, fees: 300n },
    ],
    [
      'a won and a lost game',
      [],
      { usd: [game('staked', 500n), game('won', 900n), game('staked', 1000n)], wbx: [] },
      { staked: 1500n, won: 900n, lost: 600n, net: -600n },
    ],
    [
      'a refunded stake',
      [],
      { usd: [game('staked', 500n), game('returned', 500n)], wbx: [] },
      { staked: 500n, returned: 500n },
    ],
  ])('USD: %s', (_name, flows, games, expected) => {
    const s = statementFigures({ month: '2026-11', flows, game: games, games: 0, playedMs: 0 });
    expect(s.usd).toEqual({
      deposits: 0n,
      withdrawals: 0n,
      fees: 0n,
      staked: 0n,
      returned: 0n,
      won: 0n,
      lost: 0n,
      net: 0n,
      earned: 0n,
      spent: 0n,
      ...expected,
    });
  });

  it('RushCoins: earned from rewards, spent is what games kept', () => {
    const s = statementFigures({
      month: '2026-11',
      flows: [{ kind: 'earned', currency: 'wbx', amount: 10000n }],
      game: { usd: [], wbx: [game('staked', 5000n), game('returned', 1000n), game('won', 2000n)] },
      games: 2,
      playedMs: 0,
    });
    expect(s.wbx).toMatchObject({ earned: 10000n, spent: 4000n, staked: 5000n, won: 2000n, net: -2000n, lost: 2000n });
    expect(s.usd.spent).toBe(0n);
  });

  it('activity is any figure, a game or time played', () => {
    const base = { month: '2026-11', flows: [], game: none, games: 0, playedMs: 0 };
    expect(statementHasActivity(statementFigures(base))).toBe(false);
    expect(statementHasActivity(statementFigures({ ...base, games: 1 }))).toBe(true);
    expect(statementHasActivity(statementFigures({ ...base, flows: [usd('deposit', 1n)] }))).toBe(true);
  });

  it('net is won plus given back minus staked; lost its shortfall, whatever the flows', () => {
    const flow = fc.record({
      kind: fc.constantFrom<GameMoneyFlow['kind']>('staked', 'returned', 'won'),
      amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      at: fc.constant(when),
    });
    fc.assert(
      fc.property(fc.array(flow), (flows) => {
        const f = statementFigures({
          month: '2026-11',
          flows: [],
          game: { usd: flows, wbx: flows },
          games: 0,
          playedMs: 0,
        });
        expect(f.usd.net).toBe(f.usd.won + f.usd.returned - f.usd.staked);
        expect(f.usd.lost).toBe(f.usd.net < 0n ? -f.usd.net : 0n);
        expect(f.wbx.spent >= 0n && f.wbx.spent <= f.wbx.staked).toBe(true);
      }),
    );
  });
});

describe('time played', () => {
  const from = at('2026-11-01T00:00:00Z');
  const to = at('2026-12-01T00:00:00Z');
  const now = at('2026-12-05T00:00:00Z');
  it.each([
    ['a game inside', [{ startedAt: at('2026-11-02T10:00:00Z'), endedAt: at('2026-11-02T10:30:00Z') }], 30 * 60_000],
    [
      'a game across the month start counts its part inside',
      [{ startedAt: at('2026-10-31T23:50:00Z'), endedAt: at('2026-11-01T00:10:00Z') }],
      10 * 60_000,
    ],
    ['a game of another month', [{ startedAt: at('2026-10-02T10:00:00Z'), endedAt: at('2026-10-02T11:00:00Z') }], 0],
    ['a running game counts to the month end', [{ startedAt: at('2026-11-30T23:00:00Z'), endedAt: null }], 3_600_000],
  ])('%s', (_name, games, ms) => {
    expect(timePlayed(games, from, to, now)).toBe(ms);
  });

  it('never exceeds the games durations and is never negative', () => {
    const instant = fc.date({ min: at('2026-10-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, instant)), (pairs) => {
        const games = pairs.map(([a, b]) => (a < b ? { startedAt: a, endedAt: b } : { startedAt: b, endedAt: a }));
        const whole = games.reduce((s, g) => s + (g.endedAt.getTime() - g.startedAt.getTime()), 0);
        const ms = timePlayed(games, from, to, now);
        expect(ms >= 0 && ms <= whole).toBe(true);
      }),
    );
  });

  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [65 * 60_000, '1 h 05 min'],
  ])('%i ms reads %s', (ms, text) => expect(formatPlayed(ms)).toBe(text));
});

describe('statement CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('quotes %j as %j', (raw, quoted) => expect(csvField(raw)).toBe(quoted));

  it('any field reads back as itself by the RFC 4180 rules', () => {
    // A reader of one quoted or bare field: what a spreadsheet does with it.
    const read = (field: string) => (field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', '1') }), (raw) => {
        const field = csvField(raw);
        expect(read(field)).toBe(raw);
        // A bare field holds no separator, quote or line break.
        if (!field.startsWith('"')) expect(/[",\r\n]/.test(field)).toBe(false);
      }),
    );
  });

  it('has a header and one line per row, amounts as plain decimals', () => {
    const s = statementFigures({
      month: '2026-11',
      flows: [usd('deposit', 123456n), usd('depositFee', 300n)],
      game: { usd: [game('staked', 500n)], wbx: [] },
      games: 1,
      playedMs: 65 * 60_000,
    });
    const lines = statementCsv(s).split('\r\n');
    expect(lines[0]).toBe('Month,Figure,Currency,Amount');
    expect(lines).toContain('2026-11,Deposits,USD,1234.56');
    expect(lines).toContain('2026-11,Fees (deposit and withdrawal),USD,3.00');
    expect(lines).toContain('2026-11,Net result of games,USD,-5.00');
    expect(lines).toContain('2026-11,RushCoins earned,RC,0.00');
    expect(lines).toContain('2026-11,Games played,,1');
    expect(lines).toContain('2026-11,Time played (minutes),,65');
    expect(lines).toHaveLength(statementRows(s).length + 2);
    expect(lines[lines.length - 1]).toBe('');
  });

  it('shows amounts with their currency on the page', () => {
    const s = statementFigures({ month: '2026-11', flows: [usd('deposit', 2000n)], game: none, games: 0, playedMs: 0 });
    expect(statementRows(s).find((r) => r.label === 'Deposits')?.shown).toBe('$20.00');
  });
});
