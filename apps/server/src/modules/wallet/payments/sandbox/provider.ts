import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../../../platform/clock.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { signPayload, SIGNATURE_HEADER } from '../signature.ts';
import { SANDBOX_REJECTED_CENTS, type SandboxNotificationBody } from './adapter.ts';
import { SandboxStore, type SandboxPaymentRecord } from './sandbox.store.ts';
import type { SandboxSecret } from './secret.ts';

/** Where the provider sends its notifications: the merchant's webhook endpoint. */
export type NotificationSink = (rawBody: string, headers: Record<string, string>) => Promise<void>;

/** A failed delivery is retried this long after the attempt. */
export const REDELIVERY_DELAY_MS = 30_000;

/**
 * The sandbox provider's own side: the payer's Pay and Cancel, the sandbox bank answering
 * payouts, and the delivery of signed notifications to the merchant. Its state is in the
 * database, so any instance may sweep it and a restart loses nothing: a notification stays
 * queued until a delivery succeeds.
 */
export class SandboxProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: SandboxSecret,
    private readonly sink: NotificationSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  checkout(id: string): Promise<SandboxPaymentRecord | null> {
    return new SandboxStore(this.db).find(id);
  }

  /**
   * The payer pressed Pay (or Cancel) on the checkout page. The decision is recorded with its
   * notification claimed for this press, then delivered at once, so the merchant has heard of
   * it when Pay answers; if that delivery fails the sweep retries it.
   * Null when the checkout was not open (already decided or expired).
   */
  async decide(id: string, status: 'paid' | 'cancelled'): Promise<SandboxPaymentRecord | null> {
    const now = this.clock.now();
    const row = await new SandboxStore(this.db).closeCheckout(
      id,
      status,
      now,
      new Date(now.getTime() + REDELIVERY_DELAY_MS),
    );
    if (row) await this.deliver([row]);
    return row;
  }

  /** One pass of the provider's background work. */
  async sweep(): Promise<void> {
    await new SandboxStore(this.db).answerDuePayouts(this.clock.now(), payoutOutcome);
    await this.deliverDue();
  }

  private async deliverDue(): Promise<void> {
    const now = this.clock.now();
    const claimed = await new SandboxStore(this.db).claimNotifications(
      now,
      new Date(now.getTime() + REDELIVERY_DELAY_MS),
    );
    await this.deliver(claimed);
  }

  /** Sends claimed notifications; each success clears its retry. */
  private async deliver(claimed: readonly SandboxPaymentRecord[]): Promise<void> {
    const store = new SandboxStore(this.db);
    for (const row of claimed) {
      if (!row.notifyType) continue;
      const body: z.infer<typeof SandboxNotificationBody> = {
        id: `evt_${row.id}_${row.notifyType}`,
        type: row.notifyType as z.infer<typeof SandboxNotificationBody>['type'],
        data: { reference: row.reference, amount: Number(row.amount) },
      };
      const raw = JSON.stringify(body);
      try {
        await this.sink(raw, { [SIGNATURE_HEADER]: signPayload(await this.secret.get(), raw, this.clock.now()) });
        await store.markNotified(row.id, row.notifyType, this.clock.now());
      } catch (err) {
        this.log.warn({ err, payment: row.id, type: row.notifyType }, 'sandbox notification not delivered; will retry');
      }
    }
  }
}

/** The sandbox bank pays everything except amounts ending in .13, which it refuses. */
export const payoutOutcome = (p: SandboxPaymentRecord): 'completed' | 'rejected' =>
  p.amount % 100n === SANDBOX_REJECTED_CENTS ? 'rejected' : 'completed';
