import type { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  type Me,
  WALLET_ROUTES,
  type IdentityProfileRequest,
  type WalletCreateRequest,
  type SetLimitRequest,
  type StartDepositRequest,
  type TaxDetailsRequest,
  type WithdrawRequest,
} from '@rush/protocol';
import type { CoolOffChoice, Currency, LossPeriod } from '@rush/domain';
import { request, type Parser } from '../../api/http.ts';
import type { Schemas } from '../../api/schemaLoader.ts';

/** The HTTP calls of the wallet capability, one function per route of WALLET_ROUTES. */

/** Amount (minor units), region and the browser's DeviceGPS (the server refuses a deposit without it). */
export type StartDepositBody = z.input<typeof StartDepositRequest>;
export type WithdrawBody = z.input<typeof WithdrawRequest>;
export type SetLimitBody = z.input<typeof SetLimitRequest>;

/** Closing the account answers the updated user (`{ user }`; a bare `Me` is taken too). */
const maybeMe = (s: Schemas): Parser<Me | null> => ({
  safeParse(input: unknown) {
    const direct = s.Me.safeParse(input);
    if (direct.success) return { success: true, data: direct.data };
    const wrapped = s.SessionResponse.safeParse(input);
    return { success: true, data: wrapped.success ? wrapped.data.user : null };
  },
});

export const fetchWalletSummary = () => request('GET', WALLET_ROUTES.summary, { schema: (s) => s.WalletSummary });

export const fetchTransactions = (page: number) =>
  request('GET', `${WALLET_ROUTES.transactions}?page=${encodeURIComponent(String(page))}`, {
    schema: (s) => s.TransactionsResponse,
  });

/** Issue 37: the months with a statement (newest first), and one month's figures. */
export const fetchStatementMonths = () =>
  request('GET', WALLET_ROUTES.statements, { schema: (s) => s.StatementMonthsResponse });

export const fetchStatement = (month: string) =>
  request('GET', WALLET_ROUTES.statement(month), { schema: (s) => s.StatementResponse });

export const startDeposit = (body: StartDepositBody) =>
  request('POST', WALLET_ROUTES.deposits, { json: body, schema: (s) => s.StartDepositResponse });

/** SPEC 9 out-of-coins top-up (100 RC at a zero RC balance); answers the new balances. */
export const topUpRushCoins = () =>
  request('POST', WALLET_ROUTES.topUp, { json: {}, schema: (s) => s.BalancesResponse });

/**
 * `idempotencyKey` names the intended withdrawal: sent again with the same key (after a network
 * error or a 5xx), the server answers the withdrawal it made instead of making a second one.
 */
export const requestWithdrawal = (body: WithdrawBody, idempotencyKey: string) =>
  request('POST', WALLET_ROUTES.withdrawals, {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: (s) => s.WithdrawResponse,
  });

/** PUT: the limit as asked, or the server's refusal; answers the updated summary. */
export const setSelfLimit = (body: SetLimitBody) =>
  request('PUT', WALLET_ROUTES.limits, { json: body, schema: (s) => s.WalletSummary });

/** Issue 37: a break of 24 hours, 7 days or 30 days (it cannot be shortened). */
export const startCoolOff = (choice: CoolOffChoice) =>
  request('POST', WALLET_ROUTES.coolOff, { json: { choice }, schema: (s) => s.WalletSummary });

/** Issue 37: one currency's loss limit over one period (null removes it; looser waits 24 hours). */
export const setLossLimit = (body: { currency: Currency; period: LossPeriod; max: number | null }) =>
  request('PUT', WALLET_ROUTES.lossLimits, { json: body, schema: (s) => s.WalletSummary });

export const closeAccount = () =>
  request('POST', WALLET_ROUTES.closeAccount, { json: { confirm: true }, schema: maybeMe });

export const fetchWalletOnboarding = () =>
  request('GET', WALLET_ROUTES.onboarding, { schema: (s) => s.WalletOnboardingView });

export const createProviderWallet = (body: z.input<typeof WalletCreateRequest>) =>
  request('POST', WALLET_ROUTES.onboardingCreate, { json: body, schema: (s) => s.WalletOnboardingView });

/** The code again: by SMS (the default) or by a voice call. */
export const resendWalletCode = (channel: 'sms' | 'voice' = 'sms') =>
  request('POST', WALLET_ROUTES.onboardingResend, { json: { channel }, schema: (s) => s.WalletOnboardingView });

export const verifyProviderWallet = (code: string) =>
  request('POST', WALLET_ROUTES.onboardingVerify, { json: { code }, schema: (s) => s.WalletOnboardingView });

/** SPEC 9 (issue 16): whether tax details are on file (of the TIN, its last four digits only). */
export const fetchTaxInfo = () => request('GET', WALLET_ROUTES.tax, { schema: (s) => s.TaxInfoView });

/** PUT: the tax form; a refusal names each wrong field (`ApiError.fields`). */
export const saveTaxInfo = (body: TaxDetailsRequest) =>
  request('PUT', WALLET_ROUTES.tax, { json: body, schema: (s) => s.TaxInfoView });

/** The identity step after the SMS-verified wallet (SPEC 4). */
export const fetchIdentity = () => request('GET', WALLET_ROUTES.identity, { schema: (s) => s.IdentityView });

export const submitIdentityProfile = (body: z.input<typeof IdentityProfileRequest>) =>
  request('POST', WALLET_ROUTES.identityProfile, { json: body, schema: (s) => s.IdentityView });

export function uploadPhotoId(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request('POST', WALLET_ROUTES.identityPhoto, { form, schema: (s) => s.IdentityView });
}
