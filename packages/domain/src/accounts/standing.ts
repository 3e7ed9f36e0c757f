/**
 * What a restricted account may still do. A closed account (self-exclusion, SPEC 4) may look
 * but change nothing; a banned one (SPEC 6) cannot play, chat or act in real time. Both keep
 * their session so their pages can show the overlay or the ban notice.
 */
export type AccountRestriction = 'closed' | 'banned';

export function accountRestriction(user: { readonly closed: boolean; readonly banned: boolean }): AccountRestriction | null {
  if (user.closed) return 'closed';
  if (user.banned) return 'banned';
  return null;
}
