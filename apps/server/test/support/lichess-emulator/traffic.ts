import type http from 'node:http';
import type { EmulatorState } from './state.ts';
import type { RequestLogEntry } from './types.ts';

/**
 * What every request meets before its endpoint: the request log (method, path, user, status),
 * the count of requests in flight per token (log.maxInFlightPerToken: Lichess asks for one
 * request at a time per token), and the faults `slow` and `rateLimit` (429, lichess-org/api
 * lichess-api.yaml "Rate limiting").
 */

export function logRequest(
  em: EmulatorState,
  res: http.ServerResponse,
  method: string,
  path: string,
  bearer: string | undefined,
  userId: string | null,
): void {
  const entry: RequestLogEntry = { method, path, user: userId, at: em.now(), status: 0 };
  em.log.requests.push(entry);

  // In-flight accounting per token: a stream counts until its headers are out.
  const key = bearer ?? 'anonymous';
  const n = (em.inFlight.get(key) ?? 0) + 1;
  em.inFlight.set(key, n);
  if (bearer) em.log.maxInFlightPerToken = Math.max(em.log.maxInFlightPerToken, n);
  let counted = true;
  const uncount = () => {
    if (!counted) return;
    counted = false;
    em.inFlight.set(key, (em.inFlight.get(key) ?? 1) - 1);
  };
  const origWriteHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    const r = origWriteHead(...args);
    entry.status = res.statusCode;
    uncount();
    return r;
  }) as typeof res.writeHead;
  res.on('close', uncount);
}

/** The `slow` fault: every response waits this long first. */
export async function slowDown(em: EmulatorState): Promise<void> {
  if (em.fault.slowMs > 0) await new Promise((r) => setTimeout(r, em.fault.slowMs));
}

/** The `rateLimit` fault: true (and one fewer left) when this request is to answer 429. */
export function rateLimited(em: EmulatorState, bearer: string | undefined, path: string): boolean {
  const f = em.fault;
  if (
    f.rateLimit > 0 &&
    (f.rateLimitToken === undefined || f.rateLimitToken === bearer) &&
    (f.rateLimitPath === undefined || f.rateLimitPath === path)
  ) {
    f.rateLimit -= 1;
    return true;
  }
  return false;
}
