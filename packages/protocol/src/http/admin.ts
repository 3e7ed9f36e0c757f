import { z } from 'zod';
import { CURRENCIES, VERIFIED_LEVELS } from '@rush/domain';
import { Balances } from './accounts.ts';
import { OngoingGameView } from '../matchmaking.ts';
import { TRANSACTION_TYPES } from './wallet.ts';
import { isoTime } from '../time.ts';

/**
 * The operator side on the wire (issue 12; SPEC 2 Admin page, 5 Admin validation, 6 Admin,
 * 7 ADMIN calls). Every route here answers 401 to a visitor and 403 to anyone who is not an
 * admin (the web redirects to / on 403). The routes issue 3 and 5 already had (money, limits,
 * close, transactions, pause, announcement, modes, wagers) stay in WALLET_ROUTES / MATCH_ROUTES;
 * the rest of the console is here.
 *
 * Every admin action is written to the append-only audit log (AuditEntry). Every change an
 * admin makes is announced on the `admin` topic (admins only) as `admin.changed` with the
 * section it touched, so other open consoles refetch that section (SPEC 7 startWatchingAdminData).
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const uid = z.string().min(1).max(64);
const reason = z.string().trim().max(500);

/** The console's sections; `admin.changed` names one so only that part refetches. */
export const ADMIN_SECTIONS = [
  'app',
  'bans',
  'games',
  'matchmaking',
  'catalog',
  'users',
  'balances',
  'bugReports',
  'reports',
  'flags',
  'transactions',
  'audit',
  /** Canadian e-mail withdrawal requests (issue 16). */
  'withdrawals',
  /** The responsible-gaming review (issue 37): an admin acted on a finding. */
  'review',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export const AdminChangedData = z.object({ section: z.enum(ADMIN_SECTIONS) });

// --- Users ------------------------------------------------------------------------------------

/** GET `?q=` username, e-mail or uid (case-insensitive prefix on names, exact uid); 50 at most. */
export const AdminUsersQuery = z.object({ q: z.string().trim().max(200).default('') });
export const AdminUserRow = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  verifiedLevel: z.enum(VERIFIED_LEVELS),
  banned: z.boolean(),
  closed: z.boolean(),
  hasWallet: z.boolean(),
  createdAt: isoTime,
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersResponse = z.object({ users: z.array(AdminUserRow) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

const LimitView = z.object({ max: minor, until: isoTime }).nullable();
/** GET one user: the row plus balances, active self-limits, ban reason and chess account. */
export const AdminUserDetail = AdminUserRow.extend({
  balances: Balances,
  limits: z.object({ bet: LimitView, deposit: LimitView }),
  ban: z.object({ reason: z.string(), at: isoTime }).nullable(),
  chessUsername: z.string().nullable(),
  openReports: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
/** PUT WALLET_ROUTES.adminLimits: the user's active self-limits after the change. */
export const AdminLimitsResponse = z.object({
  uid: z.string(),
  limits: z.object({ bet: LimitView, deposit: LimitView }),
});
export type AdminLimitsResponse = z.infer<typeof AdminLimitsResponse>;

/** POST: SPEC 7 banPlayer {uid, newState} with a reason (required to ban, optional to unban). */
export const BanRequest = z.object({ banned: z.boolean(), reason: reason.default('') });
/** PUT: SPEC 7 setUserVerified {uid, optionId}. */
export const VerifiedLevelRequest = z.object({ level: z.enum(VERIFIED_LEVELS) });
/** GET: SPEC 7 getUserLichessUrl; null url when the user has no chess account ('No LiChess account'). */
export const ChessProfileResponse = z.object({ url: z.string().nullable() });

/** GET `?page=`: SPEC 7 getUserGames, newest first, 20 a page. */
export const AdminUserGame = z.object({
  gameId: z.string(),
  gameType: z.string(),
  opponent: z.string().nullable(),
  color: z.enum(['white', 'black']),
  outcome: z.enum(['win', 'loss', 'draw', 'aborted', 'playing']),
  status: z.string(),
  currency: z.enum(CURRENCIES).nullable(),
  amount: minor.nullable(),
  startedAt: isoTime,
  endedAt: isoTime.nullable(),
});
export type AdminUserGame = z.infer<typeof AdminUserGame>;
export const AdminUserGamesResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  games: z.array(AdminUserGame),
});
export type AdminUserGamesResponse = z.infer<typeof AdminUserGamesResponse>;

/** POST `{}`: SPEC 7 kickPlayerFromLobby {uid}: out of a matchmaking search or a battle lobby, stakes refunded. */
export const KickResponse = z.object({ kicked: z.enum(['matchmaking', 'lobby']).nullable() });
export type KickResponse = z.infer<typeof KickResponse>;

// --- Lists --------------------------------------------------------------------------------------

/** GET: SPEC 7 getBannedUsers (username, reason, time), newest first. */
export const BannedUserView = z.object({ uid: z.string(), username: z.string(), reason: z.string(), time: isoTime });
export const BannedUsersResponse = z.object({ users: z.array(BannedUserView) });
export type BannedUsersResponse = z.infer<typeof BannedUsersResponse>;

/** GET: SPEC 7 getUsersWhichHasWallet with balances (Balances section). */
export const AdminBalanceRow = z.object({
  uid: z.string(),
  username: z.string(),
  hasWallet: z.boolean(),
  balances: Balances,
  /** USD owed after a deposit was returned by the user's bank (issue 32); 0 when none. */
  owed: z.number().int().min(0).default(0),
});
export const AdminBalancesResponse = z.object({ users: z.array(AdminBalanceRow) });
export type AdminBalancesResponse = z.infer<typeof AdminBalancesResponse>;

/** GET: SPEC 7 getMatchmakingUsers: who is searching or matched now. */
export const MatchmakingUserView = z.object({
  uid: z.string(),
  username: z.string(),
  state: z.string(),
  gameType: z.string(),
  currency: z.enum(CURRENCIES),
  amount: minor,
  since: isoTime,
});
export const MatchmakingUsersResponse = z.object({ users: z.array(MatchmakingUserView) });
export type MatchmakingUsersResponse = z.infer<typeof MatchmakingUsersResponse>;

/** GET: battle lobbies waiting to start, with their members (kick one from there). */
export const AdminLobbyView = z.object({
  id: z.string(),
  owner: z.string(),
  privacy: z.enum(['public', 'private']),
  currency: z.enum(CURRENCIES),
  amount: minor,
  members: z.array(z.object({ uid: z.string(), username: z.string() })),
  createdAt: isoTime,
});
export const AdminLobbiesResponse = z.object({ lobbies: z.array(AdminLobbyView) });
export type AdminLobbiesResponse = z.infer<typeof AdminLobbiesResponse>;

/** GET: the live games (SPEC 2 Ongoing games section). */
export const AdminGamesResponse = z.object({ games: z.array(OngoingGameView) });
export type AdminGamesResponse = z.infer<typeof AdminGamesResponse>;

// --- Reports, bug reports, flags ------------------------------------------------------------------

/** GET `?archived=`: SPEC 7 getReportedUsers / getReportsInfo; archived ones are the /report page. */
export const AdminReportsQuery = z.object({ archived: z.enum(['true', 'false']).default('false') });
export const AdminPlayerReport = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  reporter: z.object({ uid: z.string(), username: z.string() }),
  text: z.string(),
  time: isoTime,
  url: z.string().nullable(),
  gameId: z.string().nullable(),
  archived: z.boolean(),
});
export type AdminPlayerReport = z.infer<typeof AdminPlayerReport>;
export const AdminReportsResponse = z.object({ reports: z.array(AdminPlayerReport) });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;
/** POST: confirm cheating: the player is banned (with this reason) and their reports removed. */
export const ConfirmCheatingRequest = z.object({ reason: reason.default('') });
/** How many reports about the player confirming removed. */
export const ConfirmCheatingResponse = z.object({ removed: z.number().int() });

/** GET `?status=active|archived`: SPEC 7 getBugReports. Images are fetched through adminBugImage. */
export const AdminBugReportsQuery = z.object({ status: z.enum(['active', 'archived']).default('active') });
export const AdminBugReport = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  username: z.string().nullable(),
  title: z.string(),
  platform: z.string(),
  description: z.string(),
  status: z.enum(['active', 'archived', 'dearchived']),
  images: z.number().int().min(0).max(3),
  created: isoTime,
});
export type AdminBugReport = z.infer<typeof AdminBugReport>;
export const AdminBugReportsResponse = z.object({ reports: z.array(AdminBugReport) });
export type AdminBugReportsResponse = z.infer<typeof AdminBugReportsResponse>;
/** PUT: archive (true) or de-archive (false). */
export const BugReportArchiveRequest = z.object({ archived: z.boolean() });

/** SPEC 3 Flagged user: uid to flags. `system` flags come from fair play (issue 14); admins may raise one. */
export const FlagView = z.object({
  id: z.string(),
  kind: z.string(),
  source: z.enum(['system', 'admin']),
  evidence: z.string(),
  createdAt: isoTime,
});
export const FlaggedUserView = z.object({ uid: z.string(), username: z.string(), flags: z.array(FlagView) });
export const FlaggedUsersResponse = z.object({ users: z.array(FlaggedUserView) });
export type FlaggedUsersResponse = z.infer<typeof FlaggedUsersResponse>;
export const RaiseFlagRequest = z.object({
  uid,
  kind: z.string().trim().min(1).max(60),
  evidence: z.string().trim().min(1).max(2000),
});

// --- Transactions, games, audit, dashboard ------------------------------------------------------------

/** GET: every transaction, 20 a page, filtered by user, type and currency. */
export const AdminTransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  uid: uid.optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  currency: z.enum(CURRENCIES).optional(),
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;

export const AuditEntry = z.object({
  id: z.string(),
  at: isoTime,
  admin: z.object({ uid: z.string(), username: z.string() }),
  action: z.string(),
  /** The user or object acted on (a uid, a report id, `app`, a wager key). */
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** GET `?page=&action=&admin=&target=`, newest first, 50 a page. */
export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  action: z.string().max(60).optional(),
  admin: uid.optional(),
  target: z.string().max(100).optional(),
});
export const AuditResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  entries: z.array(AuditEntry),
});
export type AuditResponse = z.infer<typeof AuditResponse>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** GET `?from=&to=` (UTC days, inclusive, at most 366 days; default the last 30). */
export const DashboardQuery = z.object({ from: day.optional(), to: day.optional() });
/** The dashboard's series, in the order the console tabulates them; each is one value per day. */
export const DASHBOARD_SERIES = [
  'games',
  'newUsers',
  'depositsUsd',
  'withdrawalsUsd',
  'feesUsd',
  'feesWbx',
  'onlinePeak',
] as const;
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number];
/** One value per day of `days`; money in minor units. `onlinePeak` is the day's highest sampled count. */
export const DashboardResponse = z.object({
  days: z.array(day),
  games: z.array(z.number().int()),
  newUsers: z.array(z.number().int()),
  depositsUsd: z.array(minor),
  withdrawalsUsd: z.array(minor),
  feesUsd: z.array(minor),
  feesWbx: z.array(minor),
  onlinePeak: z.array(z.number().int()),
  onlineNow: z.number().int(),
  /**
   * The house against bots (issue 33), now, RushCoin minor units: its float (balance), its stakes
   * in live bot games' escrows, and its net result of the bot games it staked in over the last
   * hour and the last 24 hours (what it lost; negative when it won).
   */
  house: z.object({ float: minor, atRisk: minor, lostHour: z.number().int(), lostDay: z.number().int() }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/** PUT: a wager's status and provisional flag (SPEC 2 Game wagers section). */
export const UpdateWagerSettingsRequest = z
  .object({ status: z.enum(['active', 'inactive']).optional(), provisionalStatus: z.boolean().optional() })
  .refine((v) => v.status !== undefined || v.provisionalStatus !== undefined);

// --- Health ---------------------------------------------------------------------------------------------

/** One account whose stored balance is not the net of its transfers (amounts as decimal strings). */
export const LedgerMismatchView = z.object({ account: z.string(), stored: z.string(), fromTransfers: z.string() });
/**
 * GET /api/admin/health: the last ledger reconciliation, whichever instance ran it (null before
 * the first run). `sums` per currency as decimal strings, each "0" when the books balance;
 * `mismatches` lists the first of `mismatchCount`; `transfers` is a count as a decimal string.
 */
export const AdminHealthResponse = z.object({
  ledger: z
    .object({
      ok: z.boolean(),
      checkedAt: isoTime,
      lastFailedAt: isoTime.nullable(),
      sums: z.record(z.string(), z.string()),
      mismatchCount: z.number().int(),
      mismatches: z.array(LedgerMismatchView),
      accounts: z.number().int(),
      transfers: z.string(),
      durationMs: z.number().int(),
    })
    .nullable(),
});
export type AdminHealthResponse = z.infer<typeof AdminHealthResponse>;
