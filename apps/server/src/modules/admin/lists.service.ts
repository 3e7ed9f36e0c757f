import type {
  AdminBalancesResponse,
  AdminGamesResponse,
  AdminLobbiesResponse,
  AdminReportsResponse,
  MatchmakingUsersResponse,
} from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { toWireBalances } from '../accounts/index.ts';
import { AdminListsStore } from './lists.store.ts';
import type { ConsolePorts } from './ports.ts';

/** Ours: the lists are not paged; each answers this many rows at most. */
export const LIST_MAX = 1000;
/** Ours: live games listed at once (the landing shows 20). */
export const GAMES_MAX = 200;

/** The console's live lists (SPEC 2 Admin page: ongoing games, balances, reported players, matchmaking). */
export class AdminListsService {
  constructor(
    private readonly db: Db,
    private readonly ports: Pick<ConsolePorts, 'wallet' | 'stats' | 'reports'>,
  ) {}

  /** SPEC 7 getUsersWhichHasWallet with balances. */
  async balances(): Promise<AdminBalancesResponse> {
    const rows = await this.ports.wallet.holders(LIST_MAX);
    return {
      users: rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        hasWallet: true,
        balances: toWireBalances({ usd: r.usd, wbx: r.wbx }),
        owed: Number(r.owed),
      })),
    };
  }

  /** The live games, as the landing lists them. */
  async games(): Promise<AdminGamesResponse> {
    return { games: await this.ports.stats.ongoing(GAMES_MAX) };
  }

  /** SPEC 7 getMatchmakingUsers: searching, matched or starting now, longest waiting first. */
  async matchmaking(): Promise<MatchmakingUsersResponse> {
    const rows = await new AdminListsStore(this.db).matchmaking(LIST_MAX);
    return {
      users: rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        state: r.state,
        gameType: r.gameType,
        currency: r.currency,
        amount: Number(r.amount),
        since: r.since.toISOString(),
      })),
    };
  }

  /** Battle lobbies in their waiting room, with who sits in them (each may be kicked). */
  async lobbies(): Promise<AdminLobbiesResponse> {
    const rows = await new AdminListsStore(this.db).lobbies(LIST_MAX);
    return {
      lobbies: rows.map((l) => ({
        id: l.id,
        owner: l.owner,
        privacy: l.settings.privacy,
        currency: l.settings.stakesCurrency,
        amount: l.settings.stakesAmount,
        members: l.members.map((m) => ({ uid: m.uid, username: m.username })),
        createdAt: l.createdAt.toISOString(),
      })),
    };
  }

  /** SPEC 7 getReportedUsers / getReportsInfo: open reports, or the archived ones (/report). */
  async reports(archived: boolean): Promise<AdminReportsResponse> {
    const rows = await this.ports.reports.playerReports(archived);
    return {
      reports: rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        username: r.username,
        reporter: { uid: r.reporterUid, username: r.reporterName },
        text: r.text,
        time: r.time.toISOString(),
        url: r.url,
        gameId: r.gameId,
        archived: r.archived,
      })),
    };
  }
}
