import type { ProfileLink } from '../accounts/index.ts';
import type { MatchmakingModule } from '../matchmaking/index.ts';
import type { BattleModule } from '../puzzles/index.ts';
import type { ReportsService } from '../reports/index.ts';
import type { StatsService } from '../stats/index.ts';
import type { WalletConsole } from '../wallet/index.ts';
import type { LossLimitUsage } from './review.ports.ts';

/**
 * What the console uses of the other capabilities, handed over by the composition root (so the
 * admin module, which those capabilities import for `requireAdmin` and the audit log, never
 * imports them back at run time).
 */
export interface ConsolePorts {
  wallet: WalletConsole;
  profile: Pick<ProfileLink, 'notifyChanged' | 'accountRestricted' | 'standingChanged'>;
  isAdmin(userId: string): Promise<boolean>;
  queue: Pick<MatchmakingModule['queue'], 'kick'>;
  battle: Pick<BattleModule['battle'], 'removeByAdmin'>;
  reports: Pick<ReportsService, 'dismissReports' | 'playerReports' | 'playerOfReport'>;
  stats: Pick<StatsService, 'ongoing'>;
  /**
   * Issue 37: the loss limits in force and their use, for the responsible-gaming review. Left
   * out, the review lists no loss limits (the composition root wires the wallet's loss limits).
   */
  lossLimits?: LossLimitUsage;
}
