import type { FastifyBaseLogger } from 'fastify';
import type { PaymentNotification, PaymentsPort } from './port.ts';

/** What a confirmed deposit or an answered payout does to the wallet. */
export interface PaymentEffects {
  depositPaid(reference: string, amount: bigint): Promise<void>;
  depositCancelled(reference: string): Promise<void>;
  payoutAnswered(reference: string, outcome: 'completed' | 'rejected', amount: bigint): Promise<void>;
  /** Reads the user's (or this payment's) deposits again at the provider and applies what is final. */
  depositsChanged(which: { uid: string | null; payment: string | null }): Promise<void>;
  /** Reads the user's pending payouts (or this one) again at the provider and applies what is final. */
  payoutsChanged(which: { uid: string; reference: string | null }): Promise<void>;
}

/**
 * The one code path for the provider's word, whether it arrives over HTTP (the webhook route)
 * or from the built-in sandbox in the same process: authenticate through the port, then apply.
 * Every effect is idempotent (ledger keys per deposit and per withdrawal), so a redelivered or
 * replayed notification changes nothing.
 */
export class PaymentNotifications {
  constructor(
    private readonly port: PaymentsPort,
    private readonly effects: PaymentEffects,
    private readonly log: FastifyBaseLogger,
  ) {}

  async handle(rawBody: string, headers: Readonly<Record<string, string | undefined>>): Promise<PaymentNotification> {
    const note = await this.port.verifyNotification(rawBody, headers);
    switch (note.type) {
      case 'checkout.paid':
        await this.effects.depositPaid(note.reference, note.amount);
        break;
      case 'checkout.cancelled':
        await this.effects.depositCancelled(note.reference);
        break;
      case 'payout.completed':
      case 'payout.rejected':
        await this.effects.payoutAnswered(
          note.reference,
          note.type === 'payout.completed' ? 'completed' : 'rejected',
          note.amount,
        );
        break;
      case 'deposit.check':
        await this.effects.depositsChanged({ uid: note.uid, payment: note.payment });
        break;
      case 'payout.check':
        await this.effects.payoutsChanged({ uid: note.uid, reference: note.reference });
        break;
      case 'ignored':
        break;
    }
    this.log.info({ event: note.id, type: note.type, reference: note.reference }, 'payment notification applied');
    return note;
  }
}
