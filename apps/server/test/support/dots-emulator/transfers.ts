import type http from 'node:http';
import { answer, transferJson } from './answers.ts';
import { LIST_TRANSFERS_QUERY } from './published-api.ts';
import { newTransfer, type DotsState } from './state.ts';
import type { EmulatedTransfer } from './types.ts';

/**
 * Transfers between the app and a user, and the app's own wallet (docs.dots.dev, "Transfers",
 * "Retrieve an App"):
 *   POST /api/v2/transfers, GET (list), GET .../{id}  positive: user -> app; negative: app -> user
 *   GET  /api/v2/apps/{id}                            metrics.wallet_balance (its writing a switch)
 * and the answer to a reused idempotency key (a switch: Dots says only "will be rejected").
 */

/** A reused idempotency key, answered as the switch says. */
export function reused(st: DotsState, res: http.ServerResponse, first: EmulatedTransfer, created: number): void {
  const message = { message: 'A transfer with this idempotency key already exists.' };
  if (st.switches.reusedKey === 'conflict-409') return answer(st, res, 409, message);
  if (st.switches.reusedKey === 'bad-request-400') return answer(st, res, 400, message);
  if (st.switches.reusedKey === 'unprocessable-422') return answer(st, res, 422, message);
  return answer(st, res, created, transferJson(st, first));
}

export function createTransfer(st: DotsState, body: Record<string, unknown>, res: http.ServerResponse): void {
  const u = st.users.get(String(body.user_id));
  if (!u) return answer(st, res, 404, { message: 'User not found' });
  const amount = body.amount as number;
  const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
  const first = key ? st.keys.get(key) : undefined;
  if (first) return reused(st, res, first, 200);
  // Positive: user -> app; negative: app -> user ("Negative amount transfers money from the app to the user").
  if (amount > 0 && u.wallet < amount) return answer(st, res, 400, { message: 'Insufficient funds' });
  u.wallet -= amount;
  st.appWallet.amount += amount;
  const t = newTransfer(st, {
    user_id: u.id,
    type: 'balance',
    status: 'completed',
    amount: Math.abs(amount),
    ...(body.metadata ? { metadata: body.metadata as Record<string, unknown> } : {}),
  });
  if (key) st.keys.set(key, t);
  return answer(st, res, 200, transferJson(st, t));
}

export function listTransfers(st: DotsState, q: URLSearchParams, res: http.ServerResponse): void {
  for (const k of q.keys()) if (!LIST_TRANSFERS_QUERY.has(k)) return answer(st, res, 400, { message: `unknown ${k}` });
  const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 10)));
  let list = [...st.transfers].reverse().filter((t) => !q.get('user_id') || t.user_id === q.get('user_id'));
  const after = q.get('starting_after');
  if (after) list = list.slice(list.findIndex((t) => t.id === after) + 1);
  return answer(st, res, 200, {
    has_more: list.length > limit,
    data: list.slice(0, limit).map((t) => transferJson(st, t)),
  });
}

export function getTransfer(st: DotsState, id: string, res: http.ServerResponse): void {
  const t = st.transfers.find((x) => x.id === id);
  return t ? answer(st, res, 200, transferJson(st, t)) : answer(st, res, 404, { message: 'Transfer not found' });
}

export function getApp(st: DotsState, id: string, res: http.ServerResponse): void {
  if (id !== (st.opts.appId ?? 'app')) return answer(st, res, 404);
  const cents = st.appWallet.amount;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const balance =
    st.switches.appBalance === 'cents'
      ? String(cents)
      : `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return answer(st, res, 200, {
    id: st.opts.appId ?? 'app',
    name: 'Rush',
    metrics: { wallet_balance: balance, money_out: '0', connected_users: st.users.size },
  });
}
