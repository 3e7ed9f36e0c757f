import { providerBaseUrl } from '../http/provider-url.ts';

/** The Dots settings (README "Configuration"): read by config.ts when PAYMENTS=dots. */
export interface DotsSettings {
  /** DOTS_URL without a trailing slash (https://api.dots.dev; tests: the emulator). */
  url: string;
  /** DOTS_CLIENT_ID and DOTS_API_KEY: HTTP Basic credentials of every API call. */
  clientId: string;
  apiKey: string;
  /** DOTS_WEBHOOK_SECRET: the Svix signing secret of our webhook endpoint (`whsec_...`). */
  webhookSecret: string;
  /** DOTS_APP_ID (optional): our Dots app, whose wallet balance the reconciliation compares with the ledger. */
  appId: string | null;
}

/** The provider's public API (docs.dots.dev API reference: `https://api.dots.dev/api/v2/...`). */
export const DEFAULT_DOTS_URL = 'https://api.dots.dev';

export class DotsSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DotsSettingsError';
  }
}

export function dotsSettings(input: {
  url: string;
  clientId: string | undefined;
  apiKey: string | undefined;
  webhookSecret: string | undefined;
  appId?: string | undefined;
}): DotsSettings {
  // Plain http only for a local emulator: the API key must never cross the network in clear.
  const url = providerBaseUrl(input.url, 'DOTS_URL', (m) => new DotsSettingsError(m));
  const missing = [
    ['DOTS_CLIENT_ID', input.clientId],
    ['DOTS_API_KEY', input.apiKey],
    ['DOTS_WEBHOOK_SECRET', input.webhookSecret],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) throw new DotsSettingsError(`${missing.join(', ')} required with PAYMENTS=dots`);
  if (/[:\s]/.test(input.clientId!))
    throw new DotsSettingsError('DOTS_CLIENT_ID: no colon or spaces (HTTP Basic user)');
  try {
    webhookKey(input.webhookSecret!);
  } catch (e) {
    throw new DotsSettingsError(`DOTS_WEBHOOK_SECRET: ${(e as Error).message}`);
  }
  return {
    url,
    clientId: input.clientId!,
    apiKey: input.apiKey!,
    webhookSecret: input.webhookSecret!,
    appId: input.appId ?? null,
  };
}

/**
 * The HMAC key of a Svix signing secret: the base64 after `whsec_` (Svix, "Verifying Webhooks
 * Manually"). Short keys are refused so a placeholder never guards real money.
 */
export function webhookKey(secret: string): Buffer {
  const b64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new Error('expected whsec_ followed by base64');
  const key = Buffer.from(b64, 'base64');
  if (key.length < 16) throw new Error('the key must be at least 16 bytes');
  return key;
}
