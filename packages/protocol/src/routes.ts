/*
 * The HTTP routes of every capability, without zod: the web's calls name them from the first
 * load on, while the schemas of their bodies (http/*.ts and each capability's module) load
 * apart (issue 17's first-load budget).
 */

/** The HTTP routes of the accounts capability: one place, used by both apps. */
export const ACCOUNT_ROUTES = {
  appConfig: '/api/app/config',
  session: '/api/session',
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  googleStart: '/api/auth/google',
  googleCallback: '/api/auth/google/callback',
  facebookStart: '/api/auth/facebook',
  facebookCallback: '/api/auth/facebook/callback',
  username: '/api/account/username',
  color: '/api/account/color',
  settings: '/api/account/settings',
  avatar: '/api/account/avatar',
  recoveryEmail: '/api/account/recovery-email',
  /** GET: the link mailed to a new recovery address; redirects to `/?emailVerified=1|0`. */
  verifyRecoveryEmail: '/api/account/recovery-email/verify',
  password: '/api/account/password',
  /** POST DateOfBirthRequest: the date of birth a provider sign-up gives first (once). */
  dateOfBirth: '/api/account/date-of-birth',
  avatarOf: (uid: string) => `/api/avatars/${uid}`,
  /** GET: the current online count `{ online }` (the same number the `presence` topic carries). */
  presence: '/api/presence',
} as const;

/** The HTTP routes of play. Every POST takes JSON (`{}` when it carries nothing) and the CSRF header. */
export const PLAY_ROUTES = {
  /** GET: the user's unfinished game, or `{ game: null }`. */
  current: '/api/play/current',
  /** GET: a game by id, for anyone (visitors too). 404 when unknown. */
  game: (gameId: string) => `/api/play/games/${gameId}`,
  /** GET: PGN export (text/plain; `?download=1` adds Content-Disposition). */
  pgn: (gameId: string) => `/api/play/games/${gameId}/pgn`,
  /** GET `?page=`: the user's finished games, newest first. */
  history: '/api/play/history',
  /** POST `{}`: link the user's chess account (once per person, never changed). */
  link: '/api/play/link',
  /** GET (CHESS_PLATFORM=lichess): the user's Lichess link, its token checked and ratings refreshed. */
  lichessStatus: '/api/play/link/lichess',
  /** POST `{}` (CHESS_PLATFORM=lichess): starts the Lichess authorisation, answers `{ url }`. */
  lichessStart: '/api/play/link/lichess/start',
  /** POST `{ state, code | error }` from /callbacklichess: finishes the Lichess link. */
  lichessCallback: '/api/play/link/lichess/callback',
  /** GET: a user's chess username and ratings (anyone). */
  ratings: (uid: string) => `/api/play/ratings/${uid}`,
  /** GET: the user's pending invitations; POST `{ username, mode }`: invite somebody to a friendly game. */
  invitations: '/api/play/invitations',
  acceptInvitation: (invitationId: string) => `/api/play/invitations/${invitationId}/accept`,
  declineInvitation: (invitationId: string) => `/api/play/invitations/${invitationId}/decline`,
  /** POST by the inviter. */
  cancelInvitation: (invitationId: string) => `/api/play/invitations/${invitationId}/cancel`,
} as const;

/**
 * A player's public card and charts (issue 19; public like the leaderboard, for visitors too).
 * 404 for an unknown, closed or bot account.
 */
export const PLAYER_ROUTES = {
  /** GET: username, colour, picture, member since, ratings, won/lost/drawn counts. */
  card: (uid: string) => `/api/players/${uid}`,
  /** GET: rating after each rated game per family, wagers won and lost over time per currency. */
  series: (uid: string) => `/api/players/${uid}/series`,
} as const;

/** The game's replay and analysis page (SPEC 2 Analyze), black's side when asked. */
export const analyzePath = (gameId: string, orientation: 'white' | 'black'): string =>
  `/tv/${gameId}?analysis=1${orientation === 'black' ? '&orientation=black' : ''}`;

/** A game played on Lichess: its page there (SPEC 2 Analyze), from black's side when asked. */
export const lichessGameUrl = (lichessUrl: string, lichessGameId: string, orientation: 'white' | 'black'): string =>
  `${lichessUrl.replace(/\/+$/, '')}/${lichessGameId}${orientation === 'black' ? '/black' : ''}`;

/** Matchmaking, challenges, the catalogue, the leaderboard and the landing. */
export const MATCH_ROUTES = {
  /** GET (public). */
  appState: '/api/app/state',
  /** GET (public). */
  catalog: '/api/play/catalog',
  /** GET `?gameType=`: the wizard's options for the user. */
  options: '/api/matchmaking/options',
  /** GET: `{ matchmaking }` (null when none). */
  current: '/api/matchmaking/current',
  /** POST SeekRequest. */
  seek: '/api/matchmaking/seek',
  /** POST `{}`: leave the queue (searching), or clear a notFound/declined/error record. */
  cancel: '/api/matchmaking/cancel',
  /** POST `{}` while matched. */
  accept: '/api/matchmaking/accept',
  decline: '/api/matchmaking/decline',
  /** POST `{}`: clear a finished record (Done). */
  done: '/api/matchmaking/done',
  /** POST `{}` on a finished record: offer/accept a rematch with the same stake. */
  rematch: '/api/matchmaking/rematch',
  /** POST JoinRequest. */
  join: '/api/matchmaking/join',
  /** GET: pending challenges; POST CreateChallengeRequest. */
  challenges: '/api/challenges',
  acceptChallenge: (id: string) => `/api/challenges/${id}/accept`,
  declineChallenge: (id: string) => `/api/challenges/${id}/decline`,
  cancelChallenge: (id: string) => `/api/challenges/${id}/cancel`,
  /** GET `?currency=usd|wbx&page=` (public). */
  leaderboard: '/api/leaderboard',
  /** GET (public; `recentGame` for the signed-in user). */
  landing: '/api/landing',
  adminPause: '/api/admin/app/pause',
  adminAnnouncement: '/api/admin/app/announcement',
  adminModes: '/api/admin/game-modes',
  adminWagerValue: (currency: string, key: string) => `/api/admin/game-wagers/${currency}/${key}`,
  adminMinRequirement: (currency: string, key: string) => `/api/admin/game-wagers/${currency}/${key}/min-requirement`,
} as const;

/** The wallet, its onboarding and identity steps, and the admin money operations. */
export const WALLET_ROUTES = {
  summary: '/api/wallet',
  transactions: '/api/wallet/transactions',
  deposits: '/api/wallet/deposits',
  withdrawals: '/api/wallet/withdrawals',
  limits: '/api/wallet/limits',
  /** POST StartCoolOffRequest -> WalletSummary (issue 37): take a break; it cannot be shortened. */
  coolOff: '/api/wallet/cool-off',
  /** PUT SetLossLimitRequest -> WalletSummary (issue 37): tighter at once, looser after 24 hours. */
  lossLimits: '/api/wallet/loss-limits',
  topUp: '/api/wallet/top-up',
  /** GET StatementMonthsResponse: the months with a statement (issue 37). */
  statements: '/api/wallet/statements',
  /** GET StatementResponse: one month's figures; `/csv` and `/pdf` beneath it are the downloads. */
  statement: (month: string) => `/api/wallet/statements/${month}`,
  statementCsv: (month: string) => `/api/wallet/statements/${month}/csv`,
  statementPdf: (month: string) => `/api/wallet/statements/${month}/pdf`,
  /** GET: where the user stands with the payment wallet provider (WalletOnboardingView). */
  onboarding: '/api/wallet/onboarding',
  /** POST WalletCreateRequest: the create form; the provider sends an SMS code. */
  onboardingCreate: '/api/wallet/onboarding/create',
  /** POST WalletResendRequest (`{}` or `{channel}`): sends the code again, by SMS or by a voice call. */
  onboardingResend: '/api/wallet/onboarding/resend',
  /** POST WalletVerifyRequest: the code; a refusal carries the provider's own text. */
  onboardingVerify: '/api/wallet/onboarding/verify',
  /** GET: the identity step after the SMS-verified wallet (IdentityView). */
  identity: '/api/wallet/identity',
  /** POST IdentityProfileRequest: the identity start form with the browser's DeviceGPS. */
  identityProfile: '/api/wallet/identity/profile',
  /** POST multipart, one part `file` (png, jpg, jpeg): the photo ID. */
  identityPhoto: '/api/wallet/identity/photo',
  closeAccount: '/api/account/close',
  adminDeposit: (uid: string) => `/api/admin/users/${uid}/deposit`,
  adminWithdraw: (uid: string) => `/api/admin/users/${uid}/withdraw`,
  adminLimits: (uid: string) => `/api/admin/users/${uid}/limits`,
  adminClose: (uid: string) => `/api/admin/users/${uid}/close`,
  adminTransactions: '/api/admin/transactions',
  /** GET TaxInfoView; PUT TaxDetailsRequest -> TaxInfoView (SPEC 9, issue 16). */
  tax: '/api/wallet/tax',
  /** GET AdminCanadianWithdrawalsResponse: open Canadian e-mail requests, then the last decided. */
  adminCanadianWithdrawals: '/api/admin/withdrawals/canada',
  /** GET StuckPaymentsResponse (issue 32): deposits and payouts pending at the provider past the threshold. */
  adminStuckPayments: '/api/admin/payments/stuck',
  /** POST `{}` -> AdminCanadianWithdrawal; 409 when already decided. */
  adminCompleteWithdrawal: (id: string) => `/api/admin/withdrawals/${id}/complete`,
  adminRejectWithdrawal: (id: string) => `/api/admin/withdrawals/${id}/reject`,
} as const;

/** Friends, messages, who is online, and reports. */
export const SOCIAL_ROUTES = {
  /** GET FriendsResponse. */
  friends: '/api/friends',
  /** POST InviteFriendRequest. */
  invite: '/api/friends/invite',
  accept: (friendUid: string) => `/api/friends/${friendUid}/accept`,
  /** Cancels my invitation (or declines theirs). */
  cancel: (friendUid: string) => `/api/friends/${friendUid}/cancel`,
  /** Removes a friend. */
  remove: (friendUid: string) => `/api/friends/${friendUid}/delete`,
  /** GET ConversationsResponse. */
  conversations: '/api/messages',
  /** GET MessagesResponse `?before=`; POST SendMessageRequest. */
  conversation: (friendUid: string) => `/api/messages/${friendUid}`,
  /** POST MarkReadRequest. */
  read: (friendUid: string) => `/api/messages/${friendUid}/read`,
  /** POST `{}`: Delete Chat (hides the conversation for me). */
  deleteChat: (friendUid: string) => `/api/messages/${friendUid}/delete`,
  /** GET OnlineUsersResponse (public). */
  online: '/api/online',
  /** POST PlayerReportRequest. */
  playerReport: '/api/reports/player',
  /** POST multipart (see BugReportFields). */
  bugReport: '/api/reports/bug',
  /** POST `{}` (admin): SPEC 6 "dismiss reports" of a player; answers DismissReportsResponse. */
  adminDismissReports: (uid: string) => `/api/admin/reports/${uid}/dismiss`,
  /** GET (admin): a bug report's stored image (re-encoded at upload), `position` 0-2. */
  adminBugImage: (id: string, position: string) => `/api/admin/bug-reports/${id}/images/${position}`,
} as const;

/** Puzzles: casual, solo runs and battle lobbies. */
export const PUZZLE_ROUTES = {
  /** GET (public): the catalogue import progress. */
  status: '/api/puzzles/status',
  /** GET `?difficulty&theme`: a casual puzzle. */
  next: '/api/puzzles/next',
  /** POST MoveRequest on a casual attempt. */
  move: (attemptId: string) => `/api/puzzles/attempts/${attemptId}/move`,
  /** POST `{}`: Casual Solve. */
  solution: (attemptId: string) => `/api/puzzles/attempts/${attemptId}/solution`,
  /** GET: active solo run or battle. */
  active: '/api/puzzles/active',
  /** POST StartSoloRequest: a new run (or the running one). */
  soloStart: '/api/puzzles/solo',
  solo: (runId: string) => `/api/puzzles/solo/${runId}`,
  soloMove: (runId: string) => `/api/puzzles/solo/${runId}/move`,
  soloSkip: (runId: string) => `/api/puzzles/solo/${runId}/skip`,
  /** POST `{}`: end the run now (result popup). */
  soloFinish: (runId: string) => `/api/puzzles/solo/${runId}/finish`,
  /** GET list (public lobbies in `created`); POST CreateLobbyRequest. */
  lobbies: '/api/puzzles/lobbies',
  lobby: (id: string) => `/api/puzzles/lobbies/${id}`,
  /** GET: the lobby a user owns and has not ended (SPEC 2's `owner` flag). */
  lobbyByOwner: (uid: string) => `/api/puzzles/lobbies/by-owner/${uid}`,
  join: (id: string) => `/api/puzzles/lobbies/${id}/join`,
  leave: (id: string) => `/api/puzzles/lobbies/${id}/leave`,
  start: (id: string) => `/api/puzzles/lobbies/${id}/start`,
  kick: (id: string) => `/api/puzzles/lobbies/${id}/kick`,
  forfeit: (id: string) => `/api/puzzles/lobbies/${id}/forfeit`,
  chat: (id: string) => `/api/puzzles/lobbies/${id}/chat`,
  /** GET: the user's current battle puzzle. */
  battlePuzzle: (id: string) => `/api/puzzles/lobbies/${id}/puzzle`,
  battleMove: (id: string) => `/api/puzzles/lobbies/${id}/move`,
  battleSkip: (id: string) => `/api/puzzles/lobbies/${id}/skip`,
  /** POST `{ code }`: join a private lobby by its code (the private-lobby modal). */
  joinByCode: '/api/puzzles/lobbies/join-by-code',
} as const;

/** Bot games (issue 13). */
export const BOT_ROUTES = {
  /** POST BotStartRequest: stakes the wager and starts the game; answers BotGameView. */
  start: '/api/bots/start',
  /** POST `{}`: aborts the user's bot game while fewer than 2 moves were played (SPEC 4). */
  abort: '/api/bots/abort',
  /** GET: `{ bot }`, the user's live bot game (a reload of /bot-match resumes it) or null. */
  current: '/api/bots/current',
} as const;

/** Fair play (issue 14): game analysis and the review of held payouts. */
export const FAIRPLAY_ROUTES = {
  /** GET GameAnalysisResponse: the players of the game and admins; 403 for anyone else, 404 unknown. */
  analysis: (gameId: string) => `/api/fairplay/games/${gameId}/analysis`,
  /** GET HeldGamesResponse (admin): games whose payout is held, oldest first. */
  held: '/api/admin/fairplay/held',
  /** POST `{}` (admin): not cheating: the held payout goes out, exactly once. -> `{ ok }` */
  clear: (gameId: string) => `/api/admin/fairplay/held/${gameId}/clear`,
  /** POST ConfirmHeldRequest (admin): cheating: status `cheat`, the pot to the opponent, the cheater banned. -> `{ ok }` */
  confirm: (gameId: string) => `/api/admin/fairplay/held/${gameId}/confirm`,
} as const;

/** The admin console. */
export const ADMIN_ROUTES = {
  /** GET AdminUsersQuery -> AdminUsersResponse. */
  users: '/api/admin/users',
  /** GET AdminUserDetail. */
  user: (id: string) => `/api/admin/users/${id}`,
  /** POST BanRequest -> AdminUserDetail. */
  ban: (id: string) => `/api/admin/users/${id}/ban`,
  /** PUT VerifiedLevelRequest -> AdminUserDetail. */
  verifiedLevel: (id: string) => `/api/admin/users/${id}/verified-level`,
  /** GET ChessProfileResponse. */
  chessProfile: (id: string) => `/api/admin/users/${id}/chess-profile`,
  /** GET `?page=` AdminUserGamesResponse. */
  userGames: (id: string) => `/api/admin/users/${id}/games`,
  /** POST `{}` KickResponse. */
  kick: (id: string) => `/api/admin/users/${id}/kick`,
  /** GET BannedUsersResponse. */
  banned: '/api/admin/banned',
  /** GET AdminBalancesResponse. */
  balances: '/api/admin/balances',
  /** GET AdminGamesResponse (live games, same shape as the landing's `ongoing`). */
  games: '/api/admin/games',
  /** GET MatchmakingUsersResponse. */
  matchmaking: '/api/admin/matchmaking',
  /** GET AdminLobbiesResponse. */
  lobbies: '/api/admin/lobbies',
  /** GET AdminReportsQuery -> AdminReportsResponse. */
  reports: '/api/admin/reports',
  /** POST ConfirmCheatingRequest -> `{ removed }`. (Dismiss is SOCIAL_ROUTES.adminDismissReports.) */
  confirmCheating: (id: string) => `/api/admin/reports/${id}/confirm`,
  /** GET AdminBugReportsQuery -> AdminBugReportsResponse. */
  bugReports: '/api/admin/bug-reports',
  /** PUT BugReportArchiveRequest -> AdminBugReport. */
  bugReportArchive: (id: string) => `/api/admin/bug-reports/${id}/archive`,
  /** POST `{}` -> `{ ok }` (the report and its images are gone). */
  bugReportDelete: (id: string) => `/api/admin/bug-reports/${id}/delete`,
  /** GET FlaggedUsersResponse; POST RaiseFlagRequest -> FlaggedUsersResponse. */
  flags: '/api/admin/flags',
  /** POST `{}` -> FlaggedUsersResponse. */
  flagDelete: (id: string) => `/api/admin/flags/${id}/delete`,
  /** GET AdminTransactionsQuery -> AdminTransactionsResponse (replaces WALLET_ROUTES.adminTransactions' query). */
  transactions: '/api/admin/transactions',
  /** GET AuditQuery -> AuditResponse. */
  audit: '/api/admin/audit',
  /** GET DashboardQuery -> DashboardResponse. */
  dashboard: '/api/admin/dashboard',
  /** PUT UpdateWagerSettingsRequest -> CatalogResponse (status, provisionalStatus). */
  wagerSettings: (currency: string, key: string) => `/api/admin/game-wagers/${currency}/${key}/settings`,
  /** GET ReviewQuery -> ReviewResponse (issue 37: the responsible-gaming review). */
  review: '/api/admin/responsible-gaming',
  /** GET ReviewQuery's kind -> text/csv, an attachment (every finding, for a regulator). */
  reviewCsv: '/api/admin/responsible-gaming/export.csv',
  /** POST ReviewActionRequest -> ReviewActionResponse (an audit entry). */
  reviewAction: (uid: string) => `/api/admin/responsible-gaming/${uid}/actions`,
} as const;

/**
 * Header of the money POSTs (required by the admin deposit and withdraw, optional on the player's
 * withdrawal): a double click, a retry or a resend by a proxy never pays twice. Its value's shape
 * is `IdempotencyKey` (http/wallet.ts).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
