import crypto from 'node:crypto';

/**
 * Lichess access tokens at rest: AES-256-GCM with a key from configuration (LICHESS_TOKEN_KEY,
 * 32 bytes as 64 hex characters or base64). The stored text is versioned:
 *
 *   v1.{kid}.{iv}.{tag}.{ciphertext}     (each part base64url; iv 12 bytes, tag 16 bytes)
 *
 * `kid` names the key (the first 8 bytes of SHA-256 of it, never the key), so a ciphertext made
 * with another key is told apart from a tampered one, and a later key rotation can keep old
 * keys by kid. An optional context (the RushChess user id) is bound as additional
 * authenticated data: a ciphertext copied to another user's row does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenKeyError';
  }
}

export class TokenDecryptError extends Error {
  constructor(readonly reason: 'format' | 'version' | 'wrong_key' | 'tampered') {
    super(`the stored Lichess token cannot be decrypted (${reason})`);
    this.name = 'TokenDecryptError';
  }
}

/** Parses LICHESS_TOKEN_KEY: 64 hex characters, or base64/base64url of exactly 32 bytes. */
export function parseTokenKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  throw new TokenKeyError(
    'LICHESS_TOKEN_KEY must be 32 bytes: 64 hex characters or 44 base64 characters (openssl rand -base64 32)',
  );
}

export const keyIdOf = (key: Buffer): string =>
  crypto.createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');

export class TokenCipher {
  private readonly key: Buffer;
  readonly kid: string;

  constructor(key: Buffer | string) {
    this.key = typeof key === 'string' ? parseTokenKey(key) : Buffer.from(key);
    if (this.key.length !== 32) throw new TokenKeyError('an AES-256 key has 32 bytes');
    this.kid = keyIdOf(this.key);
  }

  encrypt(token: string, context = ''): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const c = crypto.createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    c.setAAD(aad(context));
    const ct = Buffer.concat([c.update(token, 'utf8'), c.final()]);
    const tag = c.getAuthTag();
    return [VERSION, this.kid, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(stored: string, context = ''): string {
    const parts = stored.split('.');
    if (parts.length !== 5) throw new TokenDecryptError('format');
    const [version, kid, ivText, tagText, ctText] = parts as [string, string, string, string, string];
    if (version !== VERSION) throw new TokenDecryptError('version');
    if (kid !== this.kid) throw new TokenDecryptError('wrong_key');
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenDecryptError('format');
    try {
      const d = crypto.createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      d.setAAD(aad(context));
      d.setAuthTag(tag);
      return Buffer.concat([d.update(Buffer.from(ctText, 'base64url')), d.final()]).toString('utf8');
    } catch {
      throw new TokenDecryptError('tampered');
    }
  }
}

const aad = (context: string) => Buffer.from(`rush.lichess-token.${VERSION}:${context}`, 'utf8');
