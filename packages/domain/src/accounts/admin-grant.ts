/**
 * SPEC 6 admin role: granted by the operator's list of addresses (ADMIN_EMAILS), and only to an
 * account that proved it owns that mailbox. The grant is decided from the list in force at each
 * request, never stored, so an address that leaves the list loses the role at once and an
 * unverified sign-up with a listed address never holds it.
 */
export type Role = 'user' | 'admin';

/** The operator's comma list, as the set of lower-cased, trimmed addresses it names. */
export function parseAdminEmails(list: string): ReadonlySet<string> {
  return new Set(
    list
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function roleOf(
  user: { readonly email: string; readonly emailVerified: boolean },
  adminEmails: ReadonlySet<string>,
): Role {
  return user.emailVerified && adminEmails.has(user.email.trim().toLowerCase()) ? 'admin' : 'user';
}
