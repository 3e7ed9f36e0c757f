import type http from 'node:http';
import { answer } from './answers.ts';
import { createCheckout, createFlow, getCheckout, getIntent } from './checkouts.ts';
import { createPayout } from './payouts.ts';
import type { DotsState } from './state.ts';
import { createTransfer, getApp, getTransfer, listTransfers } from './transfers.ts';
import { createUser, getUser, sendVerificationToken, verify } from './users.ts';

/**
 * Which endpoint answers an authorized request whose body fits the published shape (server.ts
 * checks both first); the list of calls is in emulator.ts, each call's document in its file.
 */
export function route(
  st: DotsState,
  method: string,
  path: string,
  body: Record<string, unknown>,
  res: http.ServerResponse,
  q: URLSearchParams,
): void {
  let m: RegExpExecArray | null;
  const id = () => decodeURIComponent(m![1]!);
  if (method === 'POST' && path === '/api/v2/users') return createUser(st, body, res);
  if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/send-verification-token$/.exec(path)))
    return sendVerificationToken(st, id(), body, res);
  if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/verify$/.exec(path))) return verify(st, id(), body, res);
  if (method === 'GET' && (m = /^\/api\/v2\/users\/([^/]+)$/.exec(path))) return getUser(st, id(), res);
  if (method === 'POST' && path === '/api/v2/checkout-sessions') return createCheckout(st, body, res);
  if (method === 'GET' && (m = /^\/api\/v2\/checkout-sessions\/([^/]+)$/.exec(path))) return getCheckout(st, id(), res);
  if (method === 'GET' && (m = /^\/api\/v2\/payment-intents\/([^/]+)$/.exec(path))) return getIntent(st, id(), res);
  if (method === 'POST' && path === '/api/v2/flows') return createFlow(st, body, res);
  if (method === 'POST' && path === '/api/v2/payouts') return createPayout(st, body, res);
  if (method === 'POST' && path === '/api/v2/transfers') return createTransfer(st, body, res);
  if (method === 'GET' && path === '/api/v2/transfers') return listTransfers(st, q, res);
  if (method === 'GET' && (m = /^\/api\/v2\/apps\/([^/]+)$/.exec(path))) return getApp(st, id(), res);
  if (method === 'GET' && (m = /^\/api\/v2\/transfers\/([^/]+)$/.exec(path))) return getTransfer(st, id(), res);
  return answer(st, res, 404, { message: 'Not found' });
}
