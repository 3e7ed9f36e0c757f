import { describe, expect, it } from 'vitest';
import {
  activeHumanModes,
  activeWagers,
  DEFAULT_APP_STATE,
  DEFAULT_USD_WAGERS,
  DEFAULT_WBX_WAGERS,
  defaultCatalog,
  defaultGameType,
  wagerMinor,
  wagerName,
  type Catalog,
  type ModeStatus,
} from './catalog.ts';
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_SINCE, LANDING_LEADERBOARD_SIZE, medalOf } from './leaderboard.ts';
import type { GameModeId } from '../play/modes.ts';

describe('defaultCatalog (SPEC 3)', () => {
  const c = defaultCatalog();

  it("has SPEC's modes with names, order and time control, all active", () => {
    expect(c.modes.map((m) => [m.id, m.name, m.order, m.value, m.status])).toEqual([
      ['wmgt_000001', 'Blitz 3+0', 1, '3+0', 'active'],
      ['wmgt_000002', 'Blitz 5+0', 2, '5+0', 'active'],
      ['wmgt_000003', 'Rapid 10+0', 3, '10+0', 'active'],
      ['bot_000001', '30 Min/Side', 4, '30+0', 'active'],
      ['bot_000002', '10 Min/Side', 5, '10+0', 'active'],
      ['bot_000003', '15 Min/Side', 6, '15+0', 'active'],
    ]);
  });

  it('has the wagers usd 1, 5, 10, 25, 50 and wbx 50, 100, 200, 500, 1000, 2500', () => {
    expect(DEFAULT_USD_WAGERS).toEqual([1, 5, 10, 25, 50]);
    expect(DEFAULT_WBX_WAGERS).toEqual([50, 100, 200, 500, 1000, 2500]);
    expect(c.wagers.map((w) => [w.currency, w.key, w.name, w.value])).toEqual([
      ['usd', 'usd_1', 'USD $1', 1],
      ['usd', 'usd_2', 'USD $5', 5],
      ['usd', 'usd_3', 'USD $10', 10],
      ['usd', 'usd_4', 'USD $25', 25],
      ['usd', 'usd_5', 'USD $50', 50],
      ['wbx', 'wbx_1', '50 RushCoins', 50],
      ['wbx', 'wbx_2', '100 RushCoins', 100],
      ['wbx', 'wbx_3', '200 RushCoins', 200],
      ['wbx', 'wbx_4', '500 RushCoins', 500],
      ['wbx', 'wbx_5', '1000 RushCoins', 1000],
      ['wbx', 'wbx_6', '2500 RushCoins', 2500],
    ]);
  });

  it('wagers start active, without a ladder, cash closed to provisional ratings', () => {
    for (const w of c.wagers) {
      expect(w.status).toBe('active');
      expect(w.minRequirement).toBe(0);
      expect(w.provisionalStatus).toBe(w.currency === 'wbx');
    }
  });

  it('each call is a fresh copy an admin change cannot leak from', () => {
    const mine = defaultCatalog();
    mine.modes[0]!.status = 'inactive';
    mine.wagers[0]!.value = 2;
    expect(defaultCatalog()).toEqual(c);
  });

  it('the app runs with no announcement by default', () => {
    expect(DEFAULT_APP_STATE).toEqual({
      paused: false,
      announcement: { show: false, title: '', text: '', returnTime: null },
    });
  });
});

describe('wager amounts and names (SPEC 2: "N RushCoins" or "USD $N")', () => {
  it.each([
    [1, 100n],
    [5, 500n],
    [50, 5_000n],
    [2500, 250_000n],
    [0, 0n],
  ])('%i -> %s minor units', (value, minor) => {
    expect(wagerMinor(value)).toBe(minor);
  });
  it('names', () => {
    expect(wagerName('usd', 25)).toBe('USD $25');
    expect(wagerName('wbx', 1000)).toBe('1000 RushCoins');
  });
});

describe('defaultGameType (SPEC 4: wmgt_000001 if active, else the first active)', () => {
  const withStatus = (status: Partial<Record<GameModeId, ModeStatus>>, order?: Partial<Record<GameModeId, number>>) => {
    const c = defaultCatalog();
    for (const m of c.modes) {
      m.status = status[m.id] ?? m.status;
      m.order = order?.[m.id] ?? m.order;
    }
    return c;
  };
  it.each<[string, Catalog, GameModeId | null]>([
    ['all active', defaultCatalog(), 'wmgt_000001'],
    ['wmgt_000001 active though not first in order', withStatus({}, { wmgt_000001: 9 }), 'wmgt_000001'],
    ['wmgt_000001 inactive', withStatus({ wmgt_000001: 'inactive' }), 'wmgt_000002'],
    [
      'wmgt_000001 inactive, rapid ordered first',
      withStatus({ wmgt_000001: 'inactive' }, { wmgt_000003: 0 }),
      'wmgt_000003',
    ],
    [
      'only bot modes active',
      withStatus({ wmgt_000001: 'inactive', wmgt_000002: 'inactive', wmgt_000003: 'inactive' }),
      null,
    ],
  ])('%s -> %s', (_name, catalog, expected) => {
    expect(defaultGameType(catalog)).toBe(expected);
  });

  it('activeHumanModes leaves out bots and inactive modes, in order', () => {
    const c = withStatus({ wmgt_000002: 'inactive' }, { wmgt_000001: 5 });
    expect(activeHumanModes(c).map((m) => m.id)).toEqual(['wmgt_000003', 'wmgt_000001']);
  });
});

describe('activeWagers', () => {
  it('one currency, active only, ascending by value whatever the key', () => {
    const c = defaultCatalog();
    const w = (key: string) => c.wagers.find((x) => x.key === key)!;
    w('usd_2').status = 'inactive';
    w('usd_1').value = 30;
    expect(activeWagers(c, 'usd').map((x) => x.value)).toEqual([10, 25, 30, 50]);
    expect(activeWagers(c, 'wbx').map((x) => x.value)).toEqual([...DEFAULT_WBX_WAGERS]);
  });
});

describe('leaderboard (SPEC 2, 9)', () => {
  it.each([
    [1, 'gold'],
    [2, 'silver'],
    [3, 'bronze'],
    [4, null],
    [0, null],
    [15, null],
  ])('rank %i medal: %s', (rank, medal) => {
    expect(medalOf(rank)).toBe(medal);
  });

  it('top 15, wins after 7 July 2022', () => {
    expect(LEADERBOARD_PAGE_SIZE).toBe(15);
    expect(LANDING_LEADERBOARD_SIZE).toBe(15);
    expect(LEADERBOARD_SINCE.toISOString()).toBe('2022-07-08T00:00:00.000Z');
  });
});
