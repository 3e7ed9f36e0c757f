import type WebSocket from 'ws';
import { PLAY_TOPICS } from '@rush/protocol';
import { startChild, type ChildServer } from './support/child.ts';
import { startPlayChild, type PlayChild } from './support/play-child.ts';
import { createPlayers, newGame, openSocket, subscribe, type BenchPlayer } from './support/play-clients.ts';
import { movesLine } from '@rush/load';
import { summarize } from './support/stats.ts';
import type { BenchResult } from './types.ts';

export interface FanoutOptions {
  spectators: number;
  /** Moves measured (each fanned out to every spectator). */
  moves: number;
}

export const DEFAULT_FANOUT: FanoutOptions = { spectators: 1_000, moves: 200 };

/** Resolves when every socket received a frame matching `match`, with the last arrival time. */
function allReceived(sockets: WebSocket[], match: (m: any) => boolean): Promise<{ last: bigint; each: bigint[] }> {
  return new Promise((resolve) => {
    const each: bigint[] = [];
    const offs: Array<() => void> = [];
    for (const ws of sockets) {
      const onMessage = (raw: Buffer) => {
        const at = process.hrtime.bigint();
        if (!match(JSON.parse(raw.toString('utf8')))) return;
        ws.off('message', onMessage);
        each.push(at);
        if (each.length === sockets.length) {
          for (const off of offs) off();
          resolve({ last: at, each });
        }
      };
      ws.on('message', onMessage);
      offs.push(() => ws.off('message', onMessage));
    }
  });
}

/**
 * Issue 4: one move fanned out to 1,000 spectators. For each move: the time from the mover
 * sending `game.move` until the LAST spectator socket has the `game.moved` event (p50, p99 over
 * the moves), and every single delivery (p99 over all spectators and moves). Baseline in the
 * same run: a bare `ws` server broadcasting one client's frame to the same number of sockets.
 */
export async function playFanout(opts: FanoutOptions = DEFAULT_FANOUT): Promise<BenchResult> {
  let raw: ChildServer | undefined;
  let play: PlayChild | undefined;
  const sockets: WebSocket[] = [];
  const players: BenchPlayer[] = [];
  try {
    raw = await startChild(new URL('./servers/raw-broadcast-server.ts', import.meta.url));
    play = await startPlayChild();

    // Baseline: a publisher and N receivers on the bare broadcast server.
    const rawReceivers: WebSocket[] = [];
    for (let i = 0; i < opts.spectators; i++) rawReceivers.push(await openSocket(raw.url, 'http://bench'));
    sockets.push(...rawReceivers);
    const publisher = await openSocket(raw.url, 'http://bench');
    sockets.push(publisher);
    const rawLast: number[] = [];
    const rawEach: number[] = [];
    for (let i = 0; i < opts.moves + 10; i++) {
      const arrived = allReceived(rawReceivers, (m: { id?: number }) => m.id === i);
      const start = process.hrtime.bigint();
      publisher.send(JSON.stringify({ t: 'ev', id: i, data: { ply: i, uci: 'e2e4', fen: 'x'.repeat(60) } }));
      const { last, each } = await arrived;
      if (i < 10) continue; // warm-up
      rawLast.push(Number(last - start) / 1_000);
      for (const at of each) rawEach.push(Number(at - start) / 1_000);
    }

    // The real thing: visitors (no session) following game:{id} while two players move.
    players.push(...(await createPlayers(play.baseUrl, play.url, 2)));
    const line = movesLine(Math.min(opts.moves + 10, 200));
    let game = await newGame(players[0]!, players[1]!);
    const watchers: WebSocket[] = [];
    const watch = async (gameId: string) => {
      for (const ws of watchers) ws.send(JSON.stringify({ t: 'unsub', topic: PLAY_TOPICS.game(game.gameId) }));
      for (let i = 0; i < watchers.length; i += 50)
        await Promise.all(watchers.slice(i, i + 50).map((ws) => subscribe(ws, PLAY_TOPICS.game(gameId))));
    };
    for (let i = 0; i < opts.spectators; i++) watchers.push(await openSocket(play.url, play.baseUrl));
    sockets.push(...watchers);
    await watch(game.gameId);
    const last: number[] = [];
    const each: number[] = [];
    let ply = 0;
    for (let i = 0; i < opts.moves + 10; i++) {
      if (ply >= line.length) {
        await game.white.cmd('game.resign', { gameId: game.gameId });
        game = await newGame(players[0]!, players[1]!);
        await watch(game.gameId);
        ply = 0;
      }
      const p = ply + 1;
      const gameId = game.gameId;
      const arrived = allReceived(
        watchers,
        (m: { type?: string; data?: { gameId?: string; ply?: number } }) =>
          m.type === 'game.moved' && m.data?.gameId === gameId && m.data.ply === p,
      );
      const mover = p % 2 === 1 ? game.white : game.black;
      const start = process.hrtime.bigint();
      const ack = await mover.cmd('game.move', { gameId, ply: p, uci: line[ply] });
      if (!ack.ok) throw new Error(`move refused: ${JSON.stringify(ack.error)}`);
      const got = await arrived;
      ply = p;
      if (i < 10) continue;
      last.push(Number(got.last - start) / 1_000);
      for (const at of got.each) each.push(Number(at - start) / 1_000);
    }
    const rl = summarize(rawLast);
    const re = summarize(rawEach);
    const pl = summarize(last);
    const pe = summarize(each);
    return {
      title: `Fan-out: ${opts.moves} moves, each to ${opts.spectators} spectator sockets (time from the move to the last delivery, and per delivery), vs a bare ws broadcast in the same run`,
      columns: ['last p50 (ms)', 'last p99 (ms)', 'each p99 (ms)'],
      rows: [
        { label: `raw ws broadcast to ${opts.spectators}`, values: [rl.p50 / 1_000, rl.p99 / 1_000, re.p99 / 1_000] },
        {
          label: `game.moved to ${opts.spectators} spectators`,
          values: [pl.p50 / 1_000, pl.p99 / 1_000, pe.p99 / 1_000],
        },
      ],
      ratios: { label: 'game / raw', values: [pl.p50 / rl.p50, pl.p99 / rl.p99, pe.p99 / re.p99] },
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const p of players) p.close();
    await Promise.all([raw?.stop(), play?.stop()]);
  }
}
