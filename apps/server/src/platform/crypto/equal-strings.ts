import crypto from 'node:crypto';

/**
 * Whether two secrets (a CSRF token, an OAuth state) are equal, in time that does not depend on
 * where they differ; strings of different lengths are unequal at once (their lengths are not secret).
 */
export function equalStrings(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
