import crypto from 'node:crypto';
import { webhookKey } from '../../../../platform/config/dots.ts';

/**
 * Dots delivers its webhooks through Svix (docs.dots.dev "Webhooks": "Dots uses Svix to deliver
 * webhooks ... verify the signature and timestamp"). Svix's published scheme ("Verifying
 * Webhooks Manually", docs.svix.com): headers `svix-id`, `svix-timestamp` (unix seconds) and
 * `svix-signature` (space-separated `v1,<base64>` entries, several during a secret rotation);
 * the signature is base64 HMAC-SHA256, keyed by the base64 of the secret after `whsec_`, over
 * `${id}.${timestamp}.${raw body}`. The `webhook-` header prefix is accepted too. Kept rather
 * than the official `svix` package at run time because it takes the injected clock (the
 * package reads the real one); test/wallet/dots/svix-official.test.ts proves the two accept and
 * refuse the same deliveries, signed by the package itself.
 */
export const SVIX_TOLERANCE_MS = 5 * 60_000;

export type SvixCheck =
  { ok: true; id: string } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

const header = (headers: Readonly<Record<string, string | undefined>>, name: string) =>
  headers[`svix-${name}`] ?? headers[`webhook-${name}`];

export function svixSign(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const t = String(Math.floor(at.getTime() / 1000));
  const sig = crypto.createHmac('sha256', webhookKey(secret)).update(`${id}.${t}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': t, 'svix-signature': `v1,${sig}` };
}

export function svixVerify(
  secret: string,
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  now: Date,
): SvixCheck {
  const id = header(headers, 'id');
  const t = header(headers, 'timestamp');
  const signatures = header(headers, 'signature');
  if (!id || !t || !signatures) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(t) || id.length > 200) return { ok: false, reason: 'malformed' };
  const expected = crypto.createHmac('sha256', webhookKey(secret)).update(`${id}.${t}.${rawBody}`).digest();
  let matched = false;
  for (const entry of signatures.split(' ')) {
    const [version, b64] = entry.split(',', 2);
    if (version !== 'v1' || !b64) continue;
    const given = Buffer.from(b64, 'base64');
    // Constant time, so a forger learns nothing from how long a wrong guess took.
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) return { ok: false, reason: 'mismatch' };
  // The timestamp is inside the signed text: an old captured delivery cannot be made fresh.
  if (Math.abs(now.getTime() - Number(t) * 1000) > SVIX_TOLERANCE_MS) return { ok: false, reason: 'stale' };
  return { ok: true, id };
}
