import type { DepositAtProvider, DepositOutcome } from '../port.ts';
import { DotsBadAnswer, parse } from './answers.ts';
import { DotsRefused, type DotsHttp } from './http.ts';
import { centsFromWire } from './money.ts';
import { CheckoutSession, DOTS_PATHS, FAILED_TRANSFER, PaymentIntent, Transfer } from './wire.ts';

/**
 * A deposit as Dots' own records show it (docs/design/dots.md, "Deposits"): the checkout
 * session we created, its payment intent, and the transfer that intent made into the app. The
 * deposit is `paid` only when the intent succeeded AND its transfer completed: the money is in
 * the platform's account. A failed or reversed transfer behind a succeeded intent is a reversal
 * (an ACH return after the fact); a failed or canceled intent never paid.
 */
export async function readDeposit(http: DotsHttp, d: DepositAtProvider): Promise<DepositOutcome> {
  // No checkout id: the create call's answer was lost, so no page was ever shown to pay.
  if (!d.providerRef) return { state: 'open' };
  const session = parse(CheckoutSession, (await http.get(DOTS_PATHS.checkoutSession(d.providerRef))).body, 'session');
  if (session.client_reference_id != null && session.client_reference_id !== d.reference) {
    throw new DotsBadAnswer('a checkout session of another deposit');
  }
  const intentId = session.payment_intent_id ?? d.providerPayment;
  const unpaid = (): DepositOutcome =>
    session.status === 'expired' ? { state: 'expired', payment: intentId ?? null } : { state: 'open' };
  if (!intentId) return unpaid();
  const intent = await readIntent(http, intentId);
  if (!intent) return unpaid();
  if (intent.currency.toLowerCase() !== 'usd') throw new DotsBadAnswer('a payment intent not in usd');
  if (intent.status === 'failed' || intent.status === 'canceled') return { state: 'failed', payment: intent.id };
  if (intent.status !== 'succeeded' || !intent.transfer_id) return unpaid();
  const transfer = parse(Transfer, (await http.get(DOTS_PATHS.transfer(intent.transfer_id))).body, 'transfer');
  if (FAILED_TRANSFER.has(transfer.status)) return { state: 'reversed', payment: intent.id };
  if (transfer.status !== 'completed') return { state: 'open' };
  return { state: 'paid', amount: centsFromWire(intent.amount), payment: intent.id };
}

async function readIntent(http: DotsHttp, id: string): Promise<PaymentIntent | null> {
  try {
    return parse(PaymentIntent, (await http.get(DOTS_PATHS.paymentIntent(id))).body, 'payment intent');
  } catch (e) {
    // Published: 404 for an intent Dots does not have (not yet created behind the session).
    if (e instanceof DotsRefused && e.status === 404) return null;
    throw e;
  }
}
