import { providerBaseUrl } from '../http/provider-url.ts';

/**
 * The identity settings (README "Configuration"), read by config.ts: which adapter answers the
 * identity port, the provider's API when it is the provider, and the key of the
 * one-person-one-account hash.
 */
export const IDENTITY_MODES = ['builtin', 'provider'] as const;
export type IdentityMode = (typeof IDENTITY_MODES)[number];

export interface IdentitySettings {
  mode: IdentityMode;
  /** IDENTITY=provider only: the API base without a trailing slash, and its bearer key. */
  provider: { url: string; apiKey: string } | null;
  /**
   * IDENTITY_HASH_KEY: the HMAC-SHA256 key (32 bytes) of the identity hash; null: a random key made
   * at the first start and kept in the database (wallet_settings), shared by every instance.
   */
  hashKey: Buffer | null;
}

export class IdentitySettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentitySettingsError';
  }
}

/** 32 bytes as 64 hex characters or base64 (as LICHESS_TOKEN_KEY: `openssl rand -base64 32`). */
export function parseHashKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  throw new IdentitySettingsError(
    'IDENTITY_HASH_KEY must be 32 bytes: 64 hex characters or 44 base64 characters (openssl rand -base64 32)',
  );
}

export function identitySettings(input: {
  mode: IdentityMode;
  url: string | undefined;
  apiKey: string | undefined;
  hashKey: string | undefined;
}): IdentitySettings {
  const hashKey = input.hashKey ? parseHashKey(input.hashKey) : null;
  if (input.mode === 'builtin') return { mode: 'builtin', provider: null, hashKey };
  if (!input.url || !input.apiKey)
    throw new IdentitySettingsError('IDENTITY_URL and IDENTITY_API_KEY are required with IDENTITY=provider');
  // Plain http only for a local emulator: the key must never cross the network in clear.
  const url = providerBaseUrl(input.url, 'IDENTITY_URL', (m) => new IdentitySettingsError(m));
  return { mode: 'provider', provider: { url, apiKey: input.apiKey }, hashKey };
}
