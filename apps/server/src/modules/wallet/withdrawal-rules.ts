import {
  decideWithdrawal,
  FAIRPLAY_TEXTS,
  TAX_TEXTS,
  taxInfoNeeded,
  TEXTS,
  unwageredDeposits,
  utcYearStart,
  withdrawableAmount,
  withdrawBlock,
  type PaymentRegion,
  type WithdrawalPlan,
  type WithdrawBlock,
  type WithdrawRefusal,
} from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { DepositStore } from './deposits.store.ts';
import { money } from './format.ts';
import { readBalance } from './ledger.store.ts';
import { RestrictionStore } from './restrictions.store.ts';
import { TaxStore } from './tax.store.ts';
import { wageringEvents } from './wagering.store.ts';
import type { WithdrawalDeps } from './withdrawals.service.ts';
import { WithdrawalStore } from './withdrawals.store.ts';

export interface WithdrawStanding {
  balance: bigint;
  withdrawable: bigint;
  block: WithdrawBlock | null;
  /** What a reversed deposit left owing (issue 32). */
  owed: bigint;
}

/** One withdrawal as the rules judge it. */
export interface WithdrawalAsk {
  uid: string;
  amount: bigint;
  region: PaymentRegion;
  block: WithdrawBlock | null;
  now: Date;
  closed: boolean;
}

/**
 * The rules of a withdrawal (SPEC 4, 9): what disables Withdraw (a ban, a report, a recent
 * deposit, fair play's suspicion, a debt), how much may leave, SPEC 9's tax prompt, and each
 * refusal as the error the player reads.
 */
export class WithdrawalRules {
  constructor(private readonly d: Pick<WithdrawalDeps, 'db' | 'clock' | 'suspicion' | 'supportEmail'>) {}

  /** Why Withdraw is disabled, and how much may leave now (WalletSummary). */
  async standing(user: { id: string; banned: boolean; closed?: boolean }): Promise<WithdrawStanding> {
    const balance = await readBalance(this.d.db, accountOf.user(user.id, 'usd').id);
    const unwagered = unwageredDeposits(await wageringEvents(this.d.db, user.id));
    const [block, owed] = await Promise.all([this.block(user), this.owed(user.id)]);
    return { balance, withdrawable: withdrawableAmount(balance, unwagered, user.closed === true), block, owed };
  }

  blockText(block: WithdrawBlock, owed?: bigint): string {
    if (block === 'fairplay') return FAIRPLAY_TEXTS.withdrawalOnHold;
    if (block === 'debt') return TEXTS.depositDebt(money(owed ?? 0n));
    return block === 'banned'
      ? TEXTS.loginDisabled(this.d.supportEmail)
      : block === 'reported'
        ? TEXTS.withdrawReported
        : TEXTS.withdrawAfterDeposit;
  }

  /** Every rule of a withdrawal on `balance`, throwing the refusal; SPEC 9's tax prompt included. */
  async decide(db: DbOrTx, ask: WithdrawalAsk, balance: bigint): Promise<WithdrawalPlan> {
    const { uid, amount, region, block, now, closed } = ask;
    const withdrawable = withdrawableAmount(balance, unwageredDeposits(await wageringEvents(db, uid)), closed);
    const decision = decideWithdrawal({ amount, region, balance, withdrawable, block });
    if (!decision.ok)
      throw this.refusal(decision.reason, withdrawable, decision.reason === 'debt' ? await this.owed(uid) : undefined);
    // SPEC 9: under the lock, two requests at once are added up.
    if (region === 'us') {
      const thisYear = await new WithdrawalStore(db).totalSince(uid, utcYearStart(now));
      if (taxInfoNeeded('us', thisYear, amount) && !(await new TaxStore(db).exists(uid)))
        throw new AppError('TAX_INFO_REQUIRED', TAX_TEXTS.required(money(thisYear + amount)));
    }
    return decision.plan;
  }

  async block(user: { id: string; banned: boolean }): Promise<WithdrawBlock | null> {
    const [restrictions, lastDepositAt, suspected, owed] = await Promise.all([
      new RestrictionStore(this.d.db).list(user.id),
      new DepositStore(this.d.db).lastCompletedAt(user.id),
      this.d.suspicion(user.id),
      this.owed(user.id),
    ]);
    return withdrawBlock({
      banned: user.banned,
      restrictions,
      lastDepositAt,
      now: this.d.clock.now(),
      suspected,
      owed,
    });
  }

  /** What a reversed deposit left this user owing (issue 32), in cents. */
  async owed(uid: string): Promise<bigint> {
    return -(await readBalance(this.d.db, accountOf.debt(uid).id));
  }

  private refusal(reason: WithdrawRefusal, withdrawable: bigint, owed?: bigint): AppError {
    switch (reason) {
      case 'banned':
      case 'fairplay':
      case 'reported':
      case 'recentDeposit':
      case 'debt':
        return new AppError('WITHDRAW_DISABLED', this.blockText(reason, owed));
      case 'zero':
        return badRequest(TEXTS.withdrawAmountRequired, { amount: TEXTS.withdrawAmountRequired });
      case 'belowFee':
        return badRequest(TEXTS.withdrawBelowFee, { amount: TEXTS.withdrawBelowFee });
      case 'insufficient':
        return new AppError('INSUFFICIENT_FUNDS', TEXTS.withdrawInsufficient);
      case 'notWagered':
        return new AppError('INSUFFICIENT_FUNDS', TEXTS.withdrawNotWagered(money(withdrawable)));
    }
  }
}
