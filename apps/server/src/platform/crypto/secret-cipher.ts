import crypto from 'node:crypto';

/**
 * Secrets at rest (Lichess tokens, tax details): AES-256-GCM with a key from configuration
 * (32 bytes as 64 hex characters or base64). The stored text is versioned:
 *
 *   v1.{kid}.{iv}.{tag}.{ciphertext}     (each part base64url; iv 12 bytes, tag 16 bytes)
 *
 * `kid` names the key (the first 8 bytes of SHA-256 of it, never the key), so a ciphertext made
 * with another key is told apart from a tampered one, and a later key rotation can keep old
 * keys by kid. The purpose (what kind of secret) and an optional context (the owning user id)
 * are bound as additional authenticated data: a ciphertext copied to another user's row, or
 * from one kind of secret to another, does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

export class SecretDecryptError extends Error {
  constructor(
    readonly reason: 'format' | 'version' | 'wrong_key' | 'tampered',
    what = 'secret',
  ) {
    super(`the stored ${what} cannot be decrypted (${reason})`);
    this.name = 'SecretDecryptError';
  }
}

/** Parses a key setting (`name` in the message): 64 hex characters, or base64/base64url of exactly 32 bytes. */
export function parseAes256Key(text: string, name: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  throw new SecretKeyError(
    `${name} must be 32 bytes: 64 hex characters or 44 base64 characters (openssl rand -base64 32)`,
  );
}

export const keyIdOf = (key: Buffer): string =>
  crypto.createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');

export class SecretCipher {
  private readonly key: Buffer;
  readonly kid: string;

  /** `purpose` names the kind of secret in the authenticated data (e.g. `lichess-token`). */
  constructor(
    key: Buffer,
    private readonly purpose: string,
    private readonly describe: (reason: SecretDecryptError['reason']) => Error = (r) => new SecretDecryptError(r),
  ) {
    this.key = Buffer.from(key);
    if (this.key.length !== 32) throw new SecretKeyError('an AES-256 key has 32 bytes');
    this.kid = keyIdOf(this.key);
  }

  encrypt(plain: string, context = ''): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const c = crypto.createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    c.setAAD(this.aad(context));
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    const tag = c.getAuthTag();
    return [VERSION, this.kid, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(stored: string, context = ''): string {
    const parts = stored.split('.');
    if (parts.length !== 5) throw this.describe('format');
    const [version, kid, ivText, tagText, ctText] = parts as [string, string, string, string, string];
    if (version !== VERSION) throw this.describe('version');
    if (kid !== this.kid) throw this.describe('wrong_key');
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw this.describe('format');
    try {
      const d = crypto.createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      d.setAAD(this.aad(context));
      d.setAuthTag(tag);
      return Buffer.concat([d.update(Buffer.from(ctText, 'base64url')), d.final()]).toString('utf8');
    } catch {
      throw this.describe('tampered');
    }
  }

  private aad(context: string): Buffer {
    return Buffer.from(`rush.${this.purpose}.${VERSION}:${context}`, 'utf8');
  }
}
