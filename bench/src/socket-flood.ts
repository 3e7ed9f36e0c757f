import WebSocket from 'ws';
import { PLAY_TOPICS } from '@rush/protocol';
import { startChild, type ChildServer } from './support/child.ts';
import { startPlayChild, type LagReply, type PlayChild } from './support/play-child.ts';
import { newGame, seedPlayers, type BenchPlayer } from './support/play-clients.ts';
import type { BenchResult } from './types.ts';

export interface SocketFloodOptions {
  /** Sockets (one signed-in user each) flooding at once in the lag measurement. */
  sockets: number;
  /** Length of each measured window (idle, flood). */
  windowMs: number;
  /** Frames each flooding socket keeps unanswered (it sends the next when one is answered). */
  inFlight: number;
}

export const DEFAULT_SOCKET_FLOOD: SocketFloodOptions = { sockets: 100, windowMs: 5_000, inFlight: 16 };

interface PumpResult {
  answers: number;
  accepted: number;
  /**
   * Accepted among the frames sent before the first refused one (in sending order: a refusal is
   * answered at once and overtakes the acks of accepted commands still at work).
   */
  acceptedBeforeRefusal: number;
  /** From the first frame to the first refusal's answer; null when nothing was refused. */
  firstRefusalMs: number | null;
  elapsedMs: number;
}

/**
 * Sends frames for `windowMs`, `inFlight` at a time (the next one when one is answered), then
 * waits for the last answers. `send` resolves with whether the frame was accepted.
 */
async function pump(windowMs: number, inFlight: number, send: (i: number) => Promise<boolean>): Promise<PumpResult> {
  const start = performance.now();
  const end = start + windowMs;
  let next = 0;
  const out: PumpResult = { answers: 0, accepted: 0, acceptedBeforeRefusal: 0, firstRefusalMs: null, elapsedMs: 0 };
  const acceptedAt: number[] = [];
  let firstRefused = Infinity;
  const worker = async () => {
    while (performance.now() < end) {
      const i = next++;
      const ok = await send(i);
      out.answers++;
      if (ok) {
        out.accepted++;
        acceptedAt.push(i);
      } else {
        out.firstRefusalMs ??= performance.now() - start;
        firstRefused = Math.min(firstRefused, i);
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  out.elapsedMs = performance.now() - start;
  out.acceptedBeforeRefusal = acceptedAt.filter((i) => i < firstRefused).length;
  return out;
}

/** The baseline: a bare ws echo, answered frame by frame (matched by id). */
async function rawEchoPump(url: string, windowMs: number, inFlight: number): Promise<PumpResult> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waiting = new Map<number, () => void>();
  ws.on('message', (raw: Buffer) => {
    const id = (JSON.parse(raw.toString('utf8')) as { id: number }).id;
    waiting.get(id)?.();
    waiting.delete(id);
  });
  try {
    return await pump(windowMs, inFlight, (i) => {
      const answered = new Promise<boolean>((resolve) => waiting.set(i, () => resolve(true)));
      ws.send(
        JSON.stringify({ t: 'cmd', id: i, name: 'spectator.chat', payload: { gameId: 'g', text: `flood ${i}` } }),
      );
      return answered;
    });
  } finally {
    ws.terminate();
  }
}

const chatFlood = (p: BenchPlayer, gameId: string) => (i: number) =>
  p.cmd('spectator.chat', { gameId, text: `flood ${i} from ${p.username}` }, 60_000).then((a) => a.ok);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ServerRun {
  /** The bare ws echo's pump, just before `single` (the same machine load). */
  echo: PumpResult;
  single: PumpResult;
  /** The lag while `single` ran. */
  singleLag: LagReply;
  idle: LagReply;
  flood: LagReply;
  floods: PumpResult[];
}

/** One server: a single socket's flood, then the lag with N idle sockets and with N flooding. */
async function measureServer(play: PlayChild, rawUrl: string, opts: SocketFloodOptions): Promise<ServerRun> {
  const players: BenchPlayer[] = [];
  try {
    players.push(...(await seedPlayers(play, opts.sockets + 3)));
    const [a, b, solo, ...crowd] = players as [BenchPlayer, BenchPlayer, BenchPlayer, ...BenchPlayer[]];
    const { gameId } = await newGame(a, b);
    const topic = PLAY_TOPICS.game(gameId);
    await solo.subscribe(topic);
    for (let i = 0; i < crowd.length; i += 50) await Promise.all(crowd.slice(i, i + 50).map((p) => p.subscribe(topic)));

    const singleMs = Math.min(opts.windowMs, 3_000);
    const echo = await rawEchoPump(rawUrl, singleMs, 64);
    // The idle baseline, then each flood from the start of a fresh 10 s budget window, so the
    // runs compare alike (and the 100 sockets' budgets are all spent at its start).
    await sleep(10_000 - (Date.now() % 10_000));
    await play.resetLag();
    await sleep(opts.windowMs);
    const idle = await play.readLag();
    await sleep(10_000 - (Date.now() % 10_000));
    await play.resetLag();
    const single = await pump(singleMs, 64, chatFlood(solo, gameId));
    const singleLag = await play.readLag();
    await sleep(10_000 - (Date.now() % 10_000));
    await play.resetLag();
    const floods = await Promise.all(crowd.map((p) => pump(opts.windowMs, opts.inFlight, chatFlood(p, gameId))));
    const flood = await play.readLag();
    return { echo, single, singleLag, idle, flood, floods };
  } finally {
    for (const p of players) p.close();
  }
}

const perSecond = (r: PumpResult) => r.answers / (r.elapsedMs / 1_000);

/**
 * Issue 33: what one socket gets through before it is refused, and what 100 sockets flooding
 * spectator chat cost the server's event loop, with the product's socket budgets and with them
 * multiplied by 1,000 (about the state the issue found: every line stored and fanned out).
 * Baselines in the same run: a bare ws echo's answers per second; the lag with the same sockets
 * connected and idle.
 */
export async function socketFlood(opts: SocketFloodOptions = DEFAULT_SOCKET_FLOOD): Promise<BenchResult[]> {
  let raw: ChildServer | undefined;
  let limited: PlayChild | undefined;
  let loose: PlayChild | undefined;
  try {
    raw = await startChild(new URL('./servers/raw-echo-server.ts', import.meta.url));
    limited = await startPlayChild(180_000, { BENCH_SOCKET_RATE_MULTIPLIER: '1' });
    const product = await measureServer(limited, raw.url, opts);
    await limited.stop();
    limited = undefined;
    loose = await startPlayChild(180_000, { BENCH_SOCKET_RATE_MULTIPLIER: '1000' });
    const x1000 = await measureServer(loose, raw.url, opts);
    const echo = product.echo;

    const sum = (runs: PumpResult[], k: 'answers' | 'accepted') => runs.reduce((n, r) => n + r[k], 0);
    const lagTable = (label: string, run: ServerRun): BenchResult => ({
      title: `Server event-loop lag (${label}): ${opts.sockets} signed-in sockets watching one game, idle for ${opts.windowMs} ms; one socket flooding spectator.chat; then each of the ${opts.sockets} flooding it (${opts.inFlight} unanswered at a time) for ${opts.windowMs} ms`,
      columns: ['p50 (ms)', 'p99 (ms)', 'max (ms)'],
      rows: [
        { label: `${opts.sockets} idle sockets`, values: [run.idle.p50Ms, run.idle.p99Ms, run.idle.maxMs] },
        {
          label: `1 socket flooding (64 unanswered)`,
          values: [run.singleLag.p50Ms, run.singleLag.p99Ms, run.singleLag.maxMs],
        },
        { label: `${opts.sockets} sockets flooding`, values: [run.flood.p50Ms, run.flood.p99Ms, run.flood.maxMs] },
      ],
      ratios: {
        label: 'flooding / idle',
        values: [run.flood.p50Ms / run.idle.p50Ms, run.flood.p99Ms / run.idle.p99Ms, run.flood.maxMs / run.idle.maxMs],
      },
      notes: [
        `1 socket flooding / idle: ${[run.singleLag.p50Ms / run.idle.p50Ms, run.singleLag.p99Ms / run.idle.p99Ms, run.singleLag.maxMs / run.idle.maxMs].map((r) => `${r.toFixed(2)}x`).join(', ')}`,
        `${sum(run.floods, 'answers')} chat commands answered, ${sum(run.floods, 'accepted')} accepted (stored and fanned out to ${opts.sockets + 3} sockets), in ${(Math.max(...run.floods.map((f) => f.elapsedMs)) / 1_000).toFixed(1)} s`,
      ],
    });
    const single = (r: PumpResult) =>
      `${r.accepted} accepted of ${r.answers}; ${r.acceptedBeforeRefusal} before the first refusal` +
      (r.firstRefusalMs === null ? ' (none refused)' : ` (after ${r.firstRefusalMs.toFixed(0)} ms)`);
    return [
      {
        title: `One socket flooding spectator.chat (64 frames unanswered at a time, ${Math.min(opts.windowMs, 3_000)} ms): frames answered per second, vs a bare ws echo measured just before`,
        columns: ['answers/s', 'accepted/s'],
        rows: [
          { label: 'raw ws echo', values: [perSecond(echo), perSecond(echo)] },
          { label: 'raw ws echo (before the x1000 run)', values: [perSecond(x1000.echo), perSecond(x1000.echo)] },
          {
            label: 'spectator.chat, product budgets',
            values: [perSecond(product.single), product.single.accepted / (product.single.elapsedMs / 1_000)],
          },
          {
            label: 'spectator.chat, budgets x1000',
            values: [perSecond(x1000.single), x1000.single.accepted / (x1000.single.elapsedMs / 1_000)],
          },
        ],
        ratios: {
          label: 'product budgets / raw',
          values: [
            perSecond(product.single) / perSecond(echo),
            product.single.accepted / (product.single.elapsedMs / 1_000) / perSecond(echo),
          ],
        },
        notes: [
          `product budgets: ${single(product.single)}`,
          `budgets x1000: ${single(x1000.single)}; answers/s ${(perSecond(x1000.single) / perSecond(x1000.echo)).toFixed(4)}x its raw echo`,
        ],
      },
      lagTable('product budgets', product),
      lagTable('budgets x1000, about the state before issue 33', x1000),
    ];
  } finally {
    await Promise.all([raw?.stop(), limited?.stop(), loose?.stop()]);
  }
}
