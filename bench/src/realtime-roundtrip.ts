import { startChild, type ChildServer } from './support/child.ts';
import { registerAndGetCookie } from './support/register.ts';
import { summarize, type LatencySummary } from './support/stats.ts';
import { openRoundTripClient, type RoundTripClient } from './support/ws-roundtrip.ts';
import type { BenchResult } from './types.ts';

export interface RealtimeRoundTripOptions {
  samples: number;
  warmup: number;
  /** Samples are taken in this many alternating blocks (raw, hub, raw, hub...). */
  rounds?: number;
}

/**
 * Round trip of sequential ping -> pong through the real server's hub (authenticated socket,
 * full parse path), against the same loop on a bare `ws` echo server. Both servers run in their
 * own child process; the client loop runs here; loopback only. The two targets are measured in
 * alternating blocks so that a change of machine load during the run weighs on both alike.
 */
export async function realtimeRoundTrip(opts: RealtimeRoundTripOptions): Promise<BenchResult> {
  const children: ChildServer[] = [];
  const clients: RoundTripClient[] = [];
  try {
    const rawServer = await startChild(new URL('./servers/raw-echo-server.ts', import.meta.url));
    children.push(rawServer);
    const hubServer = await startChild(new URL('./servers/hub-server.ts', import.meta.url));
    children.push(hubServer);
    const cookie = await registerAndGetCookie(hubServer.baseUrl!);

    const raw = await openRoundTripClient({ url: rawServer.url });
    clients.push(raw);
    const hub = await openRoundTripClient({ url: hubServer.url, origin: hubServer.baseUrl, cookie });
    clients.push(hub);

    await raw.measure(opts.warmup);
    await hub.measure(opts.warmup);
    const rounds = Math.max(1, Math.min(opts.rounds ?? 10, opts.samples));
    const rawDurations: number[] = [];
    const hubDurations: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Spread the samples over the rounds; the first rounds take the remainder.
      const count = Math.floor(opts.samples / rounds) + (r < opts.samples % rounds ? 1 : 0);
      rawDurations.push(...(await raw.measure(count)));
      hubDurations.push(...(await hub.measure(count)));
    }

    const rawStats = summarize(rawDurations);
    const hubStats = summarize(hubDurations);
    const ratio = (k: keyof LatencySummary) => hubStats[k] / rawStats[k];
    return {
      title:
        `Realtime round trip: ${opts.samples} sequential ping->pong per target after ${opts.warmup} warm-up, ` +
        `in ${rounds} alternating blocks (servers in child processes, loopback)`,
      columns: ['p50 (µs)', 'p99 (µs)', 'mean (µs)'],
      rows: [
        { label: 'raw ws echo', values: [rawStats.p50, rawStats.p99, rawStats.mean] },
        { label: 'hub ping/pong (real server)', values: [hubStats.p50, hubStats.p99, hubStats.mean] },
      ],
      ratios: { label: 'hub / raw', values: [ratio('p50'), ratio('p99'), ratio('mean')] },
    };
  } finally {
    for (const c of clients) c.close();
    await Promise.all(children.map((c) => c.stop()));
  }
}
