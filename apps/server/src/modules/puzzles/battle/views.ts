import { ordinal } from '@rush/domain';
import {
  TOPICS,
  UserEvents,
  PUZZLE_TOPICS,
  PuzzleEvents,
  type LobbyChatLine,
  type LobbyResultView,
  type LobbySummary,
  type LobbyView,
} from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { RealtimeHub } from '../../../platform/realtime/types.ts';
import { avatarUrl } from '../../accounts/index.ts';
import { ProfileStore } from '../../play/index.ts';
import { LobbyStore, isSeated, type ChatRecord, type LobbyRecord } from './lobbies.store.ts';
import { stakeOf } from './money.ts';
import { battlers } from './results.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Builds LobbyView / LobbySummary and pushes them on `lobby:{id}` and `lobbies` after commits. */
export class LobbyViews {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The lobby as `viewer` sees it: the private code only for its owner (never on the topic). */
  async view(lobby: LobbyRecord, viewer: string | null): Promise<LobbyView> {
    const store = new LobbyStore(this.db);
    const [participants, chat] = await Promise.all([store.participants(lobby.id), store.chat(lobby.id)]);
    const cards = await new ProfileStore(this.db).cards([
      ...new Set([lobby.ownerUid, ...participants.map((p) => p.uid), ...chat.map((c) => c.uid)]),
    ]);
    const name = (uid: string) => cards.get(uid)?.username ?? 'None';
    // Before the start the list is who is seated; after it, everyone who played (forfeits shown as left).
    const shown =
      lobby.status === 'created' || lobby.status === 'canceled'
        ? participants.filter(isSeated)
        : battlers(participants);
    const payers = lobby.settings.prizeMode === 'pool' ? shown.length : 1;
    const results: LobbyResultView[] | null = lobby.results
      ? Object.entries(lobby.results)
          .map(([uid, r]) => ({
            uid,
            username: name(uid),
            points: r.points,
            place: r.place,
            placeLabel: ordinal(r.place),
            reward: Number(r.reward),
            currency: lobby.settings.stakesCurrency,
          }))
          .sort((a, b) => a.place - b.place || b.points - a.points || a.username.localeCompare(b.username))
      : null;
    return {
      id: lobby.id,
      owner: { uid: lobby.ownerUid, username: name(lobby.ownerUid) },
      type: 'battle',
      status: lobby.status,
      settings: lobby.settings,
      createdAt: lobby.createdAt.toISOString(),
      autoStartAt: lobby.status === 'created' ? iso(lobby.autoStartAt) : null,
      startedAt: iso(lobby.startedAt),
      endsAt: iso(lobby.endsAt),
      participants: shown.map((p) => {
        const card = cards.get(p.uid);
        return {
          uid: p.uid,
          username: name(p.uid),
          avatarUrl: card ? avatarUrl({ id: card.id, avatarVersion: card.avatarVersion }) : null,
          elo: p.elo,
          strikes: p.strikes,
          skips: p.skips,
          currentStreak: p.currentStreak,
          largestStreak: p.largestStreak,
          puzzlesCompleted: p.puzzlesCompleted,
          points: p.points,
          left: p.leftAt !== null,
        };
      }),
      eloRange: { min: lobby.eloMin, max: lobby.eloMax },
      grandPrize: Number(stakeOf(lobby.settings) * BigInt(payers)),
      chat: chat.map((c) => chatLine(c, name(c.uid))),
      results,
      code: viewer !== null && viewer === lobby.ownerUid ? lobby.code : null,
      error: lobby.error,
      serverNow: this.clock.now().toISOString(),
    };
  }

  async summaries(): Promise<LobbySummary[]> {
    const store = new LobbyStore(this.db);
    const lobbies = await store.open();
    const seats = await store.seatCounts(lobbies.map((l) => l.id));
    const cards = await new ProfileStore(this.db).cards([...new Set(lobbies.map((l) => l.ownerUid))]);
    return lobbies.map((l) => ({
      id: l.id,
      owner: cards.get(l.ownerUid)?.username ?? 'None',
      locked: l.settings.privacy === 'private',
      prizeMode: l.settings.prizeMode,
      minutes: l.settings.time / 60_000,
      stakesCurrency: l.settings.stakesCurrency,
      stakesAmount: l.settings.stakesAmount,
      eloRange: { min: l.eloMin, max: l.eloMax },
      users: seats.get(l.id) ?? 0,
      max: l.settings.maxParticipants,
    }));
  }

  /** `lobby.changed` (no code) on the lobby's topic and the list on `lobbies`; failures are logged. */
  async publish(lobbyId: string, opts: { list?: boolean } = {}): Promise<void> {
    try {
      const lobby = await new LobbyStore(this.db).find(lobbyId);
      if (lobby)
        await this.hub.publish(PUZZLE_TOPICS.lobby(lobbyId), PuzzleEvents.lobby, {
          lobby: await this.view(lobby, null),
        });
      if (opts.list ?? true) await this.publishList();
    } catch (err) {
      this.log.error({ err, lobbyId }, 'lobby change not published');
    }
  }

  async publishList(): Promise<void> {
    try {
      await this.hub.publish(PUZZLE_TOPICS.lobbies, PuzzleEvents.lobbies, { lobbies: await this.summaries() });
    } catch (err) {
      this.log.error({ err }, 'lobby list not published');
    }
  }

  /** Drops the user's subscriptions to the lobby's topic on every instance (a kick from a private lobby). */
  async revoke(uid: string, lobbyId: string): Promise<void> {
    try {
      await this.hub.publish(TOPICS.user(uid), UserEvents.topicRevoked, { topic: PUZZLE_TOPICS.lobby(lobbyId) });
    } catch (err) {
      this.log.error({ err, lobbyId, uid }, 'lobby topic not revoked');
    }
  }

  async removed(lobbyId: string, message: string): Promise<void> {
    try {
      await this.hub.publish(PUZZLE_TOPICS.lobby(lobbyId), PuzzleEvents.lobbyRemoved, { lobbyId, message });
    } catch (err) {
      this.log.error({ err, lobbyId }, 'lobby removal not published');
    }
  }
}

export const chatLine = (c: ChatRecord, username: string): LobbyChatLine => ({
  id: c.id.toString(),
  uid: c.uid,
  username,
  text: c.text,
  sentAt: c.sentAt.toISOString(),
});
