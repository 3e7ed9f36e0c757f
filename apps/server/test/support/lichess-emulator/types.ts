import type http from 'node:http';
import type { Chess } from 'chess.js';
import type { BulkRule } from './bulk-pairing.ts';

/**
 * What the Lichess emulator keeps: accounts, games, challenges, tokens, authorization codes and
 * open streams, in the shapes lila gives them (lichess-org/api: schemas/GameStatusName.yaml for
 * the statuses and their ids, schemas/ChallengeJson.yaml for a challenge's fields).
 */

export interface PerfInit {
  rating: number;
  games?: number;
  prov?: boolean;
}

export interface EmulatedUser {
  id: string;
  username: string;
  bot: boolean;
  perfs: { blitz: PerfInit; rapid: PerfInit };
  /** The takeback preference (lila Pref.takeback): false = never; a proposal to them is ignored. */
  takebacks: boolean;
}

export type Color = 'white' | 'black';
export type Status =
  | 'created'
  | 'started'
  | 'aborted'
  | 'mate'
  | 'resign'
  | 'stalemate'
  | 'timeout'
  | 'draw'
  | 'outoftime'
  | 'cheat'
  | 'noStart';

export const STATUS_IDS: Record<Status, number> = {
  created: 10,
  started: 20,
  aborted: 25,
  mate: 30,
  resign: 31,
  stalemate: 32,
  timeout: 33,
  draw: 34,
  outoftime: 35,
  cheat: 36,
  noStart: 37,
};

export interface Side {
  user: EmulatedUser | null;
  aiLevel?: number;
}

export interface EmulatedGame {
  id: string;
  white: Side;
  black: Side;
  rated: boolean;
  clock: { initial: number; increment: number };
  chess: Chess;
  moves: string[];
  san: string[];
  status: Status;
  winner?: Color;
  wtime: number;
  btime: number;
  turnStartedAt: number;
  createdAt: number;
  lastMoveAt: number;
  source: 'friend' | 'ai' | 'api';
  /** Bulk pairing's extra rules (noRematch, noGiveTime, ...). */
  rules: BulkRule[];
  wdraw: boolean;
  bdraw: boolean;
  wtakeback: boolean;
  btakeback: boolean;
  chat: { room: 'player' | 'spectator'; username: string; text: string }[];
  /** The ply of each side's last draw offer (lila: another within 20 plies is ignored). */
  lastDrawOffer: { white: number | null; black: number | null };
  /** Since when each side has had no game stream open (lila's opponentGone), null: present. */
  goneSince: { white: number | null; black: number | null };
}

export interface Challenge {
  id: string;
  challenger: EmulatedUser;
  dest: EmulatedUser;
  rated: boolean;
  limit: number;
  increment: number;
  color: 'white' | 'black' | 'random';
  finalColor: Color;
  status: 'created' | 'accepted' | 'declined' | 'canceled';
  keepAlive: http.ServerResponse | null;
}

export interface TokenRecord {
  userId: string;
  scopes: string[];
  revoked: boolean;
}

export interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  userId: string;
  expiresAt: number;
  used: boolean;
}

export interface OpenStream {
  kind: 'game' | 'event' | 'challenge';
  res: http.ServerResponse;
  userId: string;
  token: string;
  gameId?: string;
  /** The User-Agent header: lila keeps one game stream per player, game and user agent. */
  userAgent?: string;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  user: string | null;
  at: number;
  status: number;
}
