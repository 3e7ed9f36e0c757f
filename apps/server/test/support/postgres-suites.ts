import type { PostgresReason } from './postgres-rule.ts';

/**
 * Every server test file that runs anything on PostgreSQL (when TEST_DATABASE_URL is set), and
 * why. Everything else runs on PGlite alone: the same engine, SQL and errors, one transaction at a
 * time. postgres-rule.test.ts fails when a file and this table disagree, and when a test that
 * races (or starts a second instance, or migrates, or backs up) runs on PGlite only.
 *
 * In the files, a suite on PostgreSQL is `describe.each(POSTGRES_TOO)` (its non-racing tests
 * declared with `pgliteIt(kind)`, so they run once), or a PostgreSQL-only block
 * (`describe.runIf(TEST_DATABASE_URL)`, a database by URL for two instances).
 */
export const POSTGRES_SUITES: Readonly<Record<string, { reasons: readonly PostgresReason[]; why: string }>> = {
  'test/accounts/google.test.ts': { reasons: ['race'], why: 'two date-of-birth submissions at once' },
  'test/accounts/login.test.ts': { reasons: ['race'], why: '50 logins at once against the throttle rows' },
  'test/accounts/password-reset.test.ts': { reasons: ['race'], why: 'one reset link used twice at once' },
  'test/accounts/recovery-email.test.ts': { reasons: ['race'], why: '50 current-password guesses at once' },
  'test/accounts/register.test.ts': {
    reasons: ['race'],
    why: 'two registrations of one name at once; two resend clicks at once',
  },
  'test/accounts/sessions.test.ts': {
    reasons: ['instances'],
    why: 'single session and login throttle on two instances',
  },
  'test/admin/admin-money.test.ts': { reasons: ['race'], why: 'concurrent admin deposits and withdrawals on one key' },
  'test/admin/audit.test.ts': { reasons: ['race'], why: 'three payments on one key at once: one audit row' },
  'test/admin/ban-two-instances.test.ts': {
    reasons: ['instances'],
    why: 'a ban on one instance closes sockets on another',
  },
  'test/admin/standing-two-instances.test.ts': {
    reasons: ['instances'],
    why: 'a standing change on one instance reaches the sockets on another',
  },
  'test/admin/dashboard-indexes.test.ts': {
    reasons: ['sql'],
    why: "the plans of the server's own planner (PostgreSQL 15 here), not PGlite's",
  },
  'test/bots/bankroll.test.ts': { reasons: ['race'], why: "four bot starts at once against the house's hourly bound" },
  'test/bots/resilience.test.ts': { reasons: ['race'], why: 'six settlements of one bot game at once' },
  'test/fairplay/holds.test.ts': { reasons: ['race'], why: 'two admins clearing and confirming one hold at once' },
  'test/fairplay/queue.test.ts': { reasons: ['race'], why: 'four workers leasing one analysis job at once' },
  'test/lichess/follow-two-instances.test.ts': {
    reasons: ['instances'],
    why: 'one follower per Lichess game: an instance whose lease was taken stops and never re-opens',
  },
  'test/lichess/link.test.ts': { reasons: ['race'], why: 'two users linking one Lichess account at once' },
  'test/matchmaking/giveaway.test.ts': {
    reasons: ['race'],
    why: 'accepts at once; settlement racing the escrow sweeper of a second instance',
  },
  'test/matchmaking/race.test.ts': {
    reasons: ['race'],
    why: 'both players resign while another instance sweeps and finishes the match',
  },
  'test/matchmaking/two-instances.test.ts': {
    reasons: ['instances', 'race'],
    why: '200 seekers on two instances under the bucket advisory lock',
  },
  'test/platform/backup.test.ts': {
    reasons: ['backup', 'migration'],
    why: 'pg_dump of a live database, pg_restore into an empty one',
  },
  'test/platform/connection-cut.test.ts': {
    reasons: ['driver'],
    why: 'PostgreSQL ending a pooled connection inside a transaction',
  },
  'test/platform/pg-named.test.ts': {
    reasons: ['driver', 'race'],
    why: 'named statements run by node-postgres, several at once on several pooled connections, their fields as text',
  },
  'test/platform/health.test.ts': { reasons: ['cluster'], why: 'readiness of the PostgreSQL pool and of Redis' },
  'test/platform/migrations-race.test.ts': {
    reasons: ['migration', 'race'],
    why: 'two instances migrating one fresh database at once',
  },
  'test/play/game.test.ts': { reasons: ['race'], why: 'two tabs moving on one ply; both players accepting a rematch' },
  'test/play/group-commit.test.ts': {
    reasons: ['race'],
    why: 'moves of six games at once share commits; one stale append in a batch fails alone',
  },
  'test/play/link-history.test.ts': { reasons: ['race'], why: 'a double click on link: one profile, one reward' },
  'test/play/sockets-store.test.ts': {
    reasons: ['driver'],
    why: "the presence refresh's socket ids as one array parameter, encoded by node-postgres",
  },
  'test/play/move-statements.test.ts': {
    reasons: ['driver'],
    why: 'the statements one move sends through node-postgres (a named statement on the pool), not PGlite',
  },
  'test/play/socket-limits.test.ts': {
    reasons: ['instances', 'race'],
    why: "one user's chat on two instances at once against one budget in Redis",
  },
  'test/play/two-instances.test.ts': { reasons: ['instances'], why: 'moves, flags and sweeps across two instances' },
  'test/puzzles/battle.test.ts': { reasons: ['race'], why: 'concurrent joins for the last seat' },
  'test/puzzles/import.test.ts': {
    reasons: ['driver'],
    why: 'array parameters (unnest) as node-postgres sends them, quoted themes included',
  },
  'test/puzzles/cli.test.ts': { reasons: ['driver'], why: 'npm run puzzles:import -- --database-url=...' },
  'test/puzzles/one-game.test.ts': { reasons: ['race'], why: 'a solo start and a battle create at once' },
  'test/puzzles/solo.test.ts': { reasons: ['race'], why: 'three starts of one solo run at once' },
  'test/realtime/server.test.ts': { reasons: ['instances'], why: 'sessions, events and resume across two instances' },
  'test/reports/reports.test.ts': { reasons: ['race'], why: 'reports sent at once against the hourly limit' },
  'test/social/friends.test.ts': { reasons: ['race'], why: '30 invitations at once against the limit' },
  'test/social/messages.test.ts': { reasons: ['race'], why: 'messages sent at once, ordered by id' },
  'test/wallet/balances-live.test.ts': {
    reasons: ['cluster'],
    why: 'balances.changed published through the Redis bus after the commit',
  },
  'test/wallet/canada/deposits.test.ts': { reasons: ['race'], why: 'funding sweeps of three instances at once' },
  'test/wallet/canada/withdrawals.test.ts': { reasons: ['race'], why: 'two admins completing or rejecting at once' },
  'test/wallet/reality-check.test.ts': {
    reasons: ['race'],
    why: 'two tabs answering one reality check at once; three first sightings at once',
  },
  'test/wallet/crash.test.ts': {
    reasons: ['crash', 'race'],
    why: 'a process killed with four lanes of ledger transactions in flight',
  },
  'test/wallet/deposits.test.ts': {
    reasons: ['race'],
    why: 'one payment delivered 8 times at once; Pay pressed 8 times',
  },
  'test/wallet/dots/deposits.test.ts': {
    reasons: ['race'],
    why: 'one Dots payment delivered 8 times at once with the sweep; its reversal 6 times at once',
  },
  'test/wallet/dots/withdrawals.test.ts': {
    reasons: ['race'],
    why: 'a Dots payout read back by three sweeps while its webhook is delivered three times at once',
  },
  'test/wallet/dots/sms-limits.test.ts': { reasons: ['race'], why: 'two wallet creates at once' },
  'test/wallet/escrow-sweeper.test.ts': { reasons: ['race'], why: 'three instances sweeping one escrow at once' },
  'test/wallet/identity/builtin.test.ts': { reasons: ['race'], why: 'two accounts of one person submitting at once' },
  'test/wallet/ledger-hold-all.test.ts': { reasons: ['race'], why: 'holdAll of one match three times at once' },
  'test/wallet/ledger.test.ts': { reasons: ['race'], why: 'concurrent stakes, settlements, refunds; random lanes' },
  'test/wallet/limits.test.ts': { reasons: ['race'], why: 'six limit changes at once' },
  'test/wallet/responsible-gaming.test.ts': {
    reasons: ['race'],
    why: 'two stakes of one player at once passing a loss limit together',
  },
  'test/wallet/rewards.test.ts': { reasons: ['race'], why: 'rewards and top-ups granted several times at once' },
  'test/wallet/statements.test.ts': {
    reasons: ['race'],
    why: 'the monthly statement mail run by several instances at once, sent once',
  },
  'test/wallet/tax.test.ts': { reasons: ['race'], why: 'two withdrawals at once passing the $600 line together' },
  'test/wallet/withdrawal-idempotency.test.ts': {
    reasons: ['race', 'instances'],
    why: 'one key through two services and two instances at once',
  },
  'test/wallet/withdrawals.test.ts': {
    reasons: ['race'],
    why: '50 requests against one balance; payout sweeps of several instances',
  },
};
