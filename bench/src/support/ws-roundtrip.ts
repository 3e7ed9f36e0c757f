import WebSocket from 'ws';

export interface RoundTripTarget {
  url: string;
  origin?: string;
  cookie?: string;
  /** Per-message timeout: a lost reply fails the run instead of hanging it. */
  timeoutMs?: number;
}

export interface RoundTripClient {
  /** `count` sequential round trips, in microseconds. */
  measure(count: number): Promise<number[]>;
  close(): void;
}

/**
 * The one client loop used against every target: send `{t:'ping', id}`, wait for the frame
 * answering that id, repeat (sequential, one message in flight). Both an echo and a pong carry
 * the id, so the same check serves both.
 */
export async function openRoundTripClient(target: RoundTripTarget): Promise<RoundTripClient> {
  const headers: Record<string, string> = {};
  if (target.cookie) headers.cookie = target.cookie;
  const ws = new WebSocket(target.url, { headers, origin: target.origin, perMessageDeflate: false });
  let onReply: ((id: number) => void) | null = null;
  let failed: Error | null = null;
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString('utf8')) as { t?: string; id?: number };
    if ((msg.t === 'pong' || msg.t === 'ping') && typeof msg.id === 'number') onReply?.(msg.id);
  });
  ws.on('error', (err) => (failed = err));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });

  const timeoutMs = target.timeoutMs ?? 5_000;
  let nextId = 0;
  const once = (id: number) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(failed ?? new Error(`no reply to ${id} in ${timeoutMs} ms`)), timeoutMs);
      const start = process.hrtime.bigint();
      onReply = (got) => {
        if (got !== id) return;
        clearTimeout(timer);
        resolve(Number(process.hrtime.bigint() - start) / 1_000);
      };
      ws.send(JSON.stringify({ t: 'ping', id }));
    });

  return {
    async measure(count) {
      const durations: number[] = [];
      for (let i = 0; i < count; i++) durations.push(await once(nextId++));
      return durations;
    },
    close: () => ws.terminate(),
  };
}
