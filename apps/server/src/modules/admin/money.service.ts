import { TEXTS } from '@rush/domain';
import type { AdminWalletResponse } from '@rush/protocol';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { toWireBalances } from '../accounts/index.ts';
import { accountOf } from '../wallet/index.ts';
import { InsufficientFundsError } from '../wallet/index.ts';
import type { WalletConsole } from '../wallet/index.ts';
import type { AuditLog } from '../audit/index.ts';

type Operation = 'deposit' | 'withdraw';

/**
 * SPEC 6 manual deposit and withdraw for a user's wallet, recorded as Admin Deposit / Admin
 * Withdraw against the adjustment account. The admin's Idempotency-Key is the movement's key:
 * a second request with it, at once or later, is the same operation and pays nothing more.
 */
export class AdminMoneyService {
  constructor(
    private readonly wallet: Pick<WalletConsole, 'movements' | 'balances' | 'movementByKey' | 'userExists'>,
    private readonly audit: AuditLog,
  ) {}

  async move(op: Operation, uid: string, amount: number, key: string, adminUid: string): Promise<AdminWalletResponse> {
    const user = await this.userExists(uid);
    const movementKey = `admin:${op}:${key}`;
    const minor = BigInt(amount);
    if (minor > 0n) {
      const adjustment = accountOf.adjustment('usd');
      const target = accountOf.user(uid, 'usd');
      try {
        const outcome = await this.wallet.movements.move(
          {
            key: movementKey,
            kind: op === 'deposit' ? 'admin_deposit' : 'admin_withdraw',
            currency: 'usd',
            meta: { uid, amount: String(minor), by: adminUid },
            accounts: [adjustment, target],
            legs: async (balances, tx) => {
              const before = balances.get(target.id) ?? 0n;
              // SPEC 5: never above the balance, read under the lock.
              if (op === 'withdraw' && minor > before)
                throw badRequest(TEXTS.adminWithdrawAboveBalance, { amount: TEXTS.adminWithdrawAboveBalance });
              const after = op === 'deposit' ? before + minor : before - minor;
              // In the movement's transaction, which a replayed key never reaches: one row per payment.
              await this.audit.record(
                tx,
                { adminUid, action: `money.${op}`, target: uid },
                { before: { usd: String(before) }, after: { usd: String(after), amount: String(minor), key } },
              );
              return op === 'deposit'
                ? [{ from: adjustment, to: target, amount: minor }]
                : [{ from: target, to: adjustment, amount: minor }];
            },
          },
          'admin',
        );
        if (outcome.status === 'replayed') await this.sameRequest(movementKey, uid, minor);
      } catch (e) {
        if (e instanceof InsufficientFundsError)
          throw badRequest(TEXTS.adminWithdrawAboveBalance, { amount: TEXTS.adminWithdrawAboveBalance });
        throw e;
      }
    }
    return { uid: user, balances: toWireBalances(await this.wallet.balances.read(uid)) };
  }

  /** A key used before must name the same user and amount, or it is a mistake, not a retry. */
  private async sameRequest(key: string, uid: string, amount: bigint): Promise<void> {
    const prior = await this.wallet.movementByKey(key);
    if (!prior || prior.meta.uid !== uid || prior.meta.amount !== String(amount)) {
      throw new AppError('CONFLICT', TEXTS.idempotencyKeyReused);
    }
  }

  private async userExists(uid: string): Promise<string> {
    if (!(await this.wallet.userExists(uid))) throw notFound();
    return uid;
  }
}
