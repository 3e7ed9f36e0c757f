import { describe, expect, it } from 'vitest';
import type { VerifiedLevel } from '../accounts/appearance.ts';
import type { Currency } from '../money/currency.ts';
import type { GameModeId } from '../play/modes.ts';
import { DEFAULT_APP_STATE, defaultCatalog, type AppStateConfig, type Catalog } from './catalog.ts';
import {
  decideJoin,
  decideStart,
  ELO_GAP,
  gamesKey,
  normalizeWizard,
  wagerOptions,
  type HostSeek,
  type PlayerFacts,
  type RefusalCode,
  type StartDecision,
} from './eligibility.ts';
import { MATCH_TEXTS } from './texts.ts';

/** A player who may play anything: signed in, funded in both currencies, wallet ready, adult. */
const player = (over: Partial<PlayerFacts> = {}): PlayerFacts => ({
  signedIn: true,
  banned: false,
  verifiedLevel: 'notVerified',
  balances: { usd: 100_000n, wbx: 1_000_000n },
  walletReady: true,
  underLocalMajority: false,
  provisional: { blitz: false, rapid: false },
  gamesAt: {},
  betLimit: null,
  ...over,
});

const paused = (text: string): AppStateConfig => ({
  paused: true,
  announcement: { show: true, title: 'Maintenance', text, returnTime: null },
});

/** The default catalog with some wagers changed, e.g. a ladder requirement. */
const catalogWith = (change: (c: Catalog) => void): Catalog => {
  const c = defaultCatalog();
  change(c);
  return c;
};
const wager = (c: Catalog, key: string) => {
  const w = c.wagers.find((x) => x.key === key);
  if (!w) throw new Error(`no wager ${key}`);
  return w;
};
/** usd_2 ($5) needs 3 games at $1; wbx_2 (100 RC) needs 2 games at 50 RC. */
const ladder = catalogWith((c) => {
  wager(c, 'usd_2').minRequirement = 3;
  wager(c, 'wbx_2').minRequirement = 2;
});

const start = (
  p: PlayerFacts,
  req: { gameType?: string; currency?: Currency; bet?: number } = {},
  app: AppStateConfig = DEFAULT_APP_STATE,
  catalog: Catalog = defaultCatalog(),
): StartDecision => decideStart(p, app, catalog, { gameType: 'wmgt_000001', currency: 'usd', bet: 5, ...req });

const refusal = (d: StartDecision) => (d.ok ? null : { code: d.code, message: d.message });

describe('decideStart: account rules (SPEC 5 "Starting a game")', () => {
  it.each<[string, PlayerFacts, AppStateConfig, RefusalCode, string]>([
    ['signed out goes to login', player({ signedIn: false }), DEFAULT_APP_STATE, 'login', MATCH_TEXTS.login],
    ['banned', player({ banned: true }), DEFAULT_APP_STATE, 'banned', MATCH_TEXTS.banned],
    ['paused shows the announcement', player(), paused('Back at 6 pm'), 'paused', 'Back at 6 pm'],
    ['paused without a text', player(), paused(''), 'paused', MATCH_TEXTS.paused],
    ['paused with a blank text', player(), paused('   '), 'paused', MATCH_TEXTS.paused],
    [
      'no balance in either currency',
      player({ balances: { usd: 0n, wbx: 0n } }),
      DEFAULT_APP_STATE,
      'noBalance',
      MATCH_TEXTS.noBalance,
    ],
    [
      'negative balances count as none',
      player({ balances: { usd: -5n, wbx: 0n } }),
      DEFAULT_APP_STATE,
      'noBalance',
      MATCH_TEXTS.noBalance,
    ],
  ])('%s', (_name, p, app, code, message) => {
    expect(refusal(start(p, {}, app))).toEqual({ code, message });
  });

  it('a positive balance in one currency is enough to pass the wallet warning', () => {
    expect(refusal(start(player({ balances: { usd: 0n, wbx: 1n } }), { currency: 'wbx', bet: 50 }))).toEqual({
      code: 'insufficient',
      message: MATCH_TEXTS.insufficientBalance,
    });
    expect(start(player({ balances: { usd: 0n, wbx: 5_000n } }), { currency: 'wbx', bet: 50 }).ok).toBe(true);
  });
});

describe('decideStart: game type and wager must be offered', () => {
  const noRapid = catalogWith((c) => {
    const m = c.modes.find((x) => x.id === 'wmgt_000003');
    if (m) m.status = 'inactive';
  });
  const no25 = catalogWith((c) => {
    wager(c, 'usd_4').status = 'inactive';
  });
  it.each<[string, { gameType?: string; currency?: Currency; bet?: number }, Catalog, RefusalCode, string]>([
    ['unknown game type', { gameType: 'wmgt_999999' }, defaultCatalog(), 'gameType', MATCH_TEXTS.gameTypeUnavailable],
    ['empty game type', { gameType: '' }, defaultCatalog(), 'gameType', MATCH_TEXTS.gameTypeUnavailable],
    ['inactive game type', { gameType: 'wmgt_000003' }, noRapid, 'gameType', MATCH_TEXTS.gameTypeUnavailable],
    [
      'bot modes are not offered to matchmaking',
      { gameType: 'bot_000001', currency: 'wbx', bet: 50 },
      defaultCatalog(),
      'gameType',
      MATCH_TEXTS.gameTypeUnavailable,
    ],
    ['a value not in the list', { bet: 7 }, defaultCatalog(), 'wager', MATCH_TEXTS.wagerUnavailable],
    [
      'a value of the other currency',
      { currency: 'usd', bet: 100 },
      defaultCatalog(),
      'wager',
      MATCH_TEXTS.wagerUnavailable,
    ],
    ['an inactive wager', { bet: 25 }, no25, 'wager', MATCH_TEXTS.wagerUnavailable],
  ])('%s', (_name, req, catalog, code, message) => {
    expect(refusal(start(player(), req, DEFAULT_APP_STATE, catalog))).toEqual({ code, message });
  });

  it('accepts an offered wager with its stake in minor units', () => {
    const d = start(player(), { gameType: 'wmgt_000003', currency: 'usd', bet: 25 });
    expect(d).toMatchObject({ ok: true, mode: 'wmgt_000003', amount: 2_500n, wager: { key: 'usd_4', value: 25 } });
    expect(start(player(), { currency: 'wbx', bet: 2500 })).toMatchObject({ ok: true, amount: 250_000n });
  });
});

describe('decideStart: per-wager rules (SPEC 5, 6)', () => {
  it.each<[string, PlayerFacts, { currency: Currency; bet: number }, RefusalCode, string]>([
    [
      'USD above the bet limit',
      player({ betLimit: 1_000n }),
      { currency: 'usd', bet: 25 },
      'betLimit',
      MATCH_TEXTS.aboveBetLimit,
    ],
    [
      'USD equal to the bet limit',
      player({ betLimit: 1_000n }),
      { currency: 'usd', bet: 10 },
      'betLimit',
      MATCH_TEXTS.aboveBetLimit,
    ],
    [
      'USD without a ready wallet',
      player({ walletReady: false }),
      { currency: 'usd', bet: 5 },
      'wallet',
      MATCH_TEXTS.realMoneyNeedsWallet,
    ],
    [
      'USD with an unknown location',
      player({ underLocalMajority: null }),
      { currency: 'usd', bet: 5 },
      'location',
      MATCH_TEXTS.locationRequiredToPlay,
    ],
    [
      'USD under the local majority',
      player({ underLocalMajority: true }),
      { currency: 'usd', bet: 5 },
      'underMajority',
      MATCH_TEXTS.underMajority,
    ],
    [
      'provisional blitz blocks a USD blitz game',
      player({ provisional: { blitz: true, rapid: false } }),
      { currency: 'usd', bet: 5 },
      'provisional',
      MATCH_TEXTS.provisionalTip,
    ],
    [
      'short of the stake',
      player({ balances: { usd: 499n, wbx: 0n } }),
      { currency: 'usd', bet: 5 },
      'insufficient',
      MATCH_TEXTS.insufficientBalance,
    ],
    [
      'short of RushCoins',
      player({ balances: { usd: 100_000n, wbx: 4_999n } }),
      { currency: 'wbx', bet: 50 },
      'insufficient',
      MATCH_TEXTS.insufficientBalance,
    ],
  ])('%s', (_name, p, req, code, message) => {
    expect(refusal(start(p, req))).toEqual({ code, message });
  });

  it('the SPEC 6 wallet text names the product', () => {
    expect(MATCH_TEXTS.realMoneyNeedsWallet).toBe(
      'You must first verify your wallet and deposit funds before you can play on RushChess for real money!',
    );
    expect(MATCH_TEXTS.insufficientBalance).toBe('You have insufficient balance');
  });

  it.each<[string, PlayerFacts]>([
    ['under the local majority', player({ underLocalMajority: true })],
    ['with an unknown location', player({ underLocalMajority: null })],
    ['without a wallet', player({ walletReady: false })],
    ['with a bet limit', player({ betLimit: 100n })],
    ['with a provisional rating', player({ provisional: { blitz: true, rapid: true } })],
  ])('RushCoins stay open %s', (_name, p) => {
    expect(start(p, { currency: 'wbx', bet: 500 }).ok).toBe(true);
  });

  it('exactly the stake is enough; just under the bet limit is allowed', () => {
    expect(start(player({ balances: { usd: 500n, wbx: 0n } }), { currency: 'usd', bet: 5 }).ok).toBe(true);
    expect(start(player({ betLimit: 1_001n }), { currency: 'usd', bet: 10 }).ok).toBe(true);
  });
});

describe('decideStart: provisional ratings (SPEC 5)', () => {
  const provisionalBlitz = { blitz: true, rapid: false };
  it('blocks only the family of the mode', () => {
    const p = player({ provisional: provisionalBlitz });
    expect(refusal(start(p, { gameType: 'wmgt_000001' }))?.code).toBe('provisional');
    expect(refusal(start(p, { gameType: 'wmgt_000002' }))?.code).toBe('provisional');
    expect(start(p, { gameType: 'wmgt_000003' }).ok).toBe(true);
    const rapid = player({ provisional: { blitz: false, rapid: true } });
    expect(refusal(start(rapid, { gameType: 'wmgt_000003' }))?.code).toBe('provisional');
    expect(start(rapid, { gameType: 'wmgt_000002' }).ok).toBe(true);
  });

  it('blocks only wagers whose provisionalStatus is false', () => {
    const p = player({ provisional: provisionalBlitz });
    const open5 = catalogWith((c) => {
      wager(c, 'usd_2').provisionalStatus = true;
    });
    const closed50rc = catalogWith((c) => {
      wager(c, 'wbx_1').provisionalStatus = false;
    });
    expect(start(p, { bet: 5 }, DEFAULT_APP_STATE, open5).ok).toBe(true);
    expect(refusal(start(p, { bet: 1 }, DEFAULT_APP_STATE, open5))?.code).toBe('provisional');
    expect(refusal(start(p, { currency: 'wbx', bet: 50 }, DEFAULT_APP_STATE, closed50rc))).toEqual({
      code: 'provisional',
      message: MATCH_TEXTS.provisionalTip,
    });
  });

  it.each<[VerifiedLevel, boolean]>([
    ['notVerified', false],
    ['bypassMinReq', false],
    ['bypassProvisional', true],
    ['bypassAll', true],
    ['contentCreator', true],
  ])('%s skips the restriction: %s', (verifiedLevel, ok) => {
    const d = start(player({ verifiedLevel, provisional: { blitz: true, rapid: true } }));
    expect(d.ok).toBe(ok);
    if (!ok) expect(refusal(d)?.code).toBe('provisional');
  });
});

describe('decideStart: the wager ladder (SPEC 5)', () => {
  const at = (mode: GameModeId, currency: Currency, value: number, n: number) => ({
    [gamesKey(mode, currency, value)]: n,
  });

  it.each<[string, Record<string, number>, boolean]>([
    ['no games at $1', {}, false],
    ['2 of 3 games at $1', at('wmgt_000001', 'usd', 1, 2), false],
    ['3 games at $1', at('wmgt_000001', 'usd', 1, 3), true],
    ['more than enough', at('wmgt_000001', 'usd', 1, 40), true],
    ['games in another mode do not count', at('wmgt_000002', 'usd', 1, 3), false],
    ['games at another wager do not count', at('wmgt_000001', 'usd', 10, 3), false],
    ['games in the other currency do not count', at('wmgt_000001', 'wbx', 1, 3), false],
  ])('$5 needs 3 games at $1 in the same mode: %s', (_name, gamesAt, ok) => {
    const d = start(player({ gamesAt }), { bet: 5 }, DEFAULT_APP_STATE, ladder);
    expect(d.ok).toBe(ok);
  });

  it('names the games still needed and the previous wager', () => {
    const one = start(player({ gamesAt: at('wmgt_000001', 'usd', 1, 2) }), { bet: 5 }, DEFAULT_APP_STATE, ladder);
    expect(refusal(one)).toEqual({ code: 'locked', message: MATCH_TEXTS.wagerLocked(1, 'USD $1') });
    expect(MATCH_TEXTS.wagerLocked(1, 'USD $1')).toBe('Play 1 more game at USD $1 to unlock this wager.');
    const rc = start(player(), { currency: 'wbx', bet: 100 }, DEFAULT_APP_STATE, ladder);
    expect(refusal(rc)).toEqual({ code: 'locked', message: 'Play 2 more games at 50 RushCoins to unlock this wager.' });
  });

  it('the lowest wager and wagers without a requirement are never locked', () => {
    expect(start(player(), { bet: 1 }, DEFAULT_APP_STATE, ladder).ok).toBe(true);
    expect(start(player(), { bet: 10 }, DEFAULT_APP_STATE, ladder).ok).toBe(true);
  });

  it('counts the previous active wager, skipping an inactive one in between', () => {
    const skip = catalogWith((c) => {
      wager(c, 'usd_2').status = 'inactive';
      wager(c, 'usd_3').minRequirement = 2;
    });
    const at1 = player({ gamesAt: at('wmgt_000001', 'usd', 1, 2) });
    const at5 = player({ gamesAt: at('wmgt_000001', 'usd', 5, 2) });
    expect(start(at1, { bet: 10 }, DEFAULT_APP_STATE, skip).ok).toBe(true);
    expect(refusal(start(at5, { bet: 10 }, DEFAULT_APP_STATE, skip))).toEqual({
      code: 'locked',
      message: MATCH_TEXTS.wagerLocked(2, 'USD $1'),
    });
  });

  it('follows the values, not the keys, when an admin reorders them', () => {
    const swapped = catalogWith((c) => {
      wager(c, 'usd_1').value = 7; // now between $5 and $10
      wager(c, 'usd_1').name = 'USD $7';
      wager(c, 'usd_1').minRequirement = 1;
    });
    expect(refusal(start(player(), { bet: 7 }, DEFAULT_APP_STATE, swapped))).toEqual({
      code: 'locked',
      message: MATCH_TEXTS.wagerLocked(1, 'USD $5'),
    });
  });

  it.each<[VerifiedLevel, boolean]>([
    ['notVerified', false],
    ['bypassProvisional', false],
    ['bypassMinReq', true],
    ['bypassAll', true],
    ['contentCreator', true],
  ])('%s skips the ladder: %s', (verifiedLevel, ok) => {
    const d = start(player({ verifiedLevel }), { bet: 5 }, DEFAULT_APP_STATE, ladder);
    expect(d.ok).toBe(ok);
    if (!ok) expect(refusal(d)?.code).toBe('locked');
  });
});

describe('decideStart: the order of the checks when several apply', () => {
  // Everything wrong at once; fixing one rule at a time reveals the next, in this order.
  const steps: Array<[RefusalCode, Partial<PlayerFacts>]> = [
    ['login', { signedIn: true }],
    ['banned', { banned: false }],
    ['betLimit', { betLimit: null }],
    ['wallet', { walletReady: true }],
    ['location', { underLocalMajority: true }],
    ['underMajority', { underLocalMajority: false }],
    ['provisional', { provisional: { blitz: false, rapid: false } }],
    ['locked', { gamesAt: { [gamesKey('wmgt_000001', 'usd', 1)]: 3 } }],
    ['insufficient', { balances: { usd: 500n, wbx: 0n } }],
  ];
  it('login, banned, bet limit, wallet, location, majority, provisional, ladder, balance', () => {
    let facts = player({
      signedIn: false,
      banned: true,
      betLimit: 500n,
      walletReady: false,
      underLocalMajority: null,
      provisional: { blitz: true, rapid: true },
      balances: { usd: 100n, wbx: 0n },
    });
    for (const [code, fix] of steps) {
      expect(refusal(start(facts, { bet: 5 }, DEFAULT_APP_STATE, ladder))?.code).toBe(code);
      facts = { ...facts, ...fix };
    }
    expect(start(facts, { bet: 5 }, DEFAULT_APP_STATE, ladder).ok).toBe(true);
  });

  it('pause before the balance, game type before wager, both after the account', () => {
    const broke = player({ balances: { usd: 0n, wbx: 0n } });
    expect(refusal(start(broke, {}, paused('x')))?.code).toBe('paused');
    expect(refusal(start(player({ banned: true }), {}, paused('x')))?.code).toBe('banned');
    expect(refusal(start(broke, { gameType: 'nope', bet: 3 }))?.code).toBe('noBalance');
    expect(refusal(start(player(), { gameType: 'nope', bet: 3 }))?.code).toBe('gameType');
    expect(refusal(start(player({ walletReady: false }), { bet: 3 }))?.code).toBe('wager');
  });
});

describe('wagerOptions (the step 2 menu)', () => {
  it('hides USD values at or above the bet limit and refuses the rest with their reason', () => {
    const p = player({ betLimit: 1_000n, walletReady: false });
    const options = wagerOptions(p, defaultCatalog(), 'wmgt_000001', 'usd');
    expect(options.map((o) => o.value)).toEqual([1, 5]);
    expect(options.map((o) => o.amount)).toEqual([100n, 500n]);
    expect(options.map((o) => o.refusal?.message)).toEqual([
      MATCH_TEXTS.realMoneyNeedsWallet,
      MATCH_TEXTS.realMoneyNeedsWallet,
    ]);
  });

  it('never hides RushCoins; marks locked and unaffordable ones', () => {
    const p = player({ betLimit: 100n, balances: { usd: 0n, wbx: 20_000n } });
    const options = wagerOptions(p, ladder, 'wmgt_000001', 'wbx');
    expect(options.map((o) => [o.key, o.name, o.refusal?.code ?? null])).toEqual([
      ['wbx_1', '50 RushCoins', null],
      ['wbx_2', '100 RushCoins', 'locked'],
      ['wbx_3', '200 RushCoins', null],
      ['wbx_4', '500 RushCoins', 'insufficient'],
      ['wbx_5', '1000 RushCoins', 'insufficient'],
      ['wbx_6', '2500 RushCoins', 'insufficient'],
    ]);
  });

  it('leaves out inactive wagers and agrees with decideStart on each option', () => {
    const c = catalogWith((x) => {
      wager(x, 'usd_3').status = 'inactive';
    });
    const p = player({ provisional: { blitz: false, rapid: true }, balances: { usd: 1_000n, wbx: 0n } });
    for (const mode of ['wmgt_000001', 'wmgt_000003'] as const) {
      const options = wagerOptions(p, c, mode, 'usd');
      expect(options.map((o) => o.value)).toEqual([1, 5, 25, 50]);
      for (const o of options) {
        const d = decideStart(p, DEFAULT_APP_STATE, c, { gameType: mode, currency: 'usd', bet: o.value });
        expect(d.ok ? null : d).toEqual(o.refusal);
      }
    }
  });
});

describe('decideJoin (SPEC 5, 8: Join from the online list)', () => {
  const host = (over: Partial<HostSeek> = {}): HostSeek => ({
    mode: 'wmgt_000001',
    currency: 'usd',
    value: 5,
    rating: 1500,
    ...over,
  });
  const join = (p: PlayerFacts, myRating: number, h: HostSeek, catalog: Catalog = defaultCatalog()) =>
    refusal(decideJoin(p, myRating, DEFAULT_APP_STATE, catalog, h));

  it.each<[string, PlayerFacts, number, HostSeek, RefusalCode, string]>([
    ['USD without a wallet', player({ walletReady: false }), 1500, host(), 'wallet', 'You do not have a wallet'],
    [
      'short of the stake',
      player({ balances: { usd: 499n, wbx: 0n } }),
      1500,
      host(),
      'insufficient',
      'You do not have sufficient funds to play in this match.',
    ],
    [
      'no balance at all',
      player({ balances: { usd: 0n, wbx: 0n } }),
      1500,
      host({ currency: 'wbx', value: 50 }),
      'insufficient',
      MATCH_TEXTS.joinInsufficientFunds,
    ],
    ['700 apart', player(), 2200, host(), 'wager', MATCH_TEXTS.joinEloTooFar],
    ['700 apart the other way', player(), 800, host(), 'wager', MATCH_TEXTS.joinEloTooFar],
    [
      'a wager the joiner may not play (provisional)',
      player({ provisional: { blitz: true, rapid: false } }),
      1500,
      host(),
      'wager',
      MATCH_TEXTS.joinWagerNotAllowed,
    ],
    [
      'a wager above the joiner’s bet limit',
      player({ betLimit: 500n }),
      1500,
      host(),
      'wager',
      MATCH_TEXTS.joinWagerNotAllowed,
    ],
    [
      'USD with the location still unknown: asked for, not refused as a wager',
      player({ underLocalMajority: null }),
      1500,
      host(),
      'location',
      MATCH_TEXTS.locationRequiredToPlay,
    ],
    ['an unknown wager', player(), 1500, host({ value: 3 }), 'wager', MATCH_TEXTS.joinTechnical],
    [
      'a bot mode',
      player(),
      1500,
      host({ mode: 'bot_000001', currency: 'wbx', value: 50 }),
      'wager',
      MATCH_TEXTS.joinTechnical,
    ],
  ])('%s', (_name, p, myRating, h, code, message) => {
    expect(join(p, myRating, h)).toEqual({ code, message });
  });

  it('the SPEC 8 texts, verbatim', () => {
    expect(MATCH_TEXTS.joinEloTooFar).toBe(
      'You cannot join this user in public matchmaking because your ELO is too far apart. To play them, send them a friend request and challenge them directly.',
    );
    expect(MATCH_TEXTS.joinWagerNotAllowed).toBe(
      'You can only join if you\u2019re within ELO range to play them in normal matchmaking.',
    );
  });

  it('a gap of 699 is fine, 700 is not', () => {
    expect(ELO_GAP).toBe(700);
    expect(decideJoin(player(), 2199, DEFAULT_APP_STATE, defaultCatalog(), host())).toMatchObject({
      ok: true,
      amount: 500n,
    });
    expect(decideJoin(player(), 801, DEFAULT_APP_STATE, defaultCatalog(), host()).ok).toBe(true);
    expect(join(player(), 2200, host())?.message).toBe(MATCH_TEXTS.joinEloTooFar);
  });

  it('checks wallet, then funds, then the gap, then the wager', () => {
    const everything = player({
      walletReady: false,
      balances: { usd: 0n, wbx: 1n },
      provisional: { blitz: true, rapid: true },
    });
    expect(join(everything, 3000, host())?.message).toBe(MATCH_TEXTS.joinNoWallet);
    expect(join({ ...everything, walletReady: true }, 3000, host())?.message).toBe(MATCH_TEXTS.joinInsufficientFunds);
    const funded = { ...everything, walletReady: true, balances: { usd: 500n, wbx: 0n } };
    expect(join(funded, 3000, host())?.message).toBe(MATCH_TEXTS.joinEloTooFar);
    expect(join(funded, 1500, host())?.message).toBe(MATCH_TEXTS.joinWagerNotAllowed);
  });

  it('keeps the account-wide refusals', () => {
    expect(join(player({ signedIn: false }), 1500, host())?.code).toBe('login');
    expect(join(player({ banned: true }), 1500, host())?.code).toBe('banned');
    expect(refusal(decideJoin(player(), 1500, paused('Soon'), defaultCatalog(), host()))).toEqual({
      code: 'paused',
      message: 'Soon',
    });
  });
});

describe('normalizeWizard (SPEC 4, 5: bet and c corrected to valid values)', () => {
  type Query = { gameType?: string | null; c?: string | null; bet?: string | null };
  const noBlitz3 = catalogWith((c) => {
    const m = c.modes.find((x) => x.id === 'wmgt_000001');
    if (m) m.status = 'inactive';
  });
  const noUsd = catalogWith((c) => {
    for (const w of c.wagers) if (w.currency === 'usd') w.status = 'inactive';
  });
  // Each row: the query, what the wizard opens on [gameType, currency, bet], and the catalog and
  // bet limit when they are not the default ones.
  it.each<[string, Query, [GameModeId | null, Currency, number | null], { catalog?: Catalog; betLimit?: bigint }?]>([
    ['empty query', {}, ['wmgt_000001', 'wbx', 50]],
    ['nulls', { gameType: null, c: null, bet: null }, ['wmgt_000001', 'wbx', 50]],
    ['a valid query is kept', { gameType: 'wmgt_000003', c: 'usd', bet: '25' }, ['wmgt_000003', 'usd', 25]],
    ['a valid RushCoins query', { gameType: 'wmgt_000002', c: 'wbx', bet: '1000' }, ['wmgt_000002', 'wbx', 1000]],
    ['garbage everywhere', { gameType: '<script>', c: 'eur', bet: 'lots' }, ['wmgt_000001', 'wbx', 50]],
    ['a bot mode', { gameType: 'bot_000001', c: 'wbx', bet: '100' }, ['wmgt_000001', 'wbx', 100]],
    ['a negative bet', { c: 'usd', bet: '-5' }, ['wmgt_000001', 'usd', 1]],
    ['a decimal bet', { c: 'usd', bet: '5.0' }, ['wmgt_000001', 'usd', 1]],
    ['a bet not in the list', { c: 'wbx', bet: '75' }, ['wmgt_000001', 'wbx', 50]],
    ['a huge bet', { c: 'wbx', bet: '9'.repeat(40) }, ['wmgt_000001', 'wbx', 50]],
    ['an unknown currency keeps a wbx bet', { c: 'btc', bet: '200' }, ['wmgt_000001', 'wbx', 200]],
    ['currency is case-sensitive', { c: 'USD', bet: '5' }, ['wmgt_000001', 'wbx', 50]],
    ['a USD bet the limit hides', { c: 'usd', bet: '25' }, ['wmgt_000001', 'usd', 1], { betLimit: 2_500n }],
    ['a USD bet under the limit', { c: 'usd', bet: '10' }, ['wmgt_000001', 'usd', 10], { betLimit: 2_500n }],
    ['the limit hides every USD value', { c: 'usd', bet: '1' }, ['wmgt_000001', 'wbx', 50], { betLimit: 100n }],
    [
      'a USD bet does not carry over to RushCoins',
      { c: 'usd', bet: '100' },
      ['wmgt_000001', 'wbx', 50],
      { betLimit: 100n },
    ],
    ['the limit never hides RushCoins', { c: 'wbx', bet: '2500' }, ['wmgt_000001', 'wbx', 2500], { betLimit: 100n }],
    ['no USD options', { c: 'usd', bet: '5' }, ['wmgt_000001', 'wbx', 50], { catalog: noUsd }],
    ['inactive default mode -> first active', {}, ['wmgt_000002', 'wbx', 50], { catalog: noBlitz3 }],
    [
      'an inactive asked mode -> default',
      { gameType: 'wmgt_000001' },
      ['wmgt_000002', 'wbx', 50],
      { catalog: noBlitz3 },
    ],
  ])('%s', (_name, query, [gameType, currency, bet], { catalog = defaultCatalog(), betLimit = null } = {}) => {
    expect(normalizeWizard(query, catalog, betLimit)).toEqual({ gameType, currency, bet });
  });

  it('no active modes or wagers at all gives nulls, never a throw', () => {
    const empty = catalogWith((c) => {
      for (const m of c.modes) m.status = 'inactive';
      for (const w of c.wagers) w.status = 'inactive';
    });
    expect(normalizeWizard({ gameType: 'wmgt_000001', c: 'usd', bet: '5' }, empty, null)).toEqual({
      gameType: null,
      currency: 'wbx',
      bet: null,
    });
  });

  it('skips an inactive first wbx option for the default bet', () => {
    const c = catalogWith((x) => {
      wager(x, 'wbx_1').status = 'inactive';
    });
    expect(normalizeWizard({}, c, null).bet).toBe(100);
  });
});
