import crypto from 'node:crypto';

/** A Dots answer that does not have the published shape: treated as the provider being unavailable. */
export class DotsBadAnswer extends Error {
  constructor(what: string) {
    super(`unexpected Dots answer: ${what}`);
    this.name = 'DotsBadAnswer';
  }
}

/** Dots wants a UUID; ours is derived from the reference, so every retry and resend carries the same one. */
export function idempotencyKey(kind: string, reference: string): string {
  const h = crypto.createHash('sha256').update(`${kind}:${reference}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** SPEC 2: the provider's page opens in the 480 px modal with `iframe=true`. */
export function inIframe(link: string): string {
  const url = new URL(link);
  url.searchParams.set('iframe', 'true');
  return url.toString();
}

/** `body` in its published shape, or DotsBadAnswer (treated as the provider being unavailable). */
export function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
  what: string,
): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new DotsBadAnswer(what);
  return r.data;
}
