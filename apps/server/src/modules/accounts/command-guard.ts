import { accountRestriction, needsDateOfBirth, TEXTS } from '@rush/domain';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { CommandGuard } from '../../platform/realtime/types.ts';
import type { AccountStore } from './store.ts';

/**
 * The standing check of every socket command (issue 10): the same rule as the HTTP edge, read
 * from the database at each command, so a self-excluded or banned account cannot move, chat,
 * resign or accept a rematch through a socket it opened before. Visitors pass: the commands
 * they may send (spectating) check their own rules.
 */
export function commandGuard(accounts: AccountStore, supportEmail: string): CommandGuard {
  return async (conn) => {
    if (conn.userId === null) return;
    const standing = await accounts.standing(conn.userId);
    if (!standing) throw unauthenticated();
    switch (accountRestriction(standing)) {
      case 'closed':
        throw new AppError('ACCOUNT_CLOSED', TEXTS.accountClosed);
      case 'banned':
        throw new AppError('FORBIDDEN', TEXTS.loginDisabled(supportEmail));
      case null:
        break;
    }
    // SPEC 5: a provider sign-up gives its date of birth before it may play or chat.
    if (needsDateOfBirth(standing)) throw new AppError('FORBIDDEN', TEXTS.dobFirst);
  };
}
