import { keyIdOf, parseAes256Key, SecretCipher, SecretKeyError } from '../../platform/crypto/secret-cipher.ts';

/**
 * Lichess access tokens at rest: the platform's AES-256-GCM secret cipher
 * (`platform/crypto/secret-cipher.ts`) with the key LICHESS_TOKEN_KEY and the purpose
 * `lichess-token`; the RushChess user id is the context, so a token copied to another user's row
 * does not decrypt.
 */
export { keyIdOf };

export class TokenKeyError extends SecretKeyError {
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
  try {
    return parseAes256Key(text, 'LICHESS_TOKEN_KEY');
  } catch (e) {
    throw new TokenKeyError((e as Error).message);
  }
}

export class TokenCipher extends SecretCipher {
  constructor(key: Buffer | string) {
    super(
      typeof key === 'string' ? parseTokenKey(key) : key,
      'lichess-token',
      (reason) => new TokenDecryptError(reason),
    );
  }
}
