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
