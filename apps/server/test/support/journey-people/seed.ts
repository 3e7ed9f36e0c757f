import { reportsRestrictionAt } from '@rush/domain';
import { seededAccount } from '../../../src/modules/accounts/index.ts';
import { hashPassword } from '../../../src/modules/accounts/passwords.ts';
import { GameStore } from '../../../src/modules/play/games.store.ts';
import { newPublicId } from '../../../src/modules/play/ids.ts';
import { ReportsStore } from '../../../src/modules/reports/reports.store.ts';
import { RealityCheckStore } from '../../../src/modules/wallet/reality-check.store.ts';
import type { Clock } from '../../../src/platform/clock.ts';
import type { Db } from '../../../src/platform/db/database.ts';
import {
  emailOf,
  PASSWORD,
  POOL_SIZES,
  usernameOf,
  type Person,
  type PersonKind,
  type Pool,
  type ReportedLongAgo,
} from './pool.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MINUTE = 60_000;

/**
 * Makes the journeys' people with the server's own stores, the rows a sign-up (and, for the
 * verified, the mailed link) leaves, each signed in once as a login signs in. Sign-up through
 * the API hashes two passwords and counts against the sign-up limit of 30 a minute per address
 * (a run needs about 110 people); the sign-up journeys keep going through the form.
 */
export async function seedPool(db: Db, clock: Clock, sizes = POOL_SIZES): Promise<Pool> {
  // One hash for everyone (argon2 at production cost is the slow part of a sign-up).
  const passwordHash = await hashPassword(PASSWORD);

  async function person(kind: PersonKind, username: string): Promise<Person> {
    const email = emailOf(username);
    const { uid, session } = await seededAccount(db, clock, {
      username,
      email,
      verified: kind !== 'player',
      passwordHash,
      userAgent: 'e2e seed',
    });
    return { kind, uid, username, email, password: PASSWORD, session };
  }

  const people: Person[] = [];
  for (const kind of ['player', 'verified', 'admin'] as const) {
    for (let i = 0; i < sizes[kind]; i++) people.push(await person(kind, usernameOf(kind, i)));
  }
  const reported: ReportedLongAgo[] = [];
  for (let i = 0; i < sizes.reported; i++) {
    const target = await person('verified', usernameOf('reported', i * 3));
    const a = await person('verified', usernameOf('reported', i * 3 + 1));
    const c = await person('verified', usernameOf('reported', i * 3 + 2));
    reported.push(await reportedLongAgo(db, clock, target, [a, c]));
  }
  const longSession: Person[] = [];
  const checks = new RealityCheckStore(db);
  for (let i = 0; i < (sizes.longSession ?? 0); i++) {
    const p = await person('player', usernameOf('longSession', i));
    await longSessionOf(checks, clock, p);
    longSession.push(p);
  }
  return { people, reported, longSession };
}

/**
 * Issue 37: a reality check falls due an hour into a session (domain `reality-check.ts`, proven
 * with a manual clock in apps/server/test/wallet/reality-check.test.ts). A journey cannot play for
 * an hour, so it starts here: the row the server keeps for a player whose session began 61 minutes
 * before the seeding and who was last seen at the seeding (the journeys run well within the
 * 30-minute gap that would start a new session).
 */
async function longSessionOf(checks: RealityCheckStore, clock: Clock, p: Person): Promise<void> {
  const now = clock.now();
  await checks.put(p.uid, {
    sessionStartedAt: new Date(now.getTime() - 61 * MINUTE),
    lastSeenAt: now,
    acknowledgedAt: null,
  });
}

/**
 * SPEC 4: two reporters restrict a player's withdrawals from 5 minutes after the second report
 * (proven with a manual clock in apps/server/test/reports/reports.test.ts). A journey cannot wait
 * that long, so it starts here: a friendly game against each reporter and each one's report,
 * dated 7 minutes before the seeding, written as the report service writes them.
 */
async function reportedLongAgo(
  db: Db,
  clock: Clock,
  target: Person,
  reporters: [Person, Person],
): Promise<ReportedLongAgo> {
  const text = 'Plays like an engine';
  const games = new GameStore(db);
  const reports = new ReportsStore(db);
  const then = new Date(clock.now().getTime() - 7 * MINUTE);
  for (const reporter of reporters) {
    const game = await games.insert({
      id: newPublicId(),
      mode: 'wmgt_000003',
      rated: false,
      whiteId: reporter.uid,
      blackId: target.uid,
      whiteRating: 1500,
      blackRating: 1500,
      whiteProvisional: true,
      blackProvisional: true,
      status: 'resign',
      winner: 'black',
      initialFen: START,
      fen: START,
      initialMs: 600_000,
      incrementMs: 0,
      whiteMs: 600_000,
      blackMs: 600_000,
      createdAt: new Date(then.getTime() - MINUTE),
      endedAt: then,
    });
    await reports.addPlayerReport({
      uid: target.uid,
      reporter: reporter.uid,
      gameId: game.id,
      text,
      url: null,
      time: then,
    });
  }
  const at = reportsRestrictionAt(await reports.openReportsAbout(target.uid));
  if (!at) throw new Error('two reporters did not restrict');
  await reports.restrictWithdrawals(target.uid, at);
  return { target, reporters, text };
}
