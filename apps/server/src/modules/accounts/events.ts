import type { FastifyBaseLogger } from 'fastify';
import { CLOSE_CODES, TOPICS, UserEvents, type Me, type UserEventType, type UserEventData } from '@rush/protocol';
import type { RealtimeHub } from '../../platform/realtime/types.ts';

/**
 * What the accounts capability tells a user's open pages over `user:{uid}`. The database is
 * the truth (a deleted session is signed out at its next request whatever happens here), so a
 * failed publish is logged, never turned into a failed login.
 */
export class UserEventPublisher {
  constructor(
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * SPEC 4 single session: every page of another session signs out and reloads. The hub of
   * every instance closes those sockets (4002) when the event passes, after delivering it.
   */
  async sessionReplaced(userId: string, keptSessionId: string): Promise<void> {
    if (!(await this.publish(userId, UserEvents.sessionReplaced, { sessionId: keptSessionId }))) {
      this.hub.closeUserSockets(userId, CLOSE_CODES.sessionReplaced, 'Session replaced', keptSessionId);
    }
  }

  /** A session ended (logout, password reset): the pages of that session sign out (4003). */
  async sessionEnded(userId: string, sessionIds: string[]): Promise<void> {
    let delivered = true;
    for (const sessionId of sessionIds) {
      delivered = (await this.publish(userId, UserEvents.loggedOut, { sessionId })) && delivered;
    }
    if (!delivered) this.hub.closeUserSockets(userId, CLOSE_CODES.loggedOut, 'Logged out');
  }

  /**
   * Issue 35: the account's standing changed (ban, unban, closure, date of birth), published
   * right after the commit: every instance re-reads it once for the user's sockets, which judge
   * every command by it. Not published: this instance re-reads at least; the others re-read
   * every standing when their bus subscription comes back (docs/design/realtime.md).
   */
  async standingChanged(userId: string): Promise<void> {
    if (!(await this.publish(userId, UserEvents.standingChanged, {}))) this.hub.refreshStanding(userId);
  }

  /** The account was closed or banned: every instance closes the user's sockets (4005). */
  async accountRestricted(userId: string): Promise<void> {
    if (!(await this.publish(userId, UserEvents.accountRestricted, {}))) {
      this.hub.closeUserSockets(userId, CLOSE_CODES.accountRestricted, 'Account restricted');
    }
  }

  async profileChanged(me: Me): Promise<void> {
    await this.publish(me.uid, UserEvents.profileChanged, me);
  }

  /** False when the bus refused it; then at least this instance's sockets are closed directly. */
  private async publish<E extends UserEventType>(userId: string, type: E, data: UserEventData<E>): Promise<boolean> {
    try {
      await this.hub.publish(TOPICS.user(userId), type, data);
      return true;
    } catch (err) {
      this.log.error({ err, userId, type }, 'user event not published');
      return false;
    }
  }
}
