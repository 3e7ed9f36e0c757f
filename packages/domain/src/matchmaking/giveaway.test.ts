import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { VerifiedLevel } from '../accounts/appearance.ts';
import { platformFee } from '../money/settlement.ts';
import { DEFAULT_APP_STATE, defaultCatalog, type AppStateConfig, type Catalog } from './catalog.ts';
import { decideStart, type PlayerFacts, type RefusalCode, type StartRequest } from './eligibility.ts';
import {
  decideGiveawayAcceptance,
  giveawayOutcome,
  matchStakes,
  mayGiveaway,
  settleGiveaway,
  type GiveawayOutcome,
} from './giveaway.ts';
import { MATCH_TEXTS } from './texts.ts';

/** An acceptor with nothing at stake: no balance, provisional, new to wagers, a tight bet limit. */
const broke = (over: Partial<PlayerFacts> = {}): PlayerFacts => ({
  signedIn: true,
  banned: false,
  verifiedLevel: 'notVerified',
  balances: { usd: 0n, wbx: 0n },
  walletReady: true,
  underLocalMajority: false,
  provisional: { blitz: true, rapid: true },
  gamesAt: {},
  betLimit: 100n,
  ...over,
});

/** Every wager above the first needs games at the one below. */
const ladder = (): Catalog => {
  const c = defaultCatalog();
  for (const w of c.wagers) w.minRequirement = 5;
  return c;
};
const usd25: StartRequest = { gameType: 'wmgt_000001', currency: 'usd', bet: 25 };
const wbx100: StartRequest = { gameType: 'wmgt_000001', currency: 'wbx', bet: 100 };
const paused: AppStateConfig = {
  paused: true,
  announcement: { show: true, title: 'T', text: 'Back soon', returnTime: null },
};

describe('mayGiveaway (SPEC 4: contentCreator only)', () => {
  it.each<[VerifiedLevel, boolean]>([
    ['contentCreator', true],
    ['notVerified', false],
    ['bypassAll', false],
    ['bypassMinReq', false],
    ['bypassProvisional', false],
  ])('%s -> %s', (level, ok) => expect(mayGiveaway(level)).toBe(ok));
});

describe('decideGiveawayAcceptance: the acceptor risks nothing', () => {
  it('passes with no balance, provisional, under the ladder and above the bet limit', () => {
    // The same player is refused the same wager as a normal start: the rules really differ.
    expect(decideStart(broke(), DEFAULT_APP_STATE, ladder(), usd25).ok).toBe(false);
    const d = decideGiveawayAcceptance(broke(), DEFAULT_APP_STATE, ladder(), usd25);
    expect(d).toMatchObject({ ok: true, mode: 'wmgt_000001', amount: 2500n });
    expect(decideGiveawayAcceptance(broke(), DEFAULT_APP_STATE, ladder(), wbx100).ok).toBe(true);
  });

  it.each<[string, PlayerFacts, AppStateConfig, StartRequest, RefusalCode, string]>([
    ['signed out', broke({ signedIn: false }), DEFAULT_APP_STATE, wbx100, 'login', MATCH_TEXTS.login],
    ['banned (or closed)', broke({ banned: true }), DEFAULT_APP_STATE, wbx100, 'banned', MATCH_TEXTS.banned],
    ['app paused', broke(), paused, wbx100, 'paused', 'Back soon'],
    [
      'mode not offered',
      broke(),
      DEFAULT_APP_STATE,
      { ...wbx100, gameType: 'wmgt_999999' },
      'gameType',
      MATCH_TEXTS.gameTypeUnavailable,
    ],
    ['wager not offered', broke(), DEFAULT_APP_STATE, { ...wbx100, bet: 7 }, 'wager', MATCH_TEXTS.wagerUnavailable],
    [
      'USD without a wallet to be paid',
      broke({ walletReady: false }),
      DEFAULT_APP_STATE,
      usd25,
      'wallet',
      MATCH_TEXTS.realMoneyNeedsWallet,
    ],
    [
      'USD with the location unknown',
      broke({ underLocalMajority: null }),
      DEFAULT_APP_STATE,
      usd25,
      'location',
      MATCH_TEXTS.locationRequiredToPlay,
    ],
    [
      'USD under the local majority',
      broke({ underLocalMajority: true }),
      DEFAULT_APP_STATE,
      usd25,
      'underMajority',
      MATCH_TEXTS.underMajority,
    ],
  ])('refused: %s', (_name, p, app, req, code, message) => {
    expect(decideGiveawayAcceptance(p, app, defaultCatalog(), req)).toEqual({ ok: false, code, message });
  });

  it('RushCoins need no wallet (as for any start)', () => {
    expect(
      decideGiveawayAcceptance(broke({ walletReady: false }), DEFAULT_APP_STATE, defaultCatalog(), wbx100).ok,
    ).toBe(true);
  });
});

describe('matchStakes', () => {
  it.each<[string, string | null, Array<{ uid: string; amount: bigint }>]>([
    [
      'a normal match takes both stakes',
      null,
      [
        { uid: 'a', amount: 500n },
        { uid: 'b', amount: 500n },
      ],
    ],
    ['a giveaway takes the creator’s alone', 'b', [{ uid: 'b', amount: 500n }]],
  ])('%s', (_n, by, stakes) => expect(matchStakes(['a', 'b'], 500n, by)).toEqual(stakes));

  it('refuses a zero stake and a creator who does not play', () => {
    expect(() => matchStakes(['a', 'b'], 0n, 'a')).toThrow(RangeError);
    expect(() => matchStakes(['a', 'b'], 5n, 'c')).toThrow(RangeError);
  });
});

describe('settleGiveaway', () => {
  it.each<[GiveawayOutcome, bigint, { escrow: string; fee: bigint; creator: bigint; opponent: bigint }]>([
    ['opponentWins', 2500n, { escrow: 'settle', fee: 250n, creator: 0n, opponent: 2250n }],
    ['opponentWins', 999n, { escrow: 'settle', fee: 99n, creator: 0n, opponent: 900n }],
    ['opponentWins', 9n, { escrow: 'settle', fee: 0n, creator: 0n, opponent: 9n }],
    ['creatorWins', 2500n, { escrow: 'refund', fee: 0n, creator: 2500n, opponent: 0n }],
    ['noWinner', 2500n, { escrow: 'refund', fee: 0n, creator: 2500n, opponent: 0n }],
  ])('%s with prize %s', (outcome, prize, expected) => {
    expect(settleGiveaway(prize, outcome)).toEqual(expected);
  });

  it('refuses a negative prize', () => expect(() => settleGiveaway(-1n, 'noWinner')).toThrow(RangeError));

  it('giveawayOutcome reads the winner', () => {
    expect(giveawayOutcome('c', null)).toBe('noWinner');
    expect(giveawayOutcome('c', 'c')).toBe('creatorWins');
    expect(giveawayOutcome('c', 'o')).toBe('opponentWins');
  });

  const prizes = fc.bigInt({ min: 0n, max: 10n ** 15n });
  const outcomes = fc.constantFrom<GiveawayOutcome>('opponentWins', 'creatorWins', 'noWinner');

  it('property: credits + fee === prize, nothing negative', () => {
    fc.assert(
      fc.property(prizes, outcomes, (prize, outcome) => {
        const s = settleGiveaway(prize, outcome);
        expect(s.creator + s.opponent + s.fee).toBe(prize);
        for (const x of [s.creator, s.opponent, s.fee]) expect(x >= 0n).toBe(true);
      }),
    );
  });

  it('property: the opponent never loses; the creator never pays a fee unless the opponent won', () => {
    fc.assert(
      fc.property(prizes, outcomes, (prize, outcome) => {
        const s = settleGiveaway(prize, outcome);
        // The opponent staked 0: whatever happens they end with at least that.
        expect(s.opponent >= 0n).toBe(true);
        if (outcome === 'opponentWins') {
          expect(s.fee).toBe(platformFee(prize));
          expect(s.escrow).toBe('settle');
        } else {
          expect(s).toEqual({ escrow: 'refund', fee: 0n, creator: prize, opponent: 0n });
        }
      }),
    );
  });

  it('property: a giveaway stake is one positive leg, from the creator', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.boolean(), (amount, first) => {
        const by = first ? 'a' : 'b';
        expect(matchStakes(['a', 'b'], amount, by)).toEqual([{ uid: by, amount }]);
      }),
    );
  });
});
