import {
  chessProfileUrl,
  GAME_STATUSES,
  outcomeFor,
  VERIFIED_LEVELS,
  type GameStatus,
  type VerifiedLevel,
} from '@rush/domain';
import {
  type AdminUserDetail,
  type AdminUserGamesResponse,
  type AdminUserRow,
  type BannedUsersResponse,
} from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { toWireBalances } from '../accounts/index.ts';
import { hasWallet } from '../wallet/index.ts';
import type { ConsolePorts } from './ports.ts';
import { AdminUsersStore, type AdminUserRecord } from './users.store.ts';

/** Ours: a search answers at most 50 users (protocol AdminUsersQuery). */
export const USERS_MAX = 50;
/** SPEC 7 getUserGames: 20 a page, newest first. */
export const USER_GAMES_PAGE_SIZE = 20;
/** Ours: the banned list is not paged; this many newest bans at most. */
export const BANNED_MAX = 1000;

const levelOf = (raw: string): VerifiedLevel =>
  (VERIFIED_LEVELS as readonly string[]).includes(raw) ? (raw as VerifiedLevel) : 'notVerified';

const statusOf = (raw: string): GameStatus =>
  (GAME_STATUSES as readonly string[]).includes(raw) ? (raw as GameStatus) : 'unknownfinish';

function rowView(u: AdminUserRecord): AdminUserRow {
  return {
    uid: u.uid,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerified,
    verifiedLevel: levelOf(u.verifiedLevel),
    banned: u.banned,
    closed: u.closed,
    hasWallet: hasWallet(u),
    createdAt: u.createdAt.toISOString(),
  };
}

/** The console's reads about users: search, one user's detail, games and chess profile, the banned list. */
export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly wallet: ConsolePorts['wallet'],
  ) {}

  private store() {
    return new AdminUsersStore(this.db);
  }

  async search(q: string): Promise<AdminUserRow[]> {
    return (await this.store().search(q, USERS_MAX)).map(rowView);
  }

  /** 404 for nobody. */
  async detail(uid: string): Promise<AdminUserDetail> {
    const u = await this.store().find(uid);
    if (!u) throw notFound();
    const [balances, limits, openReports] = await Promise.all([
      this.wallet.balances.read(uid),
      this.wallet.limits.active(uid),
      this.store().openReports(uid),
    ]);
    const limitView = (l: typeof limits.bet) => (l ? { max: Number(l.max), until: l.until.toISOString() } : null);
    return {
      ...rowView(u),
      balances: toWireBalances(balances),
      limits: { bet: limitView(limits.bet), deposit: limitView(limits.deposit) },
      ban: u.banned ? { reason: u.banReason ?? '', at: (u.bannedAt ?? u.createdAt).toISOString() } : null,
      chessUsername: u.chessUsername,
      openReports,
    };
  }

  /** SPEC 7 getUserLichessUrl: null when no chess account is linked ('No LiChess account'). */
  async chessProfile(uid: string): Promise<{ url: string | null }> {
    if (!(await this.store().find(uid))) throw notFound();
    const profile = await this.store().chessProfile(uid);
    return { url: chessProfileUrl(profile) };
  }

  async games(uid: string, page: number): Promise<AdminUserGamesResponse> {
    if (!(await this.store().find(uid))) throw notFound();
    const { total, rows } = await this.store().games(uid, USER_GAMES_PAGE_SIZE, (page - 1) * USER_GAMES_PAGE_SIZE);
    return {
      total,
      page,
      pageSize: USER_GAMES_PAGE_SIZE,
      games: rows.map((g) => {
        const color = g.whiteId === uid ? ('white' as const) : ('black' as const);
        const status = statusOf(g.status);
        const staked = g.stakeCurrency !== null && g.stakeAmount !== null;
        return {
          gameId: g.id,
          gameType: g.mode,
          opponent: g.opponent,
          color,
          outcome: status === 'started' ? 'playing' : outcomeFor(status, g.winner ?? null, color),
          status,
          currency: staked ? g.stakeCurrency : null,
          amount: staked ? g.stakeAmount : null,
          startedAt: g.createdAt.toISOString(),
          endedAt: g.endedAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /** SPEC 7 getBannedUsers (username, reason, time), newest first. */
  async banned(): Promise<BannedUsersResponse> {
    const rows = await this.store().banned(BANNED_MAX);
    return {
      users: rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        reason: r.reason ?? '',
        time: (r.at ?? r.createdAt).toISOString(),
      })),
    };
  }
}
