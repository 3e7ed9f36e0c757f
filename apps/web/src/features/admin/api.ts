import { z } from 'zod';
import type { Currency, VerifiedLevel } from '@rush/domain';
import {
  ADMIN_ROUTES,
  IDEMPOTENCY_HEADER,
  MATCH_ROUTES,
  SOCIAL_ROUTES,
  WALLET_ROUTES,
  type AnnouncementRequest,
  type ModeView,
  type TRANSACTION_TYPES,
} from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of the admin console (issue 12), one function per route. */

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type AnnouncementBody = z.input<typeof AnnouncementRequest>;

/** `path?a=1&b=2` without the parameters that are empty. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const Ok = z.object({}).passthrough();
const Removed = z.object({ removed: z.number().int() }).passthrough();
const LimitsAnswer = z.object({ uid: z.string() }).passthrough();

// --- app state and catalogue (public reads, admin writes) ---
export const fetchAppState = () => request('GET', MATCH_ROUTES.appState, { schema: (s) => s.AppStateView });
export const setPaused = (paused: boolean) =>
  request('POST', MATCH_ROUTES.adminPause, { json: { paused }, schema: (s) => s.AppStateView });
export const setAnnouncement = (body: AnnouncementBody) =>
  request('POST', MATCH_ROUTES.adminAnnouncement, { json: body, schema: (s) => s.AppStateView });
export const fetchCatalog = () => request('GET', MATCH_ROUTES.catalog, { schema: (s) => s.CatalogResponse });
export const saveModes = (modes: ModeView[]) =>
  request('PUT', MATCH_ROUTES.adminModes, { json: { modes }, schema: (s) => s.CatalogResponse });
export const setWagerValue = (currency: Currency, key: string, value: number) =>
  request('PUT', MATCH_ROUTES.adminWagerValue(currency, key), { json: { value }, schema: (s) => s.CatalogResponse });
export const setMinRequirement = (currency: Currency, key: string, minRequirement: number) =>
  request('PUT', MATCH_ROUTES.adminMinRequirement(currency, key), {
    json: { minRequirement },
    schema: (s) => s.CatalogResponse,
  });
export const setWagerSettings = (
  currency: Currency,
  key: string,
  body: { status?: 'active' | 'inactive'; provisionalStatus?: boolean },
) => request('PUT', ADMIN_ROUTES.wagerSettings(currency, key), { json: body, schema: (s) => s.CatalogResponse });

// --- users ---
export const searchUsers = (q: string) =>
  request('GET', withQuery(ADMIN_ROUTES.users, { q }), { schema: (s) => s.AdminUsersResponse });
export const fetchUser = (uid: string) => request('GET', ADMIN_ROUTES.user(uid), { schema: (s) => s.AdminUserDetail });
export const setBanned = (uid: string, banned: boolean, reason: string) =>
  request('POST', ADMIN_ROUTES.ban(uid), { json: { banned, reason }, schema: (s) => s.AdminUserDetail });
export const setVerifiedLevel = (uid: string, level: VerifiedLevel) =>
  request('PUT', ADMIN_ROUTES.verifiedLevel(uid), { json: { level }, schema: (s) => s.AdminUserDetail });
export const fetchChessProfile = (uid: string) =>
  request('GET', ADMIN_ROUTES.chessProfile(uid), { schema: (s) => s.ChessProfileResponse });
export const fetchUserGames = (uid: string, page: number) =>
  request('GET', withQuery(ADMIN_ROUTES.userGames(uid), { page }), { schema: (s) => s.AdminUserGamesResponse });
export const kickUser = (uid: string) =>
  request('POST', ADMIN_ROUTES.kick(uid), { json: {}, schema: (s) => s.KickResponse });
export const closeUserAccount = (uid: string) =>
  request('POST', WALLET_ROUTES.adminClose(uid), { json: { confirm: true }, schema: Ok });
export const setUserLimit = (uid: string, kind: 'bet' | 'deposit', max: number, until: string) =>
  request('PUT', WALLET_ROUTES.adminLimits(uid), { json: { kind, max, until }, schema: LimitsAnswer });

// --- lists ---
export const fetchBanned = () => request('GET', ADMIN_ROUTES.banned, { schema: (s) => s.BannedUsersResponse });
export const fetchBalances = () => request('GET', ADMIN_ROUTES.balances, { schema: (s) => s.AdminBalancesResponse });
export const fetchLiveGames = () => request('GET', ADMIN_ROUTES.games, { schema: (s) => s.AdminGamesResponse });
export const fetchMatchmaking = () =>
  request('GET', ADMIN_ROUTES.matchmaking, { schema: (s) => s.MatchmakingUsersResponse });
export const fetchLobbies = () => request('GET', ADMIN_ROUTES.lobbies, { schema: (s) => s.AdminLobbiesResponse });

// --- money (USD; the server records Admin Deposit / Admin Withdraw) ---
export const moveMoney = (op: 'deposit' | 'withdraw', uid: string, amount: number, idempotencyKey: string) =>
  request('POST', op === 'deposit' ? WALLET_ROUTES.adminDeposit(uid) : WALLET_ROUTES.adminWithdraw(uid), {
    json: { amount },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: (s) => s.AdminWalletResponse,
  });

// --- reports, bug reports, flags ---
export const fetchReports = (archived: boolean) =>
  request('GET', withQuery(ADMIN_ROUTES.reports, { archived: String(archived) }), {
    schema: (s) => s.AdminReportsResponse,
  });
export const dismissReports = (uid: string) =>
  request('POST', SOCIAL_ROUTES.adminDismissReports(uid), { json: {}, schema: (s) => s.DismissReportsResponse });
export const confirmCheating = (id: string, reason: string) =>
  request('POST', ADMIN_ROUTES.confirmCheating(id), { json: { reason }, schema: Removed });
export const fetchBugReports = (status: 'active' | 'archived') =>
  request('GET', withQuery(ADMIN_ROUTES.bugReports, { status }), { schema: (s) => s.AdminBugReportsResponse });
export const archiveBugReport = (id: string, archived: boolean) =>
  request('PUT', ADMIN_ROUTES.bugReportArchive(id), { json: { archived }, schema: (s) => s.AdminBugReport });
export const deleteBugReport = (id: string) =>
  request('POST', ADMIN_ROUTES.bugReportDelete(id), { json: {}, schema: Ok });
export const bugImageUrl = (id: string, position: number) => SOCIAL_ROUTES.adminBugImage(id, String(position));
export const fetchFlags = () => request('GET', ADMIN_ROUTES.flags, { schema: (s) => s.FlaggedUsersResponse });
export const raiseFlag = (body: { uid: string; kind: string; evidence: string }) =>
  request('POST', ADMIN_ROUTES.flags, { json: body, schema: (s) => s.FlaggedUsersResponse });
export const deleteFlag = (id: string) =>
  request('POST', ADMIN_ROUTES.flagDelete(id), { json: {}, schema: (s) => s.FlaggedUsersResponse });

// --- transactions and audit ---
export interface TransactionFilters {
  uid?: string;
  type?: TransactionType | '';
  currency?: Currency | '';
}
export const fetchAdminTransactions = (page: number, filters: TransactionFilters) =>
  request('GET', withQuery(ADMIN_ROUTES.transactions, { page, ...filters }), {
    schema: (s) => s.AdminTransactionsResponse,
  });

export interface AuditFilters {
  action?: string;
  admin?: string;
  target?: string;
}
export const fetchAudit = (page: number, filters: AuditFilters) =>
  request('GET', withQuery(ADMIN_ROUTES.audit, { page, ...filters }), { schema: (s) => s.AuditResponse });

/** SPEC 9 Canadian withdrawals "by email request" (issue 16): open requests first, then the last decided. */
export const fetchCanadianWithdrawals = () =>
  request('GET', WALLET_ROUTES.adminCanadianWithdrawals, { schema: (s) => s.AdminCanadianWithdrawalsResponse });

/** Issue 32: deposits and payouts pending at the provider for over an hour, ours beside the provider's. */
export const fetchStuckPayments = () =>
  request('GET', WALLET_ROUTES.adminStuckPayments, { schema: (s) => s.StuckPaymentsResponse });

/** Paid out by support: the held amount leaves (409 when another admin decided first). */
export const completeCanadianWithdrawal = (id: string) =>
  request('POST', WALLET_ROUTES.adminCompleteWithdrawal(encodeURIComponent(id)), {
    json: {},
    schema: (s) => s.AdminCanadianWithdrawal,
  });

/** Rejected: the held amount returns to the player's balance. */
export const rejectCanadianWithdrawal = (id: string) =>
  request('POST', WALLET_ROUTES.adminRejectWithdrawal(encodeURIComponent(id)), {
    json: {},
    schema: (s) => s.AdminCanadianWithdrawal,
  });
