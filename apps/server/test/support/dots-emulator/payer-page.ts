import type http from 'node:http';
import { payCheckout } from './checkouts.ts';
import type { DotsState } from './state.ts';

/**
 * The payer's side of a checkout session's hosted page (what `checkout_session_url` opens in
 * the wallet's iframe), for the browser journeys: the amount, Pay, and the webhooks that follow.
 * Not part of the API (no credentials, not logged); Dots' own page is not published.
 */
export async function payerPage(
  st: DotsState,
  method: string,
  path: string,
  res: http.ServerResponse,
): Promise<boolean> {
  const m = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
  if (!m) return false;
  const c = st.checkouts.get(decodeURIComponent(m[1]!));
  const page = (body: string) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Dots checkout</title></head><body><main>${body}</main></body></html>`,
      );
  if (!c) {
    res.writeHead(404).end();
    return true;
  }
  const dollars = `$${(c.amount / 100).toFixed(2)}`;
  if (method === 'POST' && m[2]) {
    if (c.status === 'open') await payCheckout(st, c.reference);
    page(`<h1>Dots checkout</h1><p>Payment of ${dollars} received.</p>`);
    return true;
  }
  page(
    `<h1>Dots checkout</h1><p>Pay ${dollars}</p><form method="post" action="/checkout/${c.id}/pay"><button type="submit">Pay</button></form>`,
  );
  return true;
}
