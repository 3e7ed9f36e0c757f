import crypto from 'node:crypto';

/**
 * SPEC 4: anonymous visitors are keyed by a hash of their browser identity, so presence can
 * count them without storing who they are. Not a secret and not unique across a shared NAT
 * and browser build; good enough for a head count.
 */
export function visitorKey(ip: string, userAgent: string | undefined, acceptLanguage: string | undefined): string {
  return crypto
    .createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}\n${acceptLanguage ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}
