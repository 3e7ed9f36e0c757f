import {
  DEFAULT_USERNAME_COLOR,
  isUsernameColor,
  VERIFIED_LEVELS,
  needsDateOfBirth,
  realityCheckMinutesOf,
  roleOf,
  type VerifiedLevel,
} from '@rush/domain';
import { ACCOUNT_ROUTES, type Me } from '@rush/protocol';
import type { MeSource } from './balances.ts';
import type { UserRecord } from './store.ts';

const isLevel = (v: string): v is VerifiedLevel => (VERIFIED_LEVELS as readonly string[]).includes(v);

/** The avatar URL carries the version so a new picture is a new URL (and the old one may be cached forever). */
export function avatarUrl(user: Pick<UserRecord, 'id' | 'avatarVersion'>): string | null {
  return user.avatarVersion > 0 ? `${ACCOUNT_ROUTES.avatarOf(user.id)}?v=${user.avatarVersion}` : null;
}

/** The signed-in user's own view (protocol `Me`); balances come from the ledger. */
export async function buildMe(source: MeSource, user: UserRecord, sessionPublicId: string): Promise<Me> {
  const [balances, pendingFriendInvites, pendingRecoveryEmail, coolOffUntil] = await Promise.all([
    source.readBalances(user.id),
    source.readPendingFriendInvites(user.id),
    source.readPendingRecoveryEmail(user.id),
    source.readCoolOffUntil ? source.readCoolOffUntil(user.id) : Promise.resolve(null),
  ]);
  return {
    uid: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    recoveryEmail: user.recoveryEmail,
    pendingRecoveryEmail,
    role: roleOf(user, source.adminEmails),
    // The columns are plain text; an unknown value (a future level) reads as the safe default.
    verifiedLevel: isLevel(user.verifiedLevel) ? user.verifiedLevel : 'notVerified',
    usernameColor: isUsernameColor(user.usernameColor) ? user.usernameColor : DEFAULT_USERNAME_COLOR,
    avatarUrl: avatarUrl(user),
    // Issue 37: an account whose settings predate the reality check reads the default interval.
    settings: { ...user.settings, realityCheckMinutes: realityCheckMinutesOf(user.settings.realityCheckMinutes) },
    banned: user.banned,
    closed: user.closed,
    needsDateOfBirth: needsDateOfBirth(user),
    chessUsername: user.chessUsername,
    balances,
    pendingFriendInvites,
    coolOffUntil: coolOffUntil?.toISOString() ?? null,
    sessionId: sessionPublicId,
    createdAt: user.createdAt.toISOString(),
  };
}
