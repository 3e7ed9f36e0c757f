import { commandRefusal, TEXTS } from '@rush/domain';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { StandingRules } from '../../platform/realtime/types.ts';
import type { AccountStore } from './store.ts';

/**
 * The standing check of every socket command (issue 10): the same rule as the HTTP edge, so a
 * self-excluded or banned account cannot move, chat, resign or accept a rematch through a socket
 * it opened before. Issue 35: the hub keeps the standing with the socket (read with the session
 * at connect) and re-reads it through `read` when an `account.standing` or `account.restricted`
 * event passes, so `check` runs on every command without a database read. Visitors pass: the
 * commands they may send (spectating) check their own rules.
 */
export function standingRules(accounts: AccountStore, supportEmail: string): StandingRules {
  return {
    read: (userId) => accounts.standing(userId),
    check(standing) {
      if (!standing) throw unauthenticated();
      switch (commandRefusal(standing)) {
        case 'closed':
          throw new AppError('ACCOUNT_CLOSED', TEXTS.accountClosed);
        case 'banned':
          throw new AppError('FORBIDDEN', TEXTS.loginDisabled(supportEmail));
        // SPEC 5: a provider sign-up gives its date of birth before it may play or chat.
        case 'dateOfBirth':
          throw new AppError('FORBIDDEN', TEXTS.dobFirst);
        case null:
          break;
      }
    },
  };
}
