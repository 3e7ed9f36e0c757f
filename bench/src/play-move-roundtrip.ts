import { PLAY_TOPICS } from '@rush/protocol';
import { startChild, type ChildServer } from './support/child.ts';
import { playDbLabel, startPlayChild, type PlayChild } from './support/play-child.ts';
import { createPlayers, newGame, type BenchPlayer } from './support/play-clients.ts';
import { movesLine } from '@rush/load';
import { summarize, type LatencySummary } from './support/stats.ts';
import { openRoundTripClient, type RoundTripClient } from './support/ws-roundtrip.ts';
import type { BenchResult } from './types.ts';

const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;

/** Plies per game before the players resign and start another (a fixed line with no automatic end). */
export const LINE_PLIES = 60;

/**
 * Drives one game after another between two players: each `next()` plays the next move of the
 * line and returns the time from sending `game.move` until BOTH the mover has its ack and the
 * opponent has `game.moved` (µs).
 */
export class MoveDriver {
  private game: { gameId: string; white: BenchPlayer; black: BenchPlayer } | null = null;
  private ply = 0;
  games = 0;

  constructor(
    private readonly a: BenchPlayer,
    private readonly b: BenchPlayer,
    private readonly line: string[],
  ) {}

  async next(): Promise<number> {
    if (!this.game || this.ply >= this.line.length) await this.restart();
    const { gameId, white, black } = this.game!;
    const ply = this.ply + 1;
    const mover = ply % 2 === 1 ? white : black;
    const other = mover === white ? black : white;
    let off = () => {};
    const moved = new Promise<bigint>((resolve) => {
      off = other.on((type, data: { gameId?: string; ply?: number }, at) => {
        if (type === 'game.moved' && data.gameId === gameId && data.ply === ply) resolve(at);
      });
    });
    const start = process.hrtime.bigint();
    const ack = await mover.cmd('game.move', { gameId, ply, uci: this.line[this.ply] });
    const ackAt = process.hrtime.bigint();
    if (!ack.ok) throw new Error(`move ${ply} refused: ${JSON.stringify(ack.error)}`);
    const movedAt = await moved;
    off();
    this.ply = ply;
    return Number((ackAt > movedAt ? ackAt : movedAt) - start) / 1_000;
  }

  /** Resigns the current game (if any) and starts the next one. */
  async restart(): Promise<void> {
    if (this.game) await this.finish();
    this.game = await newGame(this.a, this.b);
    this.ply = 0;
    this.games++;
  }

  async finish(): Promise<void> {
    if (!this.game) return;
    const { gameId, white } = this.game;
    if (this.ply >= 2) await white.cmd('game.resign', { gameId });
    else await white.cmd('game.abort', { gameId });
    for (const p of [this.game.white, this.game.black])
      p.ws.send(JSON.stringify({ t: 'unsub', topic: PLAY_TOPICS.game(gameId) }));
    this.game = null;
  }
}

/**
 * Issue 4: the move round trip (player A moves; A gets the ack and B the move) through the real
 * server, against a raw ws echo round trip in the same run, measured in alternating blocks.
 */
export async function playMoveRoundTrip(opts: {
  samples: number;
  warmup: number;
  rounds?: number;
}): Promise<BenchResult> {
  let raw: ChildServer | undefined;
  let play: PlayChild | undefined;
  let rawClient: RoundTripClient | undefined;
  const players: BenchPlayer[] = [];
  try {
    raw = await startChild(new URL('./servers/raw-echo-server.ts', import.meta.url));
    play = await startPlayChild();
    rawClient = await openRoundTripClient({ url: raw.url });
    players.push(...(await createPlayers(play.baseUrl, play.url, 2)));
    const driver = new MoveDriver(players[0]!, players[1]!, movesLine(LINE_PLIES));
    const moves = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await driver.next());
      return out;
    };
    await rawClient.measure(opts.warmup);
    await moves(opts.warmup);
    await play.resetAppends();
    const rounds = Math.max(1, Math.min(opts.rounds ?? 10, opts.samples));
    const rawUs: number[] = [];
    const moveUs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const count = Math.floor(opts.samples / rounds) + (r < opts.samples % rounds ? 1 : 0);
      rawUs.push(...(await rawClient.measure(count)));
      moveUs.push(...(await moves(count)));
    }
    // Before the resign: its statements are not a move's.
    const appendUs = await play.readAppends();
    await driver.finish();
    const r = summarize(rawUs);
    const m = summarize(moveUs);
    const a = summarize(appendUs);
    const ratio = (k: keyof LatencySummary) => m[k] / r[k];
    return {
      title:
        `Move round trip: ${opts.samples} moves (mover's ack and opponent's game.moved) vs raw ws echo, ` +
        `${rounds} alternating blocks, ${driver.games} games of up to ${LINE_PLIES} plies (real server in a child process, ${playDbLabel()}, loopback)`,
      columns: ['p50 (µs)', 'p99 (µs)', 'mean (µs)'],
      rows: [
        { label: 'raw ws echo', values: [r.p50, r.p99, r.mean] },
        { label: 'game.move round trip', values: [m.p50, m.p99, m.mean] },
        { label: 'its append, in the server', values: [a.p50, a.p99, a.mean] },
      ],
      ratios: { label: 'move / raw', values: [ratio('p50'), ratio('p99'), ratio('mean')] },
      notes: [
        // The database's commit is the one part of a move the product does not run; what is
        // left is the server's own work and the wire, the part a change to the product moves.
        `the append (the database's round trip with its commit) is ${pct(a.p50, m.p50)} of the move's p50 ` +
          `(${a.samples} appends timed where the server waits for them); ` +
          `the move's p50 without it: ${(m.p50 - a.p50).toFixed(0)} µs = ${((m.p50 - a.p50) / r.p50).toFixed(2)}x the echo`,
      ],
    };
  } finally {
    rawClient?.close();
    for (const p of players) p.close();
    await Promise.all([raw?.stop(), play?.stop()]);
  }
}
