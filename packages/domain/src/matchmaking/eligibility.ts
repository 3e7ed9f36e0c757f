import type { VerifiedLevel } from '../accounts/appearance.ts';
import type { Currency } from '../money/currency.ts';
import { GAME_MODES, isGameModeId, ratingFamilyOf, type GameModeId, type RatingFamily } from '../play/modes.ts';
import {
  activeHumanModes,
  activeWagers,
  defaultGameType,
  wagerMinor,
  type AppStateConfig,
  type Catalog,
  type WagerConfig,
} from './catalog.ts';
import { MATCH_TEXTS } from './texts.ts';
import { breakEndText } from '../money/cool-off.ts';
import { formatAmount } from '../money/format.ts';
import { checkStake, LOSS_PERIOD_WORDS, type StakeCheck } from '../money/loss-limits.ts';
import { TEXTS } from '../texts.ts';

/** SPEC 9: the largest rating gap for joining from the online list (strictly under it). */
export const ELO_GAP = 700;

/** What the rules need to know about the player (the server reads it; the UI gets it too). */
export interface PlayerFacts {
  signedIn: boolean;
  banned: boolean;
  verifiedLevel: VerifiedLevel;
  /** Minor units. */
  balances: { usd: bigint; wbx: bigint };
  /** A verified wallet with at least one completed deposit (SPEC 6). */
  walletReady: boolean;
  /**
   * Under the local age of majority where the device is (SPEC 6); null while the location is
   * unknown, which cash play needs first.
   */
  underLocalMajority: boolean | null;
  provisional: Readonly<Record<RatingFamily, boolean>>;
  /** Finished matchmaking games, keyed by `gamesKey(mode, currency, value)`. */
  gamesAt: Readonly<Record<string, number>>;
  /** Active self-limit on bets, minor units (USD cents); null when none. */
  betLimit: bigint | null;
  /** Issue 37: the end of a break running now (absent or null: none). */
  coolOffUntil?: Date | null;
  /** Issue 37: per currency, the loss limits in force and the loss so far in their periods. */
  lossRoom?: Partial<Record<Currency, LossRoom>>;
}

/** What a stake is judged against (domain checkStake), read when the facts are read. */
export type LossRoom = Pick<StakeCheck, 'limits' | 'lossSoFar'>;

export type RefusalCode =
  | 'login'
  | 'banned'
  | 'paused'
  | 'noBalance'
  | 'gameType'
  | 'wager'
  | 'betLimit'
  | 'wallet'
  | 'location'
  | 'underMajority'
  | 'provisional'
  | 'locked'
  | 'insufficient'
  | 'botCurrency'
  | 'giveaway'
  | 'coolOff'
  | 'lossLimit';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
}

export interface StartRequest {
  gameType: string;
  currency: Currency;
  /** Whole units, as in the wizard's `bet`. */
  bet: number;
}

export type StartDecision = { ok: true; mode: GameModeId; wager: WagerConfig; amount: bigint } | Refusal;

export const gamesKey = (mode: GameModeId, currency: Currency, value: number) => `${mode}:${currency}:${value}`;

const refuse = (code: RefusalCode, message: string): Refusal => ({ ok: false, code, message });

const bypassesLadder = (l: VerifiedLevel) => l === 'bypassMinReq' || l === 'bypassAll' || l === 'contentCreator';
const bypassesProvisional = (l: VerifiedLevel) =>
  l === 'bypassProvisional' || l === 'bypassAll' || l === 'contentCreator';

/** SPEC 5: USD values at or above the bet limit are hidden from the wager menu. */
const hiddenByBetLimit = (w: WagerConfig, betLimit: bigint | null): boolean =>
  w.currency === 'usd' && betLimit !== null && wagerMinor(w.value) >= betLimit;

/**
 * Issue 37: a stake of `amount` would pass a loss limit, counted as lost (the server judges it
 * again under the account's lock when the stake is taken; this is the early word).
 */
export function lossLimitRefusal(p: PlayerFacts, currency: Currency, amount: bigint): Refusal | null {
  const room = p.lossRoom?.[currency];
  if (!room) return null;
  const v = checkStake({ ...room, stake: amount });
  if (v.ok) return null;
  return refuse('lossLimit', TEXTS.lossLimitPassed(LOSS_PERIOD_WORDS[v.period], formatAmount(v.max, currency)));
}

/**
 * SPEC 1, 6: real money needs a wallet (to pay or to be paid), the device's location and the
 * local age of majority, whoever stakes what.
 */
export function cashRefusal(p: PlayerFacts, currency: Currency): Refusal | null {
  if (currency !== 'usd') return null;
  if (!p.walletReady) return refuse('wallet', MATCH_TEXTS.realMoneyNeedsWallet);
  if (p.underLocalMajority === null) return refuse('location', MATCH_TEXTS.locationRequiredToPlay);
  if (p.underLocalMajority) return refuse('underMajority', MATCH_TEXTS.underMajority);
  return null;
}

/**
 * Whether the player may play this wager in this mode, apart from the account-wide rules of
 * `decideStart` (signed in, banned, paused, any balance): bet limit, wallet, majority,
 * provisional rating, the wager ladder, the balance.
 */
export function wagerRefusal(p: PlayerFacts, catalog: Catalog, mode: GameModeId, w: WagerConfig): Refusal | null {
  if (hiddenByBetLimit(w, p.betLimit)) return refuse('betLimit', MATCH_TEXTS.aboveBetLimit);
  const loss = lossLimitRefusal(p, w.currency, wagerMinor(w.value));
  if (loss) return loss;
  const cash = cashRefusal(p, w.currency);
  if (cash) return cash;
  if (!w.provisionalStatus && p.provisional[ratingFamilyOf(mode)] && !bypassesProvisional(p.verifiedLevel)) {
    return refuse('provisional', MATCH_TEXTS.provisionalTip);
  }
  if (!bypassesLadder(p.verifiedLevel)) {
    const ladder = activeWagers(catalog, w.currency);
    const i = ladder.findIndex((x) => x.key === w.key);
    const previous = i > 0 ? ladder[i - 1] : undefined;
    if (previous) {
      const played = p.gamesAt[gamesKey(mode, w.currency, previous.value)] ?? 0;
      if (played < w.minRequirement) {
        return refuse('locked', MATCH_TEXTS.wagerLocked(w.minRequirement - played, previous.name));
      }
    }
  }
  if (p.balances[w.currency] < wagerMinor(w.value)) return refuse('insufficient', MATCH_TEXTS.insufficientBalance);
  return null;
}

/** SPEC 5 "Starting a game", in the order the SPEC lists: login, ban, pause, any balance. */
export function accountRefusal(p: PlayerFacts, app: AppStateConfig): Refusal | null {
  if (!p.signedIn) return refuse('login', MATCH_TEXTS.login);
  if (p.banned) return refuse('banned', MATCH_TEXTS.banned);
  // Issue 37: a break pauses every game for money, a giveaway's too (the facts carry only a running one).
  if (p.coolOffUntil) return refuse('coolOff', TEXTS.coolOffActive(breakEndText(p.coolOffUntil)));
  // A blank announcement would show an empty refusal; fall back to our line.
  if (app.paused) return refuse('paused', app.announcement.text.trim() ? app.announcement.text : MATCH_TEXTS.paused);
  if (p.balances.usd <= 0n && p.balances.wbx <= 0n) return refuse('noBalance', MATCH_TEXTS.noBalance);
  return null;
}

/** The whole decision for Find Match, a challenge or its acceptance. */
export function decideStart(p: PlayerFacts, app: AppStateConfig, catalog: Catalog, req: StartRequest): StartDecision {
  const account = accountRefusal(p, app);
  if (account) return account;
  const mode = activeHumanModes(catalog).find((m) => m.id === req.gameType);
  if (!mode) return refuse('gameType', MATCH_TEXTS.gameTypeUnavailable);
  const wager = activeWagers(catalog, req.currency).find((w) => w.value === req.bet);
  if (!wager) return refuse('wager', MATCH_TEXTS.wagerUnavailable);
  const refusal = wagerRefusal(p, catalog, mode.id, wager);
  if (refusal) return refusal;
  return { ok: true, mode: mode.id, wager, amount: wagerMinor(wager.value) };
}

export interface WagerOption {
  key: string;
  name: string;
  value: number;
  amount: bigint;
  /** Null when allowed; otherwise why not (the button shows it). */
  refusal: Refusal | null;
}

/** The wizard's step 2 menu: active wagers of the currency, without the ones the bet limit hides. */
export function wagerOptions(p: PlayerFacts, catalog: Catalog, mode: GameModeId, currency: Currency): WagerOption[] {
  return activeWagers(catalog, currency)
    .filter((w) => !hiddenByBetLimit(w, p.betLimit))
    .map((w) => ({
      key: w.key,
      name: w.name,
      value: w.value,
      amount: wagerMinor(w.value),
      refusal: wagerRefusal(p, catalog, mode, w),
    }));
}

export interface HostSeek {
  mode: GameModeId;
  currency: Currency;
  value: number;
  rating: number;
}

/**
 * SPEC 5, 8: joining a user in matchmaking from the online list. The balance (and a wallet for
 * USD) first, then the rating gap on the mode's family, then the wager among the joiner's own.
 */
export function decideJoin(
  p: PlayerFacts,
  myRating: number,
  app: AppStateConfig,
  catalog: Catalog,
  host: HostSeek,
): StartDecision {
  const account = accountRefusal(p, app);
  if (account && account.code !== 'noBalance') return account;
  const wager = activeWagers(catalog, host.currency).find((w) => w.value === host.value);
  const mode = activeHumanModes(catalog).find((m) => m.id === host.mode);
  if (!wager || !mode) return refuse('wager', MATCH_TEXTS.joinTechnical);
  if (host.currency === 'usd' && !p.walletReady) return refuse('wallet', MATCH_TEXTS.joinNoWallet);
  if (p.balances[host.currency] < wagerMinor(wager.value)) {
    return refuse('insufficient', MATCH_TEXTS.joinInsufficientFunds);
  }
  if (Math.abs(myRating - host.rating) >= ELO_GAP) return refuse('wager', MATCH_TEXTS.joinEloTooFar);
  const refusal = wagerRefusal(p, catalog, mode.id, wager);
  // An unknown location is not a refusal of the wager: the client asks for it and tries again.
  // A loss limit says which limit, so the player knows why (issue 37).
  if (refusal?.code === 'location' || refusal?.code === 'lossLimit') return refusal;
  if (refusal) return refuse('wager', MATCH_TEXTS.joinWagerNotAllowed);
  return { ok: true, mode: mode.id, wager, amount: wagerMinor(wager.value) };
}

export interface WizardParams {
  gameType: GameModeId | null;
  currency: Currency;
  bet: number | null;
}

/**
 * SPEC 4, 5: the wizard's query corrected to valid values. The game type falls back to the
 * default; `c` to wbx; `bet` to the first option of the currency (the first wbx option when
 * nothing fits), never a USD value the bet limit hides.
 */
export function normalizeWizard(
  query: { gameType?: string | null; c?: string | null; bet?: string | null },
  catalog: Catalog,
  betLimit: bigint | null,
): WizardParams {
  const active = activeHumanModes(catalog);
  const gameType =
    query.gameType &&
    isGameModeId(query.gameType) &&
    !GAME_MODES[query.gameType].bot &&
    active.some((m) => m.id === query.gameType)
      ? query.gameType
      : defaultGameType(catalog);
  const shown = (c: Currency) => activeWagers(catalog, c).filter((w) => !hiddenByBetLimit(w, betLimit));
  let currency: Currency = query.c === 'usd' || query.c === 'wbx' ? query.c : 'wbx';
  if (shown(currency).length === 0) currency = 'wbx';
  const options = shown(currency);
  // A bet asked in USD means nothing once the currency fell back to wbx ($50 is not 50 RC).
  const betApplies = !(query.c === 'usd' && currency !== 'usd');
  const asked =
    betApplies && query.bet !== null && query.bet !== undefined && /^\d+$/.test(query.bet) ? Number(query.bet) : NaN;
  const bet = options.find((w) => w.value === asked)?.value ?? options[0]?.value ?? null;
  return { gameType, currency, bet };
}
