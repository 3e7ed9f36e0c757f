import type { FastifyBaseLogger } from 'fastify';
import { decideBan, type VerifiedLevel } from '@rush/domain';
import type { AdminSection, KickResponse } from '@rush/protocol';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { AccountStore, type UserStanding } from '../accounts/index.ts';
import type { AdminChanges, AuditLog } from '../audit/index.ts';
import type { ConsolePorts } from './ports.ts';

type Ports = Pick<ConsolePorts, 'profile' | 'queue' | 'battle' | 'reports'>;

const banView = (s: UserStanding) => ({ banned: s.banned, reason: s.reason, at: s.at });

/**
 * SPEC 6 admin moderation: ban and unban, the verified level, kick, confirm cheating. The user's
 * row changes and its audit row are one transaction; what follows a ban (the standing every
 * instance keeps with the user's sockets re-read first, then out of the queue and the waiting
 * room with stakes back, sockets closed on every instance) runs after it committed.
 */
export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly audit: AuditLog,
    private readonly changes: AdminChanges,
    private readonly ports: Ports,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** SPEC 7 banPlayer {uid, newState}: a ban needs its reason (domain decideBan). 404 for nobody. */
  async ban(adminUid: string, uid: string, input: { banned: boolean; reason: string }): Promise<void> {
    const decision = decideBan(input);
    if (!decision.ok) throw badRequest(decision.message, { reason: decision.message });
    await inTx(this.db, (tx) => this.setBan(tx, adminUid, uid, decision.banned ? decision.reason : null));
    await this.ports.profile.standingChanged(uid);
    await this.afterBan(adminUid, uid, decision.banned);
  }

  /**
   * Confirm cheating (SPEC 4: bans and removes): the player's open reports are archived (kept as
   * the ban's evidence, counted no more, as a dismissal archives them) and the `reported`
   * withdrawal restriction lifted (the ban itself now blocks withdrawals), all in one
   * transaction with the ban and both audit rows. Answers how many reports were removed.
   */
  async confirmCheating(adminUid: string, uid: string, reason: string): Promise<number> {
    const removed = await this.ports.reports.dismissReports(uid, async (tx, change) => {
      await this.audit.record(tx, { adminUid, action: 'reports.confirmCheating', target: uid }, change);
      await this.setBan(tx, adminUid, uid, reason);
    });
    await this.ports.profile.standingChanged(uid);
    await this.afterBan(adminUid, uid, true, ['reports']);
    return removed;
  }

  /** SPEC 7 setUserVerified {uid, optionId}. */
  async setVerifiedLevel(adminUid: string, uid: string, level: VerifiedLevel): Promise<void> {
    await inTx(this.db, async (tx) => {
      const store = new AccountStore(tx);
      const before = await store.lockStanding(uid);
      if (!before) throw notFound();
      await store.setVerifiedLevel(uid, level);
      await this.audit.record(
        tx,
        { adminUid, action: 'user.verifiedLevel', target: uid },
        { before: { verifiedLevel: before.verifiedLevel }, after: { verifiedLevel: level } },
      );
    });
    await this.notify(() => this.ports.profile.notifyChanged(uid), uid);
    await this.changes.publish(['users']);
  }

  /**
   * SPEC 7 kickPlayerFromLobby: out of a matchmaking search (or a found match) or a battle
   * waiting room, stakes refunded by those capabilities. Recorded after the fact: the kick is
   * the queue's or the lobby's own transaction.
   */
  async kick(adminUid: string, uid: string): Promise<KickResponse> {
    if (!(await new AccountStore(this.db).findById(uid))) throw notFound();
    const kicked = await this.removeFromPlay(adminUid, uid);
    await this.audit.recordAlone({ adminUid, action: 'user.kick', target: uid }, { before: null, after: { kicked } });
    await this.changes.publish(kicked === 'lobby' ? ['matchmaking', 'users'] : ['matchmaking']);
    return { kicked };
  }

  private async setBan(tx: DbOrTx, adminUid: string, uid: string, reason: string | null): Promise<void> {
    const store = new AccountStore(tx);
    const before = await store.lockStanding(uid);
    if (!before) throw notFound();
    const ban = reason === null ? null : { reason, at: this.now() };
    await store.setBan(uid, ban);
    const after = { banned: ban !== null, reason: ban?.reason ?? null, at: ban?.at.toISOString() ?? null };
    await this.audit.record(
      tx,
      { adminUid, action: ban ? 'user.ban' : 'user.unban', target: uid },
      { before: banView(before), after },
    );
  }

  /**
   * After a ban: out of the queue and the waiting room (stakes back), then every socket of the
   * user closed (4005) on every instance, so the page asks who it is again and shows the ban.
   * After an unban the page hears its new `Me`.
   */
  private async afterBan(adminUid: string, uid: string, banned: boolean, extra: AdminSection[] = []): Promise<void> {
    if (banned) {
      await this.removeFromPlay(adminUid, uid).catch((err: unknown) =>
        this.log.error({ err, uid }, 'banned user not taken out of play'),
      );
      await this.notify(() => this.ports.profile.accountRestricted(uid), uid);
    } else {
      await this.notify(() => this.ports.profile.notifyChanged(uid), uid);
    }
    await this.changes.publish(['bans', 'users', 'matchmaking', ...extra]);
  }

  private async removeFromPlay(adminUid: string, uid: string): Promise<KickResponse['kicked']> {
    if (await this.ports.queue.kick(uid)) return 'matchmaking';
    if (await this.ports.battle.removeByAdmin(adminUid, uid)) return 'lobby';
    return null;
  }

  /** The change is committed: telling the user's pages is best effort (they refetch on reconnect). */
  private async notify(send: () => Promise<void>, uid: string): Promise<void> {
    await send().catch((err: unknown) => this.log.warn({ err, uid }, 'user not told of an admin change'));
  }
}
