import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { TokenCipher } from '../../src/modules/lichess/index.ts';
import { LichessSettingsError } from '../../src/platform/config/lichess.ts';

const KEY = crypto.randomBytes(32).toString('base64');
const BULK = 'lip_operatorBulkToken1';

describe('Lichess settings', () => {
  it('the built-in platform by default, no Lichess settings needed', () => {
    const c = parseConfig({});
    expect(c.chessPlatform).toBe('builtin');
    expect(c.lichess).toBeNull();
    expect(parseConfig({ CHESS_PLATFORM: '' }).chessPlatform).toBe('builtin');
  });

  it('reads the Lichess settings with their defaults', () => {
    const c = parseConfig({
      CHESS_PLATFORM: 'lichess',
      LICHESS_TOKEN_KEY: KEY,
      LICHESS_BULK_TOKEN: BULK,
      APP_URL: 'https://chess.example/',
      PAYMENTS: 'off',
    });
    expect(c.chessPlatform).toBe('lichess');
    expect(c.lichess).toMatchObject({
      url: 'https://lichess.org',
      clientId: 'chess.example',
      redirectUri: 'https://chess.example/callbacklichess',
      bulkToken: BULK,
    });
    expect(new TokenCipher(c.lichess!.tokenKey).decrypt(new TokenCipher(KEY).encrypt('lio_x'))).toBe('lio_x');
    const d = parseConfig({
      CHESS_PLATFORM: 'lichess',
      LICHESS_TOKEN_KEY: crypto.randomBytes(32).toString('hex'),
      LICHESS_BULK_TOKEN: BULK,
      LICHESS_URL: 'http://127.0.0.1:4015/',
      LICHESS_CLIENT_ID: 'rushchess.test',
    });
    expect(d.lichess).toMatchObject({ url: 'http://127.0.0.1:4015', clientId: 'rushchess.test' });
  });

  it('refuses a missing or weak key, an unknown platform, plain http off loopback', () => {
    expect(() => parseConfig({ CHESS_PLATFORM: 'lichess' })).toThrow(LichessSettingsError);
    expect(() => parseConfig({ CHESS_PLATFORM: 'lichess', LICHESS_TOKEN_KEY: 'hunter2' })).toThrow(
      LichessSettingsError,
    );
    expect(() => parseConfig({ CHESS_PLATFORM: 'chesscom' })).toThrow();
    expect(() =>
      parseConfig({
        CHESS_PLATFORM: 'lichess',
        LICHESS_TOKEN_KEY: KEY,
        LICHESS_BULK_TOKEN: BULK,
        LICHESS_URL: 'http://lichess.example',
      }),
    ).toThrow(LichessSettingsError);
    expect(() =>
      parseConfig({
        CHESS_PLATFORM: 'lichess',
        LICHESS_TOKEN_KEY: KEY,
        LICHESS_BULK_TOKEN: BULK,
        LICHESS_URL: 'not a url',
      }),
    ).toThrow();
    expect(() =>
      parseConfig({
        CHESS_PLATFORM: 'lichess',
        LICHESS_TOKEN_KEY: KEY,
        LICHESS_BULK_TOKEN: BULK,
        LICHESS_CLIENT_ID: 'a b',
      }),
    ).toThrow(LichessSettingsError);
    // Bulk pairing needs the operator's token: start is refused without it, or with garbage.
    expect(() => parseConfig({ CHESS_PLATFORM: 'lichess', LICHESS_TOKEN_KEY: KEY })).toThrow(
      /LICHESS_BULK_TOKEN is required/,
    );
    expect(() =>
      parseConfig({ CHESS_PLATFORM: 'lichess', LICHESS_TOKEN_KEY: KEY, LICHESS_BULK_TOKEN: 'a token' }),
    ).toThrow(LichessSettingsError);
    // The Lichess settings are ignored on the built-in platform.
    expect(parseConfig({ LICHESS_TOKEN_KEY: 'hunter2' }).lichess).toBeNull();
  });
});
