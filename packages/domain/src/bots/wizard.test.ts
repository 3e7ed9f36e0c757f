import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_APP_STATE, defaultCatalog, type Catalog } from '../matchmaking/catalog.ts';
import type { PlayerFacts } from '../matchmaking/eligibility.ts';
import { MATCH_TEXTS } from '../matchmaking/texts.ts';
import { BOT_TEXTS } from './texts.ts';
import { activeBotModes, decideBotStart, defaultBotGameType, normalizeBotWizard } from './wizard.ts';

const player = (over: Partial<PlayerFacts> = {}): PlayerFacts => ({
  signedIn: true,
  banned: false,
  verifiedLevel: 'notVerified',
  balances: { usd: 0n, wbx: 10_000n },
  walletReady: false,
  underLocalMajority: null,
  // Provisional everywhere and no games at any wager: neither gates bot play.
  provisional: { blitz: true, rapid: true },
  gamesAt: {},
  betLimit: null,
  ...over,
});

const withModes = (change: (c: Catalog) => void): Catalog => {
  const c = defaultCatalog();
  change(c);
  return c;
};
const off = (id: string) => (c: Catalog) => {
  c.modes.find((m) => m.id === id)!.status = 'inactive';
};

describe('bot wizard choices', () => {
  test('the bot game types are bot_000001..3 in order, bot_000001 by default (SPEC 3, 9)', () => {
    expect(activeBotModes(defaultCatalog()).map((m) => m.id)).toEqual(['bot_000001', 'bot_000002', 'bot_000003']);
    expect(defaultBotGameType(defaultCatalog())).toBe('bot_000001');
    expect(defaultBotGameType(withModes(off('bot_000001')))).toBe('bot_000002');
    const none = withModes((c) => c.modes.forEach((m) => (m.status = 'inactive')));
    expect(defaultBotGameType(none)).toBeNull();
  });

  test.each([
    [{}, { gameType: 'bot_000001', bet: 50, level: 'low' }],
    [
      { gameType: 'bot_000003', bet: '200', bot: 'high' },
      { gameType: 'bot_000003', bet: 200, level: 'high' },
    ],
    [{ gameType: 'wmgt_000001' }, { gameType: 'bot_000001', bet: 50, level: 'low' }], // a player mode is no bot type
    [
      { gameType: 'nonsense', bet: '77', bot: 'godlike' },
      { gameType: 'bot_000001', bet: 50, level: 'low' },
    ],
    [{ bet: '-5' }, { gameType: 'bot_000001', bet: 50, level: 'low' }],
    [
      { c: 'usd', bet: '500' },
      { gameType: 'bot_000001', bet: 50, level: 'low' },
    ], // $500 is not 500 RC
    [
      { c: 'wbx', bet: '2500', bot: 'mid' },
      { gameType: 'bot_000001', bet: 2500, level: 'mid' },
    ],
  ])('%j is corrected to %j (SPEC 5), always in RushCoins', (query, expected) => {
    expect(normalizeBotWizard(query, defaultCatalog())).toEqual({ ...expected, currency: 'wbx' });
  });

  test('whatever the query, the result is an active bot type, an active wbx wager and a level', () => {
    const catalog = defaultCatalog();
    fc.assert(
      fc.property(
        fc.record({
          gameType: fc.option(fc.string()),
          c: fc.option(fc.string()),
          bet: fc.option(fc.string()),
          bot: fc.option(fc.string()),
        }),
        (q) => {
          const r = normalizeBotWizard(q, catalog);
          expect(activeBotModes(catalog).some((m) => m.id === r.gameType)).toBe(true);
          expect(catalog.wagers.some((w) => w.currency === 'wbx' && w.value === r.bet)).toBe(true);
          expect(['low', 'mid', 'high']).toContain(r.level);
          expect(r.currency).toBe('wbx');
        },
      ),
    );
  });
});

describe('starting a bot game', () => {
  const req = { gameType: 'bot_000001', currency: 'wbx' as const, bet: 50, level: 'mid' as const };

  test('a funded player starts: the stake in minor units and the level multiplier', () => {
    const d = decideBotStart(player(), DEFAULT_APP_STATE, defaultCatalog(), req);
    expect(d).toMatchObject({ ok: true, mode: 'bot_000001', amount: 5_000n, level: 'mid', multiplier: 2n });
  });

  test.each([
    ['banned', player({ banned: true }), req, 'banned', MATCH_TEXTS.banned],
    ['without funds', player({ balances: { usd: 0n, wbx: 0n } }), req, 'noBalance', MATCH_TEXTS.noBalance],
    [
      'for USD',
      player({ balances: { usd: 10_000n, wbx: 10_000n } }),
      { ...req, currency: 'usd' as const, bet: 5 },
      'botCurrency',
      BOT_TEXTS.rushCoinsOnly,
    ],
    ['in a player mode', player(), { ...req, gameType: 'wmgt_000001' }, 'gameType', MATCH_TEXTS.gameTypeUnavailable],
    ['at a wager not offered', player(), { ...req, bet: 51 }, 'wager', MATCH_TEXTS.wagerUnavailable],
    [
      'above the balance',
      player({ balances: { usd: 0n, wbx: 4_999n } }),
      req,
      'insufficient',
      MATCH_TEXTS.insufficientBalance,
    ],
  ])('refused %s', (_name, p, r, code, message) => {
    expect(decideBotStart(p, DEFAULT_APP_STATE, defaultCatalog(), r)).toEqual({ ok: false, code, message });
  });

  test('refused while games are paused, with the announcement', () => {
    const app = { paused: true, announcement: { show: true, title: 'Back soon', text: 'Upgrading', returnTime: null } };
    expect(decideBotStart(player(), app, defaultCatalog(), req)).toEqual({
      ok: false,
      code: 'paused',
      message: 'Upgrading',
    });
  });

  test('refused when the bot type is switched off by an admin', () => {
    expect(decideBotStart(player(), DEFAULT_APP_STATE, withModes(off('bot_000001')), req)).toMatchObject({
      ok: false,
      code: 'gameType',
    });
  });
});
