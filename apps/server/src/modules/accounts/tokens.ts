import crypto from 'node:crypto';

/** 32 random bytes, base64url: unguessable secrets for cookies and mailed links. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Only this digest is stored, so a read of the database does not yield usable tokens. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}
