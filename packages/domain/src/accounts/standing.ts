/**
 * What a restricted account may still do. A closed account (self-exclusion, SPEC 4) may look
 * but change nothing; a banned one (SPEC 6) cannot play, chat or act in real time. Both keep
 * their session so their pages can show the overlay or the ban notice.
 */
export type AccountRestriction = 'closed' | 'banned';

export function accountRestriction(user: {
  readonly closed: boolean;
  readonly banned: boolean;
}): AccountRestriction | null {
  if (user.closed) return 'closed';
  if (user.banned) return 'banned';
  return null;
}

/**
 * SPEC 5: every account has a date of birth (18 or older). One made through a sign-in provider
 * (Google) has none at first and gives it before anything else: until then it may look and sign
 * out, but change nothing and play nothing.
 */
export const needsDateOfBirth = (user: { readonly dateOfBirth: string | null }): boolean => user.dateOfBirth === null;

/** What decides whether an account may act over a socket (read at connect, kept with the socket). */
export interface AccountStanding {
  readonly closed: boolean;
  readonly banned: boolean;
  readonly dateOfBirth: string | null;
}

/** Why a command of this account is refused, or null when it may act. */
export type CommandRefusal = AccountRestriction | 'dateOfBirth';

/**
 * The one rule every socket command passes (issue 10, issue 35): a closed or banned account, or
 * one that has not given its date of birth yet, sends no command. The closure and the ban say
 * more than the missing date of birth, so they win.
 */
export function commandRefusal(standing: AccountStanding): CommandRefusal | null {
  return accountRestriction(standing) ?? (needsDateOfBirth(standing) ? 'dateOfBirth' : null);
}
