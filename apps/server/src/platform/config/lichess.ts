import { providerBaseUrl } from '../http/provider-url.ts';
import { parseAes256Key } from '../crypto/secret-cipher.ts';

/** The Lichess settings (README): read by config.ts when CHESS_PLATFORM=lichess. */
export interface LichessSettings {
  /** LICHESS_URL without a trailing slash (https://lichess.org; tests: the emulator). */
  url: string;
  /** LICHESS_CLIENT_ID: Lichess takes any unique id for a public PKCE client (default: APP_URL's host). */
  clientId: string;
  /** {APP_URL}/callbacklichess: where Lichess sends the user back (SPEC 2). */
  redirectUri: string;
  /** LICHESS_TOKEN_KEY decoded: the AES-256-GCM key of tokens at rest. */
  tokenKey: Buffer;
  /**
   * LICHESS_BULK_TOKEN: the operator's Lichess token with the `challenge:bulk` scope; matched
   * games are created with it through bulk pairing (POST /api/bulk-pairing).
   */
  bulkToken: string;
}

export class LichessSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LichessSettingsError';
  }
}

export function lichessSettings(input: {
  url: string;
  clientId: string | undefined;
  tokenKey: string | undefined;
  bulkToken: string | undefined;
  appUrl: string;
}): LichessSettings {
  const url = providerBaseUrl(input.url, 'LICHESS_URL', (m) => new LichessSettingsError(m));
  if (!input.tokenKey) {
    throw new LichessSettingsError(
      'LICHESS_TOKEN_KEY is required with CHESS_PLATFORM=lichess (32 bytes: openssl rand -base64 32)',
    );
  }
  let tokenKey: Buffer;
  try {
    tokenKey = parseAes256Key(input.tokenKey, 'LICHESS_TOKEN_KEY');
  } catch (e) {
    throw new LichessSettingsError((e as Error).message);
  }
  if (!input.bulkToken) {
    throw new LichessSettingsError(
      'LICHESS_BULK_TOKEN is required with CHESS_PLATFORM=lichess: a Lichess token of the operator account with the challenge:bulk scope (lichess.org/account/oauth/token/create?scopes[]=challenge:bulk)',
    );
  }
  if (!/^[A-Za-z0-9_]{1,200}$/.test(input.bulkToken)) {
    throw new LichessSettingsError('LICHESS_BULK_TOKEN: a Lichess token (letters, digits and _ only)');
  }
  const clientId = input.clientId ?? new URL(input.appUrl).host;
  if (!/^[A-Za-z0-9._:-]{1,100}$/.test(clientId)) {
    throw new LichessSettingsError('LICHESS_CLIENT_ID: letters, digits and . _ : - only');
  }
  return {
    url,
    clientId,
    redirectUri: `${input.appUrl}/callbacklichess`,
    tokenKey,
    bulkToken: input.bulkToken,
  };
}
