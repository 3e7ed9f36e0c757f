/**
 * What Dots does not publish, as switches the tests run the product under, each plausible answer
 * in turn (docs.dots.dev and the SDK models of its OpenAPI document are silent on these):
 * - `reusedKey`: the answer to a payout or transfer whose idempotency key was used before ("will
 *   be rejected", no status given): 409, 400 or 422 with a message, or 201/200 with the first one.
 * - `failedPayoutFunds`: where `fund: true` returns the money of a failed payout ("The funds are
 *   returned"): to the app's wallet, or left in the user's Dots wallet.
 * - `payoutMetadata`: whether the payout's transfer carries the metadata we sent.
 * - `reversal`: the status a payment's transfer takes when the payer's bank returns it.
 * - `paymentTransfer`: whether a payment's transfer completes at once (card) or stays pending (ACH).
 * - `appBalance`: how the app's `metrics.wallet_balance` string writes its amount (cents, or dollars with cents).
 * And the body of a refused verify, and what the bank does with new payouts.
 */
export interface DotsSwitches {
  reusedKey: 'conflict-409' | 'bad-request-400' | 'unprocessable-422' | 'original';
  failedPayoutFunds: 'app' | 'user';
  payoutMetadata: 'kept' | 'dropped';
  reversal: 'failed' | 'reversed';
  paymentTransfer: 'completed' | 'pending';
  appBalance: 'cents' | 'dollars';
}
export const DEFAULT_SWITCHES: DotsSwitches = {
  reusedKey: 'conflict-409',
  failedPayoutFunds: 'app',
  payoutMetadata: 'kept',
  reversal: 'failed',
  paymentTransfer: 'completed',
  appBalance: 'dollars',
};

/** The body of a refused verify: Dots publishes the 400 but not its body, so each plausible one. */
export type VerifyRefusalBody = 'message' | 'error' | 'detail' | 'empty';
export const WRONG_CODE_TEXT = 'The verification code you entered is incorrect.';

/** What new payouts do at the bank: complete or fail (each with its webhook) or stay pending. */
export type PayoutBehaviour = 'complete' | 'fail' | 'pending';
