import type { BattleSettings } from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { Attempts } from '../attempts.service.ts';
import { BattlePlay } from './battle-play.ts';
import type { Eligibility } from './eligibility.ts';
import { LobbyLifecycle } from './lifecycle.ts';
import type { LobbyRecord } from './lobbies.store.ts';
import { LobbyMembership } from './membership.ts';
import type { LobbyMoney } from './money.ts';
import type { LobbyViews } from './views.ts';

export { BATTLE_PUZZLES } from './lifecycle.ts';

export interface BattleDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  money: LobbyMoney;
  views: LobbyViews;
  attempts: Attempts;
  eligibility: Eligibility;
}

export interface CreateInput {
  settings: BattleSettings;
  deviceGps?: unknown;
  /** The client's address (`request.ip`), for the location rules. */
  ip: string | null;
}

/** What a move, a skip or a GET answers: the verdict, the player's current puzzle, the lobby. */
export interface PlayState {
  verdict?: MoveVerdictView;
  puzzle: PuzzleView | null;
  lobby: LobbyRecord;
}

/**
 * Battle Puzzle Rush lobbies (SPEC 2-5, 8, 9; issue 6 items 5, 6): the routes' one door to the
 * three parts, membership (who is in), lifecycle (start and finish) and play (the puzzles). The
 * lobby lives in the database: every change happens under its row lock, deadlines (auto-start,
 * end) are columns any instance sweeps with guarded updates, and money moves only through LobbyMoney.
 */
export class BattleService {
  readonly membership: LobbyMembership;
  readonly lifecycle: LobbyLifecycle;
  readonly play: BattlePlay;

  constructor(d: BattleDeps) {
    this.lifecycle = new LobbyLifecycle(d);
    this.play = new BattlePlay(d, this.lifecycle);
    this.membership = new LobbyMembership(d, this.play, this.lifecycle);
  }

  create = (uid: string, req: CreateInput) => this.membership.create(uid, req);
  join = (uid: string, lobbyId: string, code: string | undefined, gps: unknown, ip: string | null) =>
    this.membership.join(uid, lobbyId, code, gps, ip);
  joinByCode = (uid: string, code: string | undefined, gps: unknown, ip: string | null, lobbyId?: string) =>
    this.membership.joinByCode(uid, code, gps, ip, lobbyId);
  leave = (uid: string, lobbyId: string) => this.membership.leave(uid, lobbyId);
  kick = (by: string, isAdmin: boolean, lobbyId: string, target: string) =>
    this.membership.kick(by, isAdmin, lobbyId, target);
  removeByAdmin = (adminUid: string, uid: string) => this.membership.removeByAdmin(adminUid, uid);
  forfeit = (uid: string, lobbyId: string) => this.membership.forfeit(uid, lobbyId);
  chat = (uid: string, lobbyId: string, raw: string) => this.membership.chat(uid, lobbyId, raw);
  get = (uid: string, lobbyId: string) => this.membership.get(uid, lobbyId);
  byOwner = (uid: string, ownerUid: string) => this.membership.byOwner(uid, ownerUid);
  activeOf = (uid: string) => this.membership.activeOf(uid);
  start = (uid: string, lobbyId: string) => this.lifecycle.start(uid, lobbyId);
  finish = (lobbyId: string, early = false) => this.lifecycle.finish(lobbyId, early);
  sweep = () => this.lifecycle.sweep();
  current = (uid: string, lobbyId: string) => this.play.current(uid, lobbyId);
  move = (uid: string, lobbyId: string, req: { attemptId: string; ply: number; uci: string }) =>
    this.play.move(uid, lobbyId, req);
  skip = (uid: string, lobbyId: string, attemptId: string) => this.play.skip(uid, lobbyId, attemptId);
}
