import crypto from 'node:crypto';

/**
 * The sandbox provider's webhook signature, in the usual shape of payment providers:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp inside the
 * signed text bounds replays of a captured request to the tolerance window; our idempotency keys
 * make a replay inside the window change nothing.
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const mac = (secret: string, t: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signPayload(secret: string, body: string, at: Date): string {
  const t = String(Math.floor(at.getTime() / 1000));
  return `t=${t},v1=${mac(secret, t, body)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'mismatch' | 'stale';

export function checkSignature(secret: string, body: string, header: string | undefined, now: Date): SignatureCheck {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  // Constant time, so the comparison leaks nothing about how close a forgery came.
  if (!crypto.timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'mismatch';
  if (Math.abs(now.getTime() - Number(t) * 1000) > SIGNATURE_TOLERANCE_MS) return 'stale';
  return 'ok';
}
