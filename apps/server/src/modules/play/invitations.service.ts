import type { FastifyBaseLogger } from 'fastify';
import { GAME_MODES, PLAY_TEXTS, type GameModeId } from '@rush/domain';
import { PlayUserEvents, TOPICS, type InvitationView, type UserEventType, type UserEventData } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import type { BuiltinPlatform } from './builtin-platform.ts';
import type { GameTransactions } from './game-tx.ts';
import { GameStore } from './games.store.ts';
import { coinFlip, newPublicId } from './ids.ts';
import { InvitationStore, type InvitationRecord } from './invitations.store.ts';
import { ProfileStore } from './profiles.store.ts';

/** How long an invitation waits for an answer. */
export const INVITATION_TTL_MS = 5 * 60_000;

/**
 * Direct friendly-game invitations, so two people can start a game before matchmaking exists
 * (that issue calls `createGame` itself). The invitee hears of it on `user:{uid}`; accepting
 * creates the game (colours by a coin flip) and both players get `game.started`.
 */
export class InvitationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly txs: GameTransactions,
    private readonly platform: BuiltinPlatform,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(fromUid: string, req: { username: string; mode: GameModeId }): Promise<InvitationView> {
    if (GAME_MODES[req.mode].bot) throw new AppError('VALIDATION', PLAY_TEXTS.inviteUnavailable);
    const profiles = new ProfileStore(this.db);
    const from = (await profiles.cards([fromUid])).get(fromUid);
    if (!from || from.banned) throw forbidden();
    const to = await profiles.cardByUsername(req.username);
    if (!to) throw notFound(PLAY_TEXTS.inviteUnknownUser);
    if (to.id === fromUid) throw new AppError('BAD_REQUEST', PLAY_TEXTS.inviteSelf);
    if (to.banned || to.closed) throw new AppError('CONFLICT', PLAY_TEXTS.inviteUnavailable);
    if (await new GameStore(this.db).anyLive([fromUid, to.id]))
      throw new AppError('CONFLICT', PLAY_TEXTS.alreadyInGame);
    const now = this.clock.now();
    const inv = await new InvitationStore(this.db).insert({
      id: newPublicId(),
      fromId: fromUid,
      toId: to.id,
      mode: req.mode,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    const view = await this.view(inv);
    await this.tell([to.id], PlayUserEvents.invitation, { invitation: view });
    return view;
  }

  async accept(uid: string, id: string): Promise<{ gameId: string }> {
    const { inv, gameId } = await this.txs.plain(async (tx, changes) => {
      const invitations = new InvitationStore(tx);
      const found = await invitations.lock(id);
      if (!found || found.toId !== uid) throw notFound();
      this.assertOpen(found);
      // SPEC 6: a banned person cannot start games (either side may have been banned meanwhile).
      const cards = await new ProfileStore(tx).cards([found.fromId, found.toId]);
      if ([...cards.values()].some((c) => c.banned || c.closed) || cards.size < 2) {
        throw new AppError('CONFLICT', PLAY_TEXTS.inviteUnavailable);
      }
      const white = coinFlip();
      const game = await this.platform.insertGame(tx, {
        whiteUid: white ? found.fromId : found.toId,
        blackUid: white ? found.toId : found.fromId,
        mode: found.mode as GameModeId,
        rated: true,
        source: `invitation:${found.id}`,
      });
      changes.push({ kind: 'started', game });
      return { inv: await invitations.setStatus(found.id, 'accepted', game.id), gameId: game.id };
    });
    await this.closed(inv);
    return { gameId };
  }

  decline(uid: string, id: string): Promise<InvitationView> {
    return this.answer(uid, id, 'toId', 'declined');
  }

  cancel(uid: string, id: string): Promise<InvitationView> {
    return this.answer(uid, id, 'fromId', 'cancelled');
  }

  async list(uid: string): Promise<{ incoming: InvitationView[]; outgoing: InvitationView[] }> {
    const rows = await new InvitationStore(this.db).pendingOf(uid, this.clock.now());
    const views = await Promise.all(rows.map((r) => this.view(r)));
    return { incoming: views.filter((v) => v.to.uid === uid), outgoing: views.filter((v) => v.from.uid === uid) };
  }

  /** Overdue invitations become expired; both sides are told. */
  async sweep(): Promise<void> {
    for (const inv of await new InvitationStore(this.db).expire(this.clock.now())) await this.closed(inv);
  }

  private async answer(
    uid: string,
    id: string,
    side: 'toId' | 'fromId',
    status: 'declined' | 'cancelled',
  ): Promise<InvitationView> {
    const inv = await this.db.transaction(async (tx) => {
      const invitations = new InvitationStore(tx);
      const found = await invitations.lock(id);
      if (!found || found[side] !== uid) throw notFound();
      this.assertOpen(found);
      return invitations.setStatus(found.id, status);
    });
    return this.closed(inv);
  }

  private assertOpen(inv: InvitationRecord): void {
    if (inv.status !== 'pending' || inv.expiresAt <= this.clock.now())
      throw new AppError('CONFLICT', PLAY_TEXTS.inviteNotPending);
  }

  private async closed(inv: InvitationRecord): Promise<InvitationView> {
    const view = await this.view(inv);
    await this.tell([inv.fromId, inv.toId], PlayUserEvents.invitationClosed, { invitation: view });
    return view;
  }

  private async view(inv: InvitationRecord): Promise<InvitationView> {
    const cards = await new ProfileStore(this.db).cards([inv.fromId, inv.toId]);
    return {
      id: inv.id,
      from: { uid: inv.fromId, username: cards.get(inv.fromId)?.username ?? 'None' },
      to: { uid: inv.toId, username: cards.get(inv.toId)?.username ?? 'None' },
      mode: inv.mode as GameModeId,
      status: inv.status,
      createdAt: inv.createdAt.toISOString(),
      expiresAt: inv.expiresAt.toISOString(),
      gameId: inv.gameId ?? null,
    };
  }

  private async tell<E extends UserEventType>(uids: string[], type: E, data: UserEventData<E>): Promise<void> {
    for (const uid of uids) {
      await this.hub
        .publish(TOPICS.user(uid), type, data)
        .catch((err: unknown) => this.log.error({ err, uid, type }, 'invitation event not published'));
    }
  }
}
