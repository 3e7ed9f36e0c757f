import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_NICE, defaultEnginePoolSize, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('has the README defaults', () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.appUrl).toBe('http://127.0.0.1:3000');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.adminEmails.size).toBe(0);
    expect(c.captcha).toBeNull();
    expect(c.google).toBeNull();
    expect(c.facebook).toBeNull();
    expect(c.cookieSecure).toBe(false);
  });

  it('reads every setting', () => {
    const c = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/rush',
      DATABASE_URL: 'postgres://u@db:5432/rush',
      REDIS_URL: 'redis://r:6379',
      APP_URL: 'https://chess.example/',
      SMTP_URL: 'smtp://mail:25',
      ADMIN_EMAILS: ' A@x.com, b@y.com ,,',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      CAPTCHA_SITE_KEY: 'k',
      CAPTCHA_SECRET: 's',
      PAYMENTS: 'off',
    });
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe('https://chess.example');
    expect(c.appOrigin).toBe('https://chess.example');
    expect(c.cookieSecure).toBe(true);
    expect([...c.adminEmails]).toEqual(['a@x.com', 'b@y.com']);
    expect(c.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' });
    expect(c.captcha?.siteKey).toBe('k');
    expect(c.payments).toBe('off');
  });

  it('payments: sandbox by default; refused on an https APP_URL unless explicitly allowed', () => {
    expect(parseConfig({}).payments).toBe('sandbox');
    expect(parseConfig({ APP_URL: 'http://10.0.0.5:3000' }).payments).toBe('sandbox');
    expect(() => parseConfig({ APP_URL: 'https://chess.example' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => parseConfig({ APP_URL: 'https://chess.example', ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow();
    expect(parseConfig({ APP_URL: 'https://chess.example', ALLOW_SANDBOX_PAYMENTS: 'true' }).payments).toBe('sandbox');
    expect(parseConfig({ APP_URL: 'https://chess.example', PAYMENTS: 'off' }).payments).toBe('off');
    expect(() => parseConfig({ PAYMENTS: 'paypal' })).toThrow();
  });

  it('payments: dots needs its client id, API key and webhook secret, and an https URL', () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const dots = {
      PAYMENTS: 'dots',
      DOTS_CLIENT_ID: 'cid',
      DOTS_API_KEY: 'key',
      DOTS_WEBHOOK_SECRET: secret,
      TAX_INFO_KEY: Buffer.alloc(32, 9).toString('base64'),
    };
    const c = parseConfig(dots);
    expect(c.payments).toBe('dots');
    expect(c.dots).toEqual({
      url: 'https://api.dots.dev',
      clientId: 'cid',
      apiKey: 'key',
      webhookSecret: secret,
      appId: null,
    });
    // DOTS_APP_ID (optional): the app whose balance the reconciliation reads.
    expect(parseConfig({ ...dots, DOTS_APP_ID: 'app-1' }).dots?.appId).toBe('app-1');
    expect(parseConfig({}).dots).toBeNull();
    expect(parseConfig({ ...dots, DOTS_URL: 'http://127.0.0.1:9999/' }).dots?.url).toBe('http://127.0.0.1:9999');
    // Real dollars on an https site are what dots mode is for: no sandbox guard applies.
    expect(parseConfig({ ...dots, APP_URL: 'https://chess.example' }).payments).toBe('dots');
    for (const missing of ['DOTS_CLIENT_ID', 'DOTS_API_KEY', 'DOTS_WEBHOOK_SECRET']) {
      expect(() => parseConfig({ ...dots, [missing]: '' })).toThrow(
        new RegExp(`${missing}.*required with PAYMENTS=dots`),
      );
    }
    // Real payers' tax details need a configured key, never one the database keeps for itself.
    expect(() => parseConfig({ ...dots, TAX_INFO_KEY: '' })).toThrow(/TAX_INFO_KEY is required with PAYMENTS=dots/);
    expect(() => parseConfig({ ...dots, DOTS_URL: 'http://api.dots.dev' })).toThrow(/DOTS_URL must be https/);
    expect(() => parseConfig({ ...dots, DOTS_URL: 'api.dots.dev' })).toThrow(/DOTS_URL[\s\S]*Invalid URL/);
    expect(() => parseConfig({ ...dots, DOTS_WEBHOOK_SECRET: 'whsec_short' })).toThrow(/DOTS_WEBHOOK_SECRET/);
    expect(() => parseConfig({ ...dots, DOTS_WEBHOOK_SECRET: 'not base64!' })).toThrow(/DOTS_WEBHOOK_SECRET/);
  });

  it('identity: the provider needs its URL and key; the URL https except on loopback (the emulator)', () => {
    const provider = { IDENTITY: 'provider', IDENTITY_URL: 'https://id.example/v1/', IDENTITY_API_KEY: 'k' };
    expect(parseConfig({}).identity.provider).toBeNull();
    expect(parseConfig(provider).identity.provider).toEqual({ url: 'https://id.example/v1', apiKey: 'k' });
    expect(parseConfig({ ...provider, IDENTITY_URL: 'http://127.0.0.1:9/' }).identity.provider?.url).toBe(
      'http://127.0.0.1:9',
    );
    expect(() => parseConfig({ ...provider, IDENTITY_API_KEY: '' })).toThrow(/IDENTITY_URL and IDENTITY_API_KEY/);
    expect(() => parseConfig({ ...provider, IDENTITY_URL: 'http://id.example' })).toThrow(/IDENTITY_URL must be https/);
    expect(() => parseConfig({ ...provider, IDENTITY_URL: 'id.example' })).toThrow(/IDENTITY_URL must be a URL/);
  });

  it('treats empty values as unset and rejects nonsense', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow();
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow();
  });

  it('google sign-in stays off unless both id and secret are set', () => {
    expect(parseConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
  });

  it("facebook sign-in: off unless both app id and secret are set, then Facebook's own URLs on a current version", () => {
    expect(parseConfig({ FACEBOOK_APP_ID: '123' }).facebook).toBeNull();
    expect(parseConfig({ FACEBOOK_APP_SECRET: 's' }).facebook).toBeNull();
    expect(parseConfig({ FACEBOOK_APP_ID: '', FACEBOOK_APP_SECRET: 's' }).facebook).toBeNull();
    expect(parseConfig({ FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's' }).facebook).toEqual({
      appId: '123',
      appSecret: 's',
      dialogUrl: 'https://www.facebook.com',
      graphUrl: 'https://graph.facebook.com',
      apiVersion: 'v25.0',
    });
  });

  it('facebook sign-in: URLs https except on loopback (the emulator), a vN.N version, a numeric app id', () => {
    const on = { FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's' };
    expect(
      parseConfig({
        ...on,
        FACEBOOK_DIALOG_URL: 'http://127.0.0.1:3191/',
        FACEBOOK_GRAPH_URL: 'http://localhost:3191',
        FACEBOOK_API_VERSION: 'v21.0',
      }).facebook,
    ).toMatchObject({ dialogUrl: 'http://127.0.0.1:3191', graphUrl: 'http://localhost:3191', apiVersion: 'v21.0' });
    expect(() => parseConfig({ ...on, FACEBOOK_GRAPH_URL: 'http://graph.facebook.com' })).toThrow(
      /FACEBOOK_GRAPH_URL must be https/,
    );
    expect(() => parseConfig({ ...on, FACEBOOK_DIALOG_URL: 'http://fb.example' })).toThrow(
      /FACEBOOK_DIALOG_URL must be https/,
    );
    expect(() => parseConfig({ ...on, FACEBOOK_DIALOG_URL: 'not a url' })).toThrow(/FACEBOOK_DIALOG_URL must be a URL/);
    expect(() => parseConfig({ ...on, FACEBOOK_API_VERSION: '21.0' })).toThrow(/FACEBOOK_API_VERSION/);
    expect(() => parseConfig({ ...on, FACEBOOK_APP_ID: 'my-app' })).toThrow(/FACEBOOK_APP_ID/);
    // Off, the URLs are not looked at.
    expect(parseConfig({ FACEBOOK_GRAPH_URL: 'http://graph.facebook.com' }).facebook).toBeNull();
  });

  it('engine: the bundled build, one process per core at a lower priority, a queue of four per process', () => {
    expect(defaultEnginePoolSize(1)).toBe(1);
    expect(defaultEnginePoolSize(2)).toBe(2);
    expect(defaultEnginePoolSize(8)).toBe(8);
    const c = parseConfig({});
    expect(c.engine.nice).toBe(DEFAULT_ENGINE_NICE);
    expect(c.engine.stockfishPath).toBeUndefined();
    expect(c.engine.poolSize).toBe(defaultEnginePoolSize());
    expect(c.engine.queueMax).toBe(c.engine.poolSize * 4);
    expect(
      parseConfig({ STOCKFISH_PATH: '/usr/games/stockfish', ENGINE_POOL_SIZE: '3', ENGINE_QUEUE_MAX: '0' }).engine,
    ).toEqual({
      stockfishPath: '/usr/games/stockfish',
      poolSize: 3,
      queueMax: 0,
      nice: DEFAULT_ENGINE_NICE,
    });
    expect(parseConfig({ ENGINE_NICE: '0' }).engine.nice).toBe(0);
    expect(() => parseConfig({ ENGINE_NICE: '20' })).toThrow(/ENGINE_NICE/);
    expect(() => parseConfig({ ENGINE_POOL_SIZE: '0' })).toThrow();
  });
});
