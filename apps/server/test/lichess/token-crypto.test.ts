import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseTokenKey,
  TokenCipher,
  TokenDecryptError,
  TokenKeyError,
} from '../../src/modules/lichess/token-crypto.ts';

const keyB64 = () => crypto.randomBytes(32).toString('base64');

describe('Lichess tokens at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time and a versioned format', () => {
    const c = new TokenCipher(keyB64());
    const token = 'lio_' + 'A'.repeat(508);
    const a = c.encrypt(token, 'user-1');
    const b = c.encrypt(token, 'user-1');
    expect(a).not.toBe(b);
    expect(a.startsWith(`v1.${c.kid}.`)).toBe(true);
    expect(a.split('.')).toHaveLength(5);
    expect(a).not.toContain(token);
    expect(c.decrypt(a, 'user-1')).toBe(token);
    expect(c.decrypt(b, 'user-1')).toBe(token);
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const c = new TokenCipher(keyB64());
    const stored = c.encrypt('lio_secret', 'u');
    const parts = stored.split('.');
    const flip = (s: string) => {
      const b = Buffer.from(s, 'base64url');
      b[0] = b[0]! ^ 1;
      return b.toString('base64url');
    };
    for (const i of [2, 3, 4]) {
      const bad = [...parts];
      bad[i] = flip(bad[i]!);
      expect(() => c.decrypt(bad.join('.'), 'u')).toThrow(TokenDecryptError);
    }
    try {
      const bad = [...parts];
      bad[4] = flip(bad[4]!);
      c.decrypt(bad.join('.'), 'u');
    } catch (e) {
      expect((e as TokenDecryptError).reason).toBe('tampered');
    }
  });

  it('refuses another user context (a ciphertext copied to another row)', () => {
    const c = new TokenCipher(keyB64());
    expect(() => c.decrypt(c.encrypt('lio_x', 'user-1'), 'user-2')).toThrow(TokenDecryptError);
  });

  it('refuses a wrong key, and says so', () => {
    const stored = new TokenCipher(keyB64()).encrypt('lio_x');
    const other = new TokenCipher(keyB64());
    expect(() => other.decrypt(stored)).toThrow(expect.objectContaining({ reason: 'wrong_key' }));
    // Even with the kid forged to match, GCM refuses.
    const forged = stored.split('.');
    forged[1] = other.kid;
    expect(() => other.decrypt(forged.join('.'))).toThrow(expect.objectContaining({ reason: 'tampered' }));
  });

  it('refuses unknown versions and malformed text', () => {
    const c = new TokenCipher(keyB64());
    const stored = c.encrypt('lio_x');
    expect(() => c.decrypt(stored.replace(/^v1\./, 'v2.'))).toThrow(expect.objectContaining({ reason: 'version' }));
    expect(() => c.decrypt('lio_plaintext')).toThrow(expect.objectContaining({ reason: 'format' }));
    expect(() => c.decrypt('v1.a.b.c.d')).toThrow(TokenDecryptError);
  });

  it('parses keys as 64 hex or base64 of 32 bytes, nothing else', () => {
    const raw = crypto.randomBytes(32);
    expect(parseTokenKey(raw.toString('hex')).equals(raw)).toBe(true);
    expect(parseTokenKey(raw.toString('base64')).equals(raw)).toBe(true);
    expect(parseTokenKey(raw.toString('base64url')).equals(raw)).toBe(true);
    expect(() => parseTokenKey('secret')).toThrow(TokenKeyError);
    expect(() => parseTokenKey(crypto.randomBytes(16).toString('hex'))).toThrow(TokenKeyError);
    expect(() => parseTokenKey(crypto.randomBytes(31).toString('base64'))).toThrow(TokenKeyError);
    const hex = raw.toString('hex');
    expect(new TokenCipher(hex).decrypt(new TokenCipher(raw).encrypt('t'))).toBe('t');
  });
});
