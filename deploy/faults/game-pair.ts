import {
  MATCH_ROUTES,
  PLAY_ROUTES,
  PLAY_TOPICS,
  GameEvents,
  type GameView,
  type MatchmakingView,
} from '@rush/protocol';
import { sleep } from '@rush/load';
import type { SimPlayer } from './sim-player.ts';
import type { Tally } from './tally.ts';

/** A game the suite played: every move the server acknowledged, in order, and how it should end. */
export interface PlayedGame {
  gameId: string;
  acked: string[];
  resignedBy: string;
}

/** How long a resign may keep being refused while the game goes on (then it is a violation, not a hang). */
const RESIGN_WITHIN_MS = 90_000;

/** How long a player may wait to learn of a move the server acknowledged to its opponent. */
const SEE_MOVE_WITHIN_MS = 20_000;

/**
 * What one player knows of a game from its socket alone: the ply of the last `game.moved` it
 * applied. An event whose version is not the next one, or a resync, sends it to the game's page
 * (GET) as the web client does; a skipped event with no gap would leave it behind forever, which
 * the driver counts as a violation.
 */
class GameWatch {
  ply = 0;
  version = -1;
  private readonly offs: (() => void)[] = [];

  /** Subscribes, then reads the game: nothing published before the subscription is missed. */
  static async open(p: SimPlayer, gameId: string, tally: Tally): Promise<GameWatch> {
    const watch = new GameWatch(p, gameId, tally);
    await watch.subscribed;
    await watch.refetch();
    return watch;
  }

  private readonly subscribed: Promise<void>;

  private constructor(
    private readonly p: SimPlayer,
    private readonly gameId: string,
    private readonly tally: Tally,
  ) {
    const topic = PLAY_TOPICS.game(gameId);
    this.offs.push(
      p.onEvent((t, type, data) => {
        if (t !== topic) return;
        const d = data as { version?: number; ply?: number };
        if (typeof d.version !== 'number') return;
        if (d.version !== this.version + 1) {
          this.tally.count('gapsRefetched');
          void this.refetch();
          return;
        }
        this.version = d.version;
        if (type === GameEvents.moved && typeof d.ply === 'number') this.ply = d.ply;
      }),
      p.onResync((t) => {
        if (t === topic) void this.refetch();
      }),
    );
    this.subscribed = p.subscribe(topic);
  }

  async refetch(): Promise<GameView | null> {
    const res = await this.p.http('GET', PLAY_ROUTES.game(this.gameId));
    if (res.status !== 200) return null;
    const view = res.body as GameView;
    if (view.version > this.version) {
      this.version = view.version;
      this.ply = view.ply;
    }
    return view;
  }

  async waitForPly(ply: number): Promise<boolean> {
    const deadline = Date.now() + SEE_MOVE_WITHIN_MS;
    while (this.ply < ply) {
      if (Date.now() > deadline) return false;
      await sleep(20);
    }
    return true;
  }

  close(): void {
    for (const off of this.offs) off();
    this.p.unsubscribe(PLAY_TOPICS.game(this.gameId));
  }
}

async function matchmaking(p: SimPlayer): Promise<MatchmakingView | null> {
  const res = await p.http('GET', MATCH_ROUTES.current);
  return res.status === 200 ? (res.body as { matchmaking: MatchmakingView | null }).matchmaking : null;
}

/** SPEC: one seek every 3 s per player; a seek refused as too soon is sent again after the wait. */
const SEEK_DEBOUNCE_MS = 3_500;

async function seek(p: SimPlayer, bucket: object, tally: Tally): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const r = await p.http('POST', MATCH_ROUTES.seek, bucket);
    tally.count('seeks');
    // A seek sent again after its answer was lost finds the first one: CONFLICT.
    if (r.status === 200 || r.status === 409) return;
    if (r.status !== 429) tally.note(`seek answered ${r.status}: ${JSON.stringify(r.body)}`);
    await sleep(SEEK_DEBOUNCE_MS);
  }
}

/**
 * Seeks with both players in their own bucket, accepts the match as a person would, and returns
 * the game's id once the record names it (every step read from the server, so a kill between
 * two of them only delays it).
 */
async function matchThem(
  a: SimPlayer,
  b: SimPlayer,
  bucket: object,
  tally: Tally,
  phase: PairPhase,
): Promise<string | null> {
  for (const p of [a, b]) await seek(p, bucket, tally);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    let gameId: string | null = null;
    const states: string[] = [];
    for (const p of [a, b]) {
      const m = await matchmaking(p);
      states.push(m?.state ?? 'none');
      if (m?.state === 'matched' && !m.accepted.me) await p.http('POST', MATCH_ROUTES.accept, {});
      if (m?.gameId) gameId = m.gameId;
      if (m && (m.state === 'notFound' || m.state === 'declined' || m.state === 'error')) {
        // Start over, as a person would: clear the record and seek again once the seek debounce
        // has passed (an accept that expired while an instance was down, say).
        tally.count('matchesRestarted');
        await p.http('POST', MATCH_ROUTES.cancel, {});
        await seek(p, bucket, tally);
      }
    }
    if (gameId) return gameId;
    phase.now = `matching (${states.join(', ')})`;
    await sleep(300);
  }
  const states = await Promise.all([a, b].map(async (p) => (await matchmaking(p))?.state ?? 'none'));
  tally.violation(`${a.username} and ${b.username} were never matched (records: ${states.join(', ')})`);
  return null;
}

/** Plays `line`, then `loser` resigns. Each move waits until its player has seen the previous one. */
async function playGame(
  gameId: string,
  a: SimPlayer,
  b: SimPlayer,
  line: readonly string[],
  tally: Tally,
  stopping: () => boolean,
  loser: SimPlayer,
): Promise<PlayedGame> {
  const opened = await Promise.all([a, b].map((p) => GameWatch.open(p, gameId, tally)));
  const watches = new Map([a, b].map((p, i) => [p.uid, opened[i]!]));
  try {
    const first = await watches.get(a.uid)!.refetch();
    if (!first) throw new Error(`game ${gameId} not found`);
    const white = first.white.uid === a.uid ? a : b;
    const black = white === a ? b : a;
    const acked: string[] = [];
    // Fewer plies when the suite is winding down, never fewer than two (then the game is rated and settled).
    const plies = stopping() ? 2 : line.length;
    for (let ply = 1; ply <= plies; ply++) {
      const mover = ply % 2 === 1 ? white : black;
      const watch = watches.get(mover.uid)!;
      if (!(await watch.waitForPly(ply - 1))) {
        tally.violation(`${mover.username} never saw ply ${ply - 1} of ${gameId} (an event skipped without a gap)`);
        await watch.refetch();
      }
      await sleep(30 + Math.random() * 150);
      let ack = await mover.cmd('game.move', { gameId, ply, uci: line[ply - 1] });
      // The database was out of reach: the move is sent again, its ply making a second copy harmless.
      for (let tries = 0; !ack.ok && ack.error?.code === 'UNAVAILABLE' && tries < 20; tries++) {
        tally.count('unavailableRetried');
        await sleep(300);
        ack = await mover.cmd('game.move', { gameId, ply, uci: line[ply - 1] });
      }
      if (!ack.ok) {
        tally.violation(`move ${ply} of ${gameId} refused: ${JSON.stringify(ack.error)}`);
        break;
      }
      acked.push(line[ply - 1]!);
      tally.count('moves');
    }
    const resigner = loser;
    const resignBy = Date.now() + RESIGN_WITHIN_MS;
    for (;;) {
      const ack = await resigner.cmd('game.resign', { gameId });
      if (ack.ok) break;
      // A resign sent again after its ack was lost finds the game over: read what happened.
      const view = await watches.get(resigner.uid)!.refetch();
      if (view && view.status !== 'started') break;
      if (Date.now() > resignBy) {
        tally.violation(`${gameId} could not be resigned: ${JSON.stringify(ack.error)}`);
        break;
      }
      await sleep(200);
    }
    return { gameId, acked, resignedBy: resigner.uid };
  } finally {
    for (const w of watches.values()) w.close();
  }
}

/** Waits for the record to be finished (the stakes settled), then clears it with Done. */
async function finishRecords(players: SimPlayer[], tally: Tally, phase: PairPhase): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const p of players) {
    for (;;) {
      const m = await matchmaking(p);
      if (!m) break;
      phase.now = `finishing: ${p.username}'s record is ${m.state}`;
      if (m.state === 'finished') {
        await p.http('POST', MATCH_ROUTES.done, {});
        continue;
      }
      if (Date.now() > deadline) {
        tally.violation(`${p.username}'s match record stayed ${m.state}`);
        return;
      }
      await sleep(300);
    }
  }
}

/** What a pair is doing, for the suite's log while it waits for the pairs to stop. */
export interface PairPhase {
  now: string;
}

/** One pair of players playing wagered games against each other until told to stop. */
export async function runPair(
  a: SimPlayer,
  b: SimPlayer,
  bucket: object,
  line: readonly string[],
  tally: Tally,
  stopping: () => boolean,
  games: PlayedGame[],
  phase: PairPhase = { now: '' },
): Promise<void> {
  while (!stopping()) {
    phase.now = 'matching';
    const gameId = await matchThem(a, b, bucket, tally, phase);
    if (!gameId) return;
    tally.count('games');
    phase.now = `playing ${gameId}`;
    // The two take turns losing, so their ratings stay close: one who always won would drift out of
    // the other's rating window, and the pair then waited for it to widen (up to a minute).
    const played = games.filter((g) => g.resignedBy === a.uid || g.resignedBy === b.uid).length;
    games.push(await playGame(gameId, a, b, line, tally, stopping, played % 2 === 0 ? a : b));
    await finishRecords([a, b], tally, phase);
  }
}
