import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import {
  MATCH_ROUTES,
  MatchmakingUserEvents,
  PlayUserEvents,
  PLAY_ROUTES,
  TOPICS,
  type MatchmakingView,
} from '@rush/protocol';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { accountOf, applyMovement } from '../../apps/server/src/modules/wallet/index.ts';
import { LINE_PLIES, MoveDriver } from './play-move-roundtrip.ts';
import { playDbLabel, startPlayChild, type PlayChild } from './support/play-child.ts';
import { createPlayers, type BenchPlayer } from './support/play-clients.ts';
import { movesLine } from '@rush/load';
import { summarize } from './support/stats.ts';
import type { BenchResult } from './types.ts';

export interface MatchmakingLatencyOptions {
  /** Rounds of a pair (each two seeks; one match when the pair meets itself, else two halves). */
  matches: number;
  /** Seeks a minute the load generator keeps up (SPEC-sized load: 1,000). */
  seeksPerMinute: number;
  /** Pairs of players taking turns; a player may seek only every 3 s (the debounce). */
  pairs: number;
  /** Baseline samples of each of the move round trip and the ledger transfer. */
  baselineSamples: number;
}

export const DEFAULT_MATCHMAKING: MatchmakingLatencyOptions = {
  matches: 300,
  seeksPerMinute: 1_000,
  pairs: 32,
  baselineSamples: 300,
};

/**
 * The (mode, RC wager) buckets pairs rotate through. Every stake is at most the 500 RC a linked
 * account starts with, and aborted games refund it, so no seek fails for money. With more pairs
 * than buckets two pairs may share a queue and cross-pair (A1 with B2): the latency is then
 * taken per match from the seek times of the two players actually paired.
 */
const BUCKETS = ['wmgt_000001', 'wmgt_000002', 'wmgt_000003'].flatMap((gameType) =>
  [50, 100, 200, 500].map((bet) => ({ gameType, c: 'wbx' as const, bet })),
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the hrtime of the first event of `type` on the player's socket matching `pick`. */
function nextEvent(p: BenchPlayer, type: string, pick: (data: any) => boolean, timeoutMs = 30_000): Promise<bigint> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${p.username}: no ${type} in ${timeoutMs} ms`));
    }, timeoutMs);
    const off = p.on((t, data, at) => {
      if (t !== type || !pick(data)) return;
      clearTimeout(timer);
      off();
      resolve(at);
    });
  });
}

/** Accepts every match offered to the player, as a person pressing Accept at once would. */
function autoAccept(p: BenchPlayer, t: Timeline): () => void {
  return p.on((type, data: { matchmaking: MatchmakingView | null }) => {
    if (
      type === MatchmakingUserEvents.changed &&
      data.matchmaking?.state === 'matched' &&
      !data.matchmaking.accepted.me
    ) {
      t.acceptedAt.set(p.uid, process.hrtime.bigint());
      p.post(MATCH_ROUTES.accept).catch(() => {
        /* a decline or timeout is counted by the waiting side */
      });
    }
  });
}

async function currentRecord(p: BenchPlayer): Promise<MatchmakingView | null> {
  const res = await fetch(p.baseUrl + MATCH_ROUTES.current, { headers: { cookie: p.cookie, origin: p.baseUrl } });
  return ((await res.json()) as { matchmaking: MatchmakingView | null }).matchmaking;
}

/** When each player last sought and last had game.started (hrtime), shared by all pairs. */
interface Timeline {
  soughtAt: Map<string, bigint>;
  /** When each player's Accept was sent. */
  acceptedAt: Map<string, bigint>;
  startedAt: Map<string, bigint>;
  /** Game ids already measured (a cross-paired match is seen by two pairs). */
  measured: Set<string>;
}

/**
 * One round of a pair: A seeks, then B; both wait for their game.started; each match is
 * measured once, from the later of its two players' seeks (the second compatible seek) to the
 * later of their game.started. Then the game is aborted (stakes refunded) and the records
 * cleared with Done, ready for the next round.
 */
async function oneRound(
  a: BenchPlayer,
  b: BenchPlayer,
  bucket: (typeof BUCKETS)[number],
  t: Timeline,
): Promise<{ whole: number; fromAccept: number }[]> {
  const started = (data: { gameId?: string }) => typeof data.gameId === 'string';
  const waits = [a, b].map((p) =>
    nextEvent(p, PlayUserEvents.gameStarted, started).then((at) => void t.startedAt.set(p.uid, at)),
  );
  for (const p of [a, b]) {
    t.soughtAt.set(p.uid, process.hrtime.bigint());
    await p.post(MATCH_ROUTES.seek, bucket);
  }
  await Promise.all(waits);
  const out: { whole: number; fromAccept: number }[] = [];
  for (const p of [a, b]) {
    const record = await currentRecord(p);
    const gameId = record?.gameId;
    const opponent = record?.opponent?.uid;
    if (!gameId || !opponent) throw new Error('started without a game or an opponent');
    if (!t.measured.has(gameId)) {
      // The opponent's game.started may still be on its way (another pair's round).
      for (let i = 0; !t.startedAt.has(opponent) && i < 3_000; i++) await sleep(1);
      const later = (x: bigint, y: bigint) => (x > y ? x : y);
      const seek = later(t.soughtAt.get(p.uid)!, t.soughtAt.get(opponent)!);
      const accept = later(t.acceptedAt.get(p.uid)!, t.acceptedAt.get(opponent)!);
      const end = later(t.startedAt.get(p.uid)!, t.startedAt.get(opponent)!);
      t.measured.add(gameId);
      out.push({ whole: Number(end - seek) / 1_000, fromAccept: Number(end - accept) / 1_000 });
    }
    // Either player's abort ends the game; the second one finds it over.
    await p.cmd('game.abort', { gameId });
  }
  // The record turns `finished` after the (refund) settlement; Done clears it for the next seek.
  for (const p of [a, b]) {
    for (let i = 0; ; i++) {
      try {
        await p.post(MATCH_ROUTES.done);
        break;
      } catch (err) {
        if (i > 500) throw err;
        await sleep(10);
      }
    }
    t.startedAt.delete(p.uid);
  }
  return out;
}

/** One ledger transfer (a one-cent movement between two funded accounts) on PGlite, in process. */
async function ledgerTransfers(samples: number): Promise<number[]> {
  const database: Database = await openDatabase({ kind: 'pglite-instance', instance: await PGlite.create() });
  try {
    const clearing = accountOf.clearing('wbx');
    const [x, y] = [accountOf.user('bench-x', 'wbx'), accountOf.user('bench-y', 'wbx')];
    await applyMovement(database.db, {
      key: 'bench:seed',
      kind: 'deposit',
      currency: 'wbx',
      accounts: [clearing, x],
      legs: () => [{ from: clearing, to: x, amount: 1_000_000_000n }],
    });
    const out: number[] = [];
    for (let i = 0; i < samples; i++) {
      const start = process.hrtime.bigint();
      await applyMovement(database.db, {
        key: `bench:${crypto.randomUUID()}`,
        kind: 'transfer',
        currency: 'wbx',
        accounts: [x, y],
        legs: () => [{ from: x, to: y, amount: 1n }],
      });
      out.push(Number(process.hrtime.bigint() - start) / 1_000);
    }
    return out;
  } finally {
    await database.close();
  }
}

/**
 * Issue 5: matchmaking latency at a steady 1,000 seeks a minute, against the sum of a move round
 * trip (same server, same run) and one ledger transfer (PGlite, same run).
 */
export async function matchmakingLatency(opts: MatchmakingLatencyOptions): Promise<BenchResult> {
  let play: PlayChild | undefined;
  const players: BenchPlayer[] = [];
  const offs: Array<() => void> = [];
  try {
    play = await startPlayChild();
    players.push(...(await createPlayers(play.baseUrl, play.url, opts.pairs * 2 + 2)));
    // Linking the chess account pays 500 RC: enough for the 50 RC stakes, refunded on abort.
    await Promise.all(players.map((p) => p.post(PLAY_ROUTES.link)));
    // matchmaking.changed and game.started arrive on each player's own topic.
    await Promise.all(players.map((p) => p.subscribe(TOPICS.user(p.uid))));
    const timeline: Timeline = {
      soughtAt: new Map(),
      acceptedAt: new Map(),
      startedAt: new Map(),
      measured: new Set(),
    };
    offs.push(...players.map((p) => autoAccept(p, timeline)));

    // Baseline 1: the move round trip on the same server.
    const driver = new MoveDriver(players.at(-2)!, players.at(-1)!, movesLine(LINE_PLIES));
    const moveUs: number[] = [];
    for (let i = 0; i < opts.baselineSamples; i++) moveUs.push(await driver.next());
    await driver.finish();
    // Baseline 2: one ledger transfer.
    const transferUs = await ledgerTransfers(opts.baselineSamples);

    // The load: a new pair every interval, each pair in its own bucket, rotating.
    const intervalMs = (60_000 / opts.seeksPerMinute) * 2;
    const latencies: number[] = [];
    const fromAccept: number[] = [];
    const running: Array<Promise<unknown>> = [];
    const busy = new Set<number>();
    let failures = 0;
    const reasons = new Map<string, number>();
    for (let m = 0; m < opts.matches; m++) {
      const pair = m % opts.pairs;
      while (busy.has(pair)) await sleep(5);
      busy.add(pair);
      const [a, b] = [players[pair * 2]!, players[pair * 2 + 1]!];
      const bucket = BUCKETS[pair % BUCKETS.length]!;
      const started = Date.now();
      running.push(
        oneRound(a, b, bucket, timeline)
          .then((us) => {
            latencies.push(...us.map((u) => u.whole));
            fromAccept.push(...us.map((u) => u.fromAccept));
          })
          .catch((err: unknown) => {
            failures++;
            const reason = String(err instanceof Error ? err.message : err).slice(0, 120);
            reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          })
          // The 3 s debounce: a pair seeks again no sooner than 3 s after its last seek.
          .then(() => sleep(Math.max(0, 3_050 - (Date.now() - started))))
          .finally(() => busy.delete(pair)),
      );
      await sleep(intervalMs);
    }
    await Promise.all(running);
    for (const [reason, n] of reasons) console.error(`matchmaking-latency: ${n} failed: ${reason}`);
    if (latencies.length === 0) throw new Error('no match completed');

    const mm = summarize(latencies);
    const acc = summarize(fromAccept);
    const mv = summarize(moveUs);
    const tr = summarize(transferUs);
    const base = { p50: mv.p50 + tr.p50, p99: mv.p99 + tr.p99, mean: mv.mean + tr.mean };
    return {
      title:
        `Matchmaking latency: ${latencies.length} matches at ${opts.seeksPerMinute} seeks/min in ${BUCKETS.length} queues (second seek -> both players ` +
        `have game.started; pairing, both accepts, escrow movement, game creation), ${failures} failed; ` +
        `baseline = move round trip + one ledger transfer, same run (real server in a child process, ${playDbLabel()})`,
      columns: ['p50 (µs)', 'p99 (µs)', 'mean (µs)'],
      rows: [
        { label: 'move round trip', values: [mv.p50, mv.p99, mv.mean] },
        { label: 'ledger transfer', values: [tr.p50, tr.p99, tr.mean] },
        { label: 'baseline (sum)', values: [base.p50, base.p99, base.mean] },
        { label: 'matchmaking (whole flow)', values: [mm.p50, mm.p99, mm.mean] },
        { label: 'second accept -> game', values: [acc.p50, acc.p99, acc.mean] },
      ],
      ratios: {
        label: 'second accept -> game / baseline',
        values: [acc.p50 / base.p50, acc.p99 / base.p99, acc.mean / base.mean],
      },
      notes: [
        `whole flow / baseline: ${(mm.p50 / base.p50).toFixed(2)}x p50, ${(mm.p99 / base.p99).toFixed(2)}x p99, ${(mm.mean / base.mean).toFixed(2)}x mean`,
        'goal (issue 17): second accept -> game p99 at most 2x the baseline',
      ],
    };
  } finally {
    for (const off of offs) off();
    for (const p of players) p.close();
    await play?.stop();
  }
}
