import { describe, expect, it } from 'vitest';
import { decideBotStart } from '../bots/wizard.ts';
import { TEXTS } from '../texts.ts';
import { DEFAULT_APP_STATE, defaultCatalog } from './catalog.ts';
import { decideGiveawayAcceptance } from './giveaway.ts';
import { decideJoin, decideStart, type PlayerFacts } from './eligibility.ts';

/** Issue 37: a break and the loss limits refuse before the queue, as the bet limit does. */
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
const until = new Date('2026-03-17T12:00:00Z');
const breakText = TEXTS.coolOffActive('2026/03/17 12:00 UTC');
const catalog = defaultCatalog();
const usd5 = { gameType: 'wmgt_000001', currency: 'usd' as const, bet: 5 };

describe('a break refuses every game for money', () => {
  const p = player({ coolOffUntil: until });
  it.each([
    ['Find Match', decideStart(p, DEFAULT_APP_STATE, catalog, usd5)],
    ['a giveaway acceptance', decideGiveawayAcceptance(p, DEFAULT_APP_STATE, catalog, usd5)],
    [
      'joining from the online list',
      decideJoin(p, 1500, DEFAULT_APP_STATE, catalog, { mode: 'wmgt_000001', currency: 'usd', value: 5, rating: 1500 }),
    ],
    [
      'a bot game',
      decideBotStart(p, DEFAULT_APP_STATE, catalog, {
        gameType: 'bot_000001',
        currency: 'wbx',
        bet: 50,
        level: 'easy',
      } as never),
    ],
  ])('%s', (_name, d) => {
    expect(d).toEqual({ ok: false, code: 'coolOff', message: breakText });
  });
  it('no break, no refusal', () => {
    expect(decideStart(player({ coolOffUntil: null }), DEFAULT_APP_STATE, catalog, usd5).ok).toBe(true);
  });
});

describe('a loss limit refuses a stake that could pass it', () => {
  const limited = (lossSoFar: bigint) =>
    player({ lossRoom: { usd: { limits: { day: 1000n }, lossSoFar: { day: lossSoFar } } } });
  it.each([
    ['within the limit with the whole stake lost', 0n, true],
    ['reaching it exactly', 500n, true],
    ['past it', 501n, false],
  ] as const)('%s', (_name, loss, ok) => {
    const d = decideStart(limited(loss), DEFAULT_APP_STATE, catalog, usd5);
    expect(d.ok).toBe(ok);
    if (!d.ok) expect(d).toEqual({ ok: false, code: 'lossLimit', message: TEXTS.lossLimitPassed('daily', '$10.00') });
  });
  it('a join says which limit, not the generic wager text', () => {
    const d = decideJoin(limited(900n), 1500, DEFAULT_APP_STATE, catalog, {
      mode: 'wmgt_000001',
      currency: 'usd',
      value: 5,
      rating: 1500,
    });
    expect(d).toMatchObject({ ok: false, code: 'lossLimit' });
  });
  it('a limit in the other currency does not count', () => {
    const p = player({ lossRoom: { wbx: { limits: { day: 0n }, lossSoFar: {} } } });
    expect(decideStart(p, DEFAULT_APP_STATE, catalog, usd5).ok).toBe(true);
  });
});
