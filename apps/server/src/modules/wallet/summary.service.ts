import type { WalletSummary } from '@rush/protocol';
import type { SelfLimit } from '@rush/domain';
import type { Db } from '../../platform/db/database.ts';
import { toWireBalances } from '../accounts/index.ts';
import type { DepositService } from './deposits.service.ts';
import { readUserBalances } from './ledger.store.ts';
import type { LimitsService } from './limits.service.ts';
import type { ResponsibleGaming } from './responsible.service.ts';
import type { WithdrawalService } from './withdrawals.service.ts';

const limitView = (l: SelfLimit | null) => (l ? { max: Number(l.max), until: l.until.toISOString() } : null);

/** SPEC 2 wallet screen: balances, what may be withdrawn and deposited, active limits, why Withdraw is off. */
export class SummaryService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawalService,
    private readonly limits: LimitsService,
    private readonly responsible: ResponsibleGaming,
  ) {}

  async summary(user: { id: string; banned: boolean; closed?: boolean }): Promise<WalletSummary> {
    const [balances, standing, room, limits, lastDepositAt, deposits, coolOffUntil, lossLimits] = await Promise.all([
      readUserBalances(this.db, user.id),
      this.withdrawals.standing(user),
      this.deposits.room(user.id),
      this.limits.active(user.id),
      this.deposits.lastDepositAt(user.id),
      this.deposits.outcomes(user.id),
      this.responsible.coolOffUntil(user.id),
      this.responsible.lossLimits(user.id),
    ]);
    return {
      balances: toWireBalances(balances),
      withdrawable: Number(standing.withdrawable),
      depositRoom: Number(room),
      limits: { bet: limitView(limits.bet), deposit: limitView(limits.deposit) },
      withdrawDisabledReason: standing.block ? this.withdrawals.blockText(standing.block, standing.owed) : null,
      debt: Number(standing.owed),
      deposits,
      lastDepositAt: lastDepositAt?.toISOString() ?? null,
      coolOffUntil: coolOffUntil?.toISOString() ?? null,
      lossLimits,
    };
  }
}
