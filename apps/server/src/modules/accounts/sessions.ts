import type { Clock } from '../../platform/clock.ts';
import type { UserEventPublisher } from './events.ts';
import type { SessionRecord, SessionStore } from './sessions.store.ts';
import type { UserRecord } from './store.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding lifetime: a session unused for this long ends (each use pushes the end forward). */
export const SESSION_TTL_MS = 7 * DAY_MS;
/**
 * Absolute lifetime: a session ends this long after its sign-in however active it is, so a
 * stolen cookie kept warm by a script still dies, and the password is asked again monthly.
 */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** `last_seen_at` (and the expiry sliding with it) is written at most this often per session. */
export const SESSION_TOUCH_MS = 60_000;

/** The end a use at `now` gives a session signed in at `createdAt`: the sliding end, capped by the absolute one. */
function slidingEnd(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/** 32 random bytes in base64url are 43 characters; anything else is not one of our cookies. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface ResolvedSession {
  session: SessionRecord;
  user: UserRecord;
  /** True when the expiry slid forward: the cookie's Max-Age should be renewed too. */
  renewed: boolean;
}

export interface StartedSession {
  token: string;
  publicId: string;
}

/** Cookie sessions: the token only in the cookie, its sha256 in the database (SPEC 4: one per user). */
export class Sessions {
  constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
    private readonly events: UserEventPublisher,
  ) {}

  /**
   * Signs the user in with a fresh token (rotated at every login). The browser's previous
   * session, whoever it belonged to, is discarded, and so is every other session of this user
   * (single session), whose pages are told to sign out.
   */
  async start(userId: string, meta: ClientMeta, previousToken: string | undefined): Promise<StartedSession> {
    const token = randomToken();
    const publicId = randomToken(16);
    const now = this.clock.now();
    const { previous, replaced } = await this.store.transaction(async (s) => {
      const previous =
        previousToken && TOKEN_SHAPE.test(previousToken) ? await s.deleteByTokenHash(sha256(previousToken)) : null;
      const replaced = await s.deleteOthers(userId, null);
      await s.insert({
        tokenHash: sha256(token),
        publicId,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: slidingEnd(now, now),
        ip: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      return { previous, replaced };
    });
    if (previous && previous.userId !== userId) await this.events.sessionEnded(previous.userId, [previous.publicId]);
    if (replaced.length > 0 || previous?.userId === userId) await this.events.sessionReplaced(userId, publicId);
    return { token, publicId };
  }

  /**
   * The live session behind a cookie token, or null (unknown, expired, or the account may no
   * longer sign in). Slides the expiry at most once a minute.
   */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const tokenHash = sha256(token);
    const found = await this.store.findWithUser(tokenHash);
    if (!found) return null;
    const now = this.clock.now();
    const absoluteEnd = found.session.createdAt.getTime() + SESSION_ABSOLUTE_MS;
    if (found.session.expiresAt <= now || absoluteEnd <= now.getTime() || found.user.loginDisabled) {
      // A session of a disabled account dies here too: disabling must not wait 30 days.
      await this.store.deleteByTokenHash(tokenHash);
      return null;
    }
    let renewed = false;
    if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
      const expiresAt = slidingEnd(found.session.createdAt, now);
      await this.store.touch(tokenHash, now, expiresAt);
      found.session.lastSeenAt = now;
      found.session.expiresAt = expiresAt;
      renewed = true;
    }
    return { ...found, renewed };
  }

  /** The public id of the user's one session, if signed in anywhere. */
  currentPublicId(userId: string): Promise<string | null> {
    return this.store.currentPublicId(userId);
  }

  /** Logout: deletes this session and tells its pages. */
  async end(token: string): Promise<{ userId: string; publicId: string } | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const ended = await this.store.deleteByTokenHash(sha256(token));
    if (ended) await this.events.sessionEnded(ended.userId, [ended.publicId]);
    return ended;
  }

  /** Ends every session of the user (password reset), except `keepToken`'s if given. */
  async endAll(userId: string, keepToken?: string): Promise<void> {
    const ended = await this.store.deleteOthers(userId, keepToken ? sha256(keepToken) : null);
    await this.events.sessionEnded(userId, ended);
  }
}
