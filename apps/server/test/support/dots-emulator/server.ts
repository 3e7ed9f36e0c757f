import http from 'node:http';
import { readBody } from '../read-body.ts';
import { answer } from './answers.ts';
import { payerPage } from './payer-page.ts';
import { publishedCall } from './published-api.ts';
import { route } from './router.ts';
import type { DotsState } from './state.ts';
import type { DotsRequestLogEntry } from './types.ts';

/**
 * The Dots emulator's HTTP server: the payer's page first; then every API request is logged
 * (for the conformance test), meets the faults (slow, hang, fail), the credentials check (HTTP
 * Basic of client id and API key, 401 otherwise) and the published request shape of its call
 * (published-api.ts: a body Dots does not publish answers 400), before router.ts answers it.
 */
export function createServer(st: DotsState): http.Server {
  return http.createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', st.url);
      const method = req.method ?? 'GET';
      if (await payerPage(st, method, u.pathname, res)) return;
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return answer(st, res, 400, { message: 'Invalid JSON' });
      }
      const authorized = req.headers.authorization === st.expectedAuth;
      const entry: DotsRequestLogEntry = {
        method,
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        status: 0,
        body,
        authorized,
      };
      st.log.push(entry);
      st.entries.set(res, entry);
      const { fault } = st;
      const on = (p: string | undefined) => p === undefined || p === u.pathname;
      if (fault.slowMs > 0 && on(fault.slowPath)) await new Promise((r) => setTimeout(r, fault.slowMs));
      if (fault.hang && on(fault.hangPath)) {
        st.hung.add(res);
        return;
      }
      if (fault.fail > 0 && on(fault.failPath)) {
        fault.fail--;
        return answer(st, res, 500, { message: 'Internal Server Error' });
      }
      if (!authorized) return answer(st, res, 401, { message: 'Unauthorized' });
      const call = publishedCall(method, u.pathname);
      if (!call) return answer(st, res, 404, { message: 'Not found' });
      // A body Dots does not publish (an invented field, a wrong type) is refused as Dots would.
      if (call.request && !call.request.safeParse(body).success) {
        return answer(st, res, 400, { message: `${call.name}: request does not match the published body` });
      }
      route(st, method, u.pathname, body, res, u.searchParams);
    })().catch((e: unknown) => answer(st, res, 500, { message: String(e) }));
  });
}
