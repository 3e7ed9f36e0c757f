import type { PaymentRegion } from './deposits.ts';

/**
 * SPEC 9: "Canadian deposits fee US$0.50, funded in about 12-24 hours; Canadian withdrawals fee
 * US$2.00, by email request". A Canadian deposit the provider has confirmed is pending for the
 * funding window and reaches the balance when it ends; the window is the upper end of the
 * SPEC's 12-24 hours, so "funded in about 12-24 hours" is never a promise broken.
 */
export const CANADIAN_FUNDING_WINDOW_HOURS = 24;
export const CANADIAN_FUNDING_WINDOW_MS = CANADIAN_FUNDING_WINDOW_HOURS * 3600 * 1000;

/** When a deposit the provider confirmed at `confirmedAt` reaches the balance: at once (US) or after the window (Canada). */
export function depositFundsAt(region: PaymentRegion, confirmedAt: Date): Date {
  return region === 'ca' ? new Date(confirmedAt.getTime() + CANADIAN_FUNDING_WINDOW_MS) : new Date(confirmedAt);
}

/** A pending deposit is credited once its window has ended (the end itself included). */
export const depositFundingDue = (fundsAt: Date, now: Date): boolean => now.getTime() >= fundsAt.getTime();

/** A Canadian withdrawal request is decided by an admin: completed (paid out) or rejected (the held amount returns). */
export type CanadianWithdrawalDecision = 'complete' | 'reject';

export const CANADA_TEXTS = {
  /** SPEC 9 wording ("funded in about 12-24 hours"), said of a deposit that is waiting. */
  depositPending: 'Your Canadian deposit was received and will be funded in about 12-24 hours.', // ours
  withdrawalRequested:
    'Your Canadian withdrawal request was sent by email to our support team. The amount is held from your balance until it is paid out.', // ours
  alreadyCompleted: 'This withdrawal has already been completed.', // ours
  alreadyRejected: 'This withdrawal has already been rejected.', // ours
  notCanadian: 'Only Canadian withdrawal requests are decided here.', // ours
  supportMailSubject: (username: string) => `Canadian withdrawal request from ${username}`, // ours
  playerMailSubject: 'Your Canadian withdrawal request', // ours
} as const;
