import { CANADA_TEXTS, type CanadianWithdrawalDecision } from '@rush/domain';
import type { AdminCanadianWithdrawal } from '@rush/protocol';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { movementByKey, type MovementOutcome } from './ledger.store.ts';
import type { WithdrawalDeps } from './withdrawals.service.ts';
import { WithdrawalStore, type WithdrawalRecord } from './withdrawals.store.ts';

/**
 * The end of a withdrawal, once, under `withdraw:resolve:{id}`: the held money leaves (fee to
 * the platform) or comes back, on the provider's answer or, for a Canadian request (SPEC 9 "by
 * email request"), on an admin's decision in the console.
 */
export class WithdrawalResolutions {
  constructor(private readonly d: Pick<WithdrawalDeps, 'db' | 'clock' | 'wallet' | 'log'>) {}

  /** The provider answered a payout: the held money leaves (fee to the platform) or comes back. */
  async resolve(reference: string, outcome: 'completed' | 'rejected', amount: bigint): Promise<MovementOutcome> {
    const w = await new WithdrawalStore(this.d.db).find(reference);
    if (!w) throw notFound();
    if (w.region === 'ca') {
      // Canadian requests are never sent to the provider: an answer about one is not ours to apply.
      this.d.log.error({ withdrawal: w.id }, 'payout answer for a Canadian e-mail request');
      throw badRequest();
    }
    if (w.amount !== amount) {
      this.d.log.error({ withdrawal: w.id, expected: String(w.amount), got: String(amount) }, 'payout amount mismatch');
      throw badRequest();
    }
    // The provider has answered: the outcome is applied even if the account closed since.
    return this.apply(w, outcome, 'completion');
  }

  /** The held money leaves (fee to the platform) or comes back, once, with `also` in the same transaction. */
  apply(
    w: WithdrawalRecord,
    outcome: 'completed' | 'rejected',
    authority: 'completion' | 'admin',
    also?: (tx: DbOrTx) => Promise<void>,
  ): Promise<MovementOutcome> {
    const held = accountOf.withdrawal(w.uid);
    const clearing = accountOf.clearing('usd');
    const fee = accountOf.fee('usd');
    const back = accountOf.user(w.uid, 'usd');
    const completed = outcome === 'completed';
    return this.d.wallet.move(
      {
        key: `withdraw:resolve:${w.id}`,
        kind: completed ? 'withdraw_complete' : 'withdraw_reject',
        currency: 'usd',
        ref: `withdrawal:${w.id}`,
        meta: { withdrawalId: w.id },
        accounts: completed ? [held, clearing, fee] : [held, back],
        legs: () =>
          completed
            ? [
                { from: held, to: clearing, amount: w.amount - w.fee },
                { from: held, to: fee, amount: w.fee },
              ]
            : [{ from: held, to: back, amount: w.amount }],
        after: async (tx) => {
          await new WithdrawalStore(tx).resolve(w.id, outcome, this.d.clock.now());
          if (also) await also(tx);
        },
      },
      authority,
    );
  }

  /**
   * An admin completes (paid out by support: the held money leaves, fee to the platform) or
   * rejects (the held money returns) a Canadian request. One key for both outcomes
   * (`withdraw:resolve:{id}`): of two admins, or a complete racing a reject, exactly one moves
   * money and writes its audit row (`audit`, in the movement's transaction); the other gets 409
   * naming what happened.
   */
  async decideCanadian(
    id: string,
    decision: CanadianWithdrawalDecision,
    audit: ChangeHook,
  ): Promise<AdminCanadianWithdrawal> {
    const w = await new WithdrawalStore(this.d.db).find(id);
    if (!w) throw notFound();
    if (w.region !== 'ca') throw new AppError('CONFLICT', CANADA_TEXTS.notCanadian);
    const outcome = decision === 'complete' ? 'completed' : 'rejected';
    const moved = await this.apply(w, outcome, 'admin', (tx) =>
      audit(tx, {
        before: { status: 'pending', amount: String(w.amount), fee: String(w.fee), uid: w.uid },
        after: { status: outcome, amount: String(w.amount), fee: String(w.fee), uid: w.uid },
      }),
    );
    if (moved.status === 'replayed') {
      const prior = await movementByKey(this.d.db, `withdraw:resolve:${w.id}`);
      throw new AppError(
        'CONFLICT',
        prior?.kind === 'withdraw_complete' ? CANADA_TEXTS.alreadyCompleted : CANADA_TEXTS.alreadyRejected,
      );
    }
    const [row] = await new WithdrawalStore(this.d.db).canadian({ id: w.id });
    if (!row) throw notFound();
    return row;
  }

  /** The console's list: open Canadian requests oldest first, then the latest decided ones. */
  async canadianRequests(): Promise<AdminCanadianWithdrawal[]> {
    const store = new WithdrawalStore(this.d.db);
    const [pending, decided] = await Promise.all([
      store.canadian({ status: 'pending' }),
      store.canadian({ decided: true }),
    ]);
    return [...pending, ...decided];
  }
}
