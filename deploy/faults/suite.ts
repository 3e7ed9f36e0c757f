import { BOOK_PLIES, PATTERN_MIN_COUNTED } from '@rush/domain';
import { PLAY_ROUTES } from '@rush/protocol';
import { movesLine, seedPlayers, sleep, type Cluster } from '@rush/load';
import { accountOf, applyMovement } from '../../apps/server/src/modules/wallet/index.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase, type Db } from '../../apps/server/src/platform/db/database.ts';
import { runLobbies } from './battles.ts';
import { checkInvariants } from './checks.ts';
import { runPair, type PairPhase, type PlayedGame } from './game-pair.ts';
import { onboard, runDepositor, runWithdrawer, type MoneyRecord } from './money.ts';
import { SimPlayer, type ClientCounters } from './sim-player.ts';
import { Tally } from './tally.ts';

/**
 * The fault suite (issue 18) on a running cluster of three instances behind HAProxy on PostgreSQL
 * and a Redis the cluster owns: simulated players (wagered games through matchmaking, deposits,
 * withdrawals, battle lobbies joined and left) play while instances are SIGKILLed, Redis is
 * restarted and every database connection is cut. Then the invariants are read from PostgreSQL.
 * The cluster is the caller's (`npm run test:faults` starts one; the cluster stage of `npm test`
 * runs it on the cluster its browser journey used) and is left running, whole.
 */
const PAIRS = 6;
const DEPOSITORS = 3;
const WITHDRAWERS = 3;
/** One lobby owner and two guests. */
const BATTLERS = 3;
const KILLS = 4;
/**
 * The longest line whose winner pays at once: one move fewer after the book than fair play needs
 * to hold the payout for its analysis (domain PATTERN_MIN_COUNTED), since the test cluster runs no
 * fair-play worker (TEST_CLUSTER_ENV) and a gated pot would wait for ever. 20 plies.
 */
const LINE = movesLine(BOOK_PLIES + 2 * (PATTERN_MIN_COUNTED - 1));
/** Each pair its own (mode, stake) queue, so pairs never cross. */
const BUCKETS = ['wmgt_000001', 'wmgt_000002', 'wmgt_000003'].flatMap((gameType) =>
  [50, 100].map((bet) => ({ gameType, c: 'wbx', bet })),
);

/** One summary line, and every violation in full (none: the cluster kept every invariant). */
export interface FaultReport {
  line: string;
  violations: string[];
}

const random = (min: number, max: number) => min + Math.random() * (max - min);

async function fund(db: Db, uids: string[], currency: 'usd' | 'wbx', amount: bigint): Promise<void> {
  // Credited as an operator would (an admin deposit carries no wagering requirement).
  const source = currency === 'usd' ? accountOf.adjustment('usd') : accountOf.issuance();
  for (const uid of uids) {
    const target = accountOf.user(uid, currency);
    await applyMovement(db, {
      key: `faults:fund:${uid}:${currency}`,
      kind: currency === 'usd' ? 'admin_deposit' : 'topup',
      currency,
      accounts: [source, target],
      legs: () => [{ from: source, to: target, amount }],
    });
  }
}

export async function runFaults(cluster: Cluster): Promise<FaultReport> {
  const tally = new Tally();
  const counters: ClientCounters = {
    reconnects: 0,
    resentCommands: 0,
    retriedRequests: 0,
    resyncs: 0,
    serverErrors: [],
  };
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 2 });
  const players: SimPlayer[] = [];
  try {
    const seeded = await seedPlayers(database.db, systemClock, 2 * PAIRS + DEPOSITORS + WITHDRAWERS + BATTLERS);
    players.push(...seeded.map((s) => new SimPlayer(cluster.url, s.uid, s.username, s.cookie, counters)));
    const gamers = players.slice(0, 2 * PAIRS);
    const depositors = players.slice(2 * PAIRS, 2 * PAIRS + DEPOSITORS);
    const withdrawers = players.slice(2 * PAIRS + DEPOSITORS, 2 * PAIRS + DEPOSITORS + WITHDRAWERS);
    const battlers = players.slice(2 * PAIRS + DEPOSITORS + WITHDRAWERS);
    for (const p of [...gamers, ...battlers]) {
      const r = await p.http('POST', PLAY_ROUTES.link, {});
      if (r.status !== 200) throw new Error(`link: ${r.status} ${JSON.stringify(r.body)}`);
    }
    await fund(
      database.db,
      gamers.map((p) => p.uid),
      'wbx',
      1_000_000n,
    );
    for (const p of [...depositors, ...withdrawers]) await onboard(p);
    await fund(
      database.db,
      withdrawers.map((p) => p.uid),
      'usd',
      10_000n,
    );
    await Promise.all(players.map((p) => p.connect()));

    let stopping = false;
    const isStopping = () => stopping;
    const games: PlayedGame[] = [];
    const money: MoneyRecord = { paidSessions: [], withdrawals: new Map() };
    // Each step's time since the players began, so a CI log says where the stage's minutes went.
    const began = Date.now();
    const at = (what: string) => console.log(`[+${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
    const guarded = (what: string, work: Promise<void>) =>
      work
        .catch((e: unknown) => tally.violation(`${what} failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          if (stopping) at(`${what} stopped`);
        });
    const phases: PairPhase[] = Array.from({ length: PAIRS }, () => ({ now: 'starting' }));
    const activity = [
      ...phases.map((phase, i) =>
        guarded(
          `pair ${i + 1}`,
          runPair(gamers[2 * i]!, gamers[2 * i + 1]!, BUCKETS[i]!, LINE, tally, isStopping, games, phase).finally(
            () => (phase.now = 'stopped'),
          ),
        ),
      ),
      ...depositors.map((p, i) => guarded(`depositor ${i + 1}`, runDepositor(p, tally, money, isStopping))),
      ...withdrawers.map((p, i) => guarded(`withdrawer ${i + 1}`, runWithdrawer(p, tally, money, isStopping))),
      guarded('battle lobbies', runLobbies(battlers[0]!, battlers.slice(1), tally, isStopping)),
    ];

    // The faults, one at a time, each while games and payments are in flight.
    for (let k = 0; k < KILLS; k++) {
      await sleep(random(4_000, 9_000));
      const victim = Math.floor(Math.random() * cluster.instances.length);
      await cluster.kill(victim);
      tally.count('kills');
      at(`killed instance ${victim + 1} (SIGKILL)`);
      await sleep(random(1_000, 3_000));
      await cluster.startInstance(victim);
      at(`instance ${victim + 1} ready again`);
    }
    await sleep(random(3_000, 6_000));
    await cluster.restartRedis();
    tally.count('redisRestarts');
    at('restarted Redis (its keys lost)');
    for (let k = 0; k < 2; k++) {
      await sleep(random(3_000, 6_000));
      const ended = await cluster.terminateDatabaseConnections();
      tally.count('databaseCuts');
      at(`cut ${ended} PostgreSQL connections`);
    }
    // A graceful drain too: SIGTERM, then back.
    await sleep(random(2_000, 4_000));
    const drained = Math.floor(Math.random() * cluster.instances.length);
    await cluster.terminate(drained);
    tally.count('drains');
    at(`drained instance ${drained + 1} (SIGTERM)`);
    await cluster.startInstance(drained);
    at(`instance ${drained + 1} ready again`);
    await sleep(5_000);

    stopping = true;
    at('stopping the players');
    // Every 5 s until they have, what each pair still running is doing.
    const waiting = setInterval(() => {
      phases.forEach((p, i) => p.now !== 'stopped' && at(`pair ${i + 1} still ${p.now}`));
    }, 5_000);
    await Promise.all(activity);
    clearInterval(waiting);
    at('the players stopped');
    await checkInvariants(cluster.databaseUrl, database.db, games, money, tally);
    at('the invariants were read back');
    for (const e of counters.serverErrors) tally.violation(`answered 500: ${e}`);
    // Every instance the suite did not stop is still running: no fault made one die on its own.
    for (const inst of cluster.instances) if (!inst.running) tally.violation(`instance ${inst.index + 1} died`);

    const line = [
      `clients=${players.length}`,
      `games=${games.length}`,
      `moves=${tally.get('moves')}`,
      `money_ops=${tally.get('deposits') + tally.get('withdrawals') + tally.get('escrows')}`,
      `(deposits=${tally.get('deposits')} withdrawals=${tally.get('withdrawals')} escrows=${tally.get('escrows')})`,
      `lobbies=${tally.get('lobbies')}`,
      `battle_joins=${tally.get('battleJoins')}`,
      `kills=${tally.get('kills')}`,
      `drains=${tally.get('drains')}`,
      `redis_restarts=${tally.get('redisRestarts')}`,
      `db_cuts=${tally.get('databaseCuts')}`,
      `reconnects=${counters.reconnects}`,
      `resent_commands=${counters.resentCommands}`,
      `retried_requests=${counters.retriedRequests}`,
      `resyncs=${counters.resyncs}`,
      `gaps_refetched=${tally.get('gapsRefetched')}`,
      `unavailable_retried=${tally.get('unavailableRetried')}`,
      `matches_restarted=${tally.get('matchesRestarted')}`,
      `violations=${tally.violations.length}`,
    ].join(' ');
    for (const n of tally.notes) console.log(`note: ${n}`);
    console.log(`faults: ${line}`);
    // Fewer faults than the suite promises is a failure too: it would pass while testing less.
    if (tally.get('kills') < 3) tally.violation(`only ${tally.get('kills')} instance kills`);
    if (tally.get('redisRestarts') < 1) tally.violation('no Redis restart');
    if (tally.get('databaseCuts') < 1) tally.violation('no database cut');
    return { line, violations: tally.violations };
  } finally {
    for (const p of players) p.close();
    if (tally.violations.length > 0)
      for (let i = 0; i < cluster.instances.length; i++) console.log(cluster.logTail(i, 15));
    await database.close();
    // Again after the instances' logs, so a CI log cut to its tail still shows what failed.
    for (const v of tally.violations) console.error(`VIOLATION: ${v}`);
  }
}
