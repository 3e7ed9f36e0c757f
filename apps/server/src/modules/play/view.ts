import {
  chatClosesAt,
  DEFAULT_USERNAME_COLOR,
  inFirstMoveWindow,
  resultTitle,
  statusText,
  USERNAME_COLOR_IDS,
  type Color,
  type UsernameColorId,
} from '@rush/domain';
import { SPECTATE_TTL_MS, type GameView, type PlayerView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { avatarUrl } from '../accounts/index.ts';
import { ChatStore } from './chat.store.ts';
import { GameStore, type GameRecord } from './games.store.ts';
import { ProfileStore, type UserCard } from './profiles.store.ts';
import { clockView, colorOf, modeOf, offersView, statusOf, turnOf } from './record.ts';
import { SocketStore } from './sockets.store.ts';
import { SpectatorStore } from './spectators.store.ts';

/** How long a socket row counts as connected without a refresh (the owner refreshes every 10 s). */
export const SOCKET_FRESH_MS = 30_000;
const CHAT_LINES = 50;

const colorId = (v: string): UsernameColorId =>
  (USERNAME_COLOR_IDS as readonly string[]).includes(v) ? (v as UsernameColorId) : DEFAULT_USERNAME_COLOR;

export function playerView(
  card: UserCard | undefined,
  uid: string,
  rating: number,
  provisional: boolean,
  connected: boolean,
  ratingDiff: number | null,
): PlayerView {
  return {
    uid,
    username: card?.username ?? 'None',
    rating,
    provisional,
    avatarUrl: card ? avatarUrl({ id: card.id, avatarVersion: card.avatarVersion }) : null,
    usernameColor: colorId(card?.usernameColor ?? DEFAULT_USERNAME_COLOR),
    connected,
    ratingDiff,
  };
}

/** The read model: a game as one viewer sees it (protocol GameView). */
export class GameViews {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async byId(gameId: string, viewerUid: string | null): Promise<GameView | null> {
    const g = await new GameStore(this.db).find(gameId);
    return g ? this.of(g, viewerUid) : null;
  }

  async of(g: GameRecord, viewerUid: string | null): Promise<GameView> {
    const now = this.clock.now();
    const you = colorOf(g, viewerUid);
    const [cards, connected, spectators, chat, spectatorChat] = await Promise.all([
      new ProfileStore(this.db).cards([g.whiteId, g.blackId]),
      new SocketStore(this.db).connectedAmong([g.whiteId, g.blackId], new Date(now.getTime() - SOCKET_FRESH_MS)),
      new SpectatorStore(this.db).count(g.id, new Date(now.getTime() - SPECTATE_TTL_MS)),
      you ? new ChatStore(this.db).recent(g.id, 'player', CHAT_LINES) : Promise.resolve([]),
      new ChatStore(this.db).recent(g.id, 'spectator', CHAT_LINES),
    ]);
    const status = statusOf(g);
    const colorOfUid = (uid: string): Color => (uid === g.whiteId ? 'white' : 'black');
    return {
      id: g.id,
      mode: modeOf(g),
      rated: g.rated,
      status,
      statusText: statusText(status),
      // An engine has no socket and is always there.
      white: playerView(
        cards.get(g.whiteId),
        g.whiteId,
        g.whiteRating,
        g.whiteProvisional,
        g.engineColor === 'white' || connected.has(g.whiteId),
        g.whiteRatingDiff,
      ),
      black: playerView(
        cards.get(g.blackId),
        g.blackId,
        g.blackRating,
        g.blackProvisional,
        g.engineColor === 'black' || connected.has(g.blackId),
        g.blackRatingDiff,
      ),
      engine: g.engineColor ?? null,
      initialFen: g.initialFen,
      moves: g.moves,
      san: g.san,
      fen: g.fen,
      ply: g.ply,
      turn: turnOf(g),
      clock: clockView(g, now),
      winner: g.winner ?? null,
      createdAt: g.createdAt.toISOString(),
      endedAt: g.endedAt ? g.endedAt.toISOString() : null,
      firstMoveDeadline:
        status === 'started' && inFirstMoveWindow(g.ply) && g.deadlineAt ? g.deadlineAt.toISOString() : null,
      offers: offersView(g),
      stake:
        g.stakeCurrency && g.stakeAmount !== null
          ? { currency: g.stakeCurrency, amount: g.stakeAmount, pot: g.stakePot ?? g.stakeAmount * 2 }
          : null,
      underReview: g.review === 'held',
      disconnect:
        g.disconnectColor && g.disconnectGraceEndsAt
          ? { color: g.disconnectColor, graceEndsAt: g.disconnectGraceEndsAt.toISOString() }
          : null,
      spectators,
      chat: chat.map((l) => ({
        id: String(l.id),
        uid: l.userId,
        username: l.username,
        color: colorOfUid(l.userId),
        text: l.text,
        sentAt: l.sentAt.toISOString(),
      })),
      spectatorChat: spectatorChat.map((l) => ({
        id: String(l.id),
        uid: l.userId,
        username: l.username,
        text: l.text,
        sentAt: l.sentAt.toISOString(),
      })),
      you,
      resultTitle: resultTitle({ status, winner: g.winner ?? null, viewer: you }),
      rematchGameId: g.rematchGameId ?? null,
      chatClosesAt: g.endedAt ? chatClosesAt(g.endedAt).toISOString() : null,
      version: g.version,
    };
  }
}
