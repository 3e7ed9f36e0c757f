import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';

const DOTS = {
  PAYMENTS: 'dots',
  DOTS_URL: 'http://127.0.0.1:9',
  DOTS_CLIENT_ID: 'client',
  DOTS_API_KEY: 'key',
  DOTS_WEBHOOK_SECRET: `whsec_${Buffer.from('a shared Svix test secret, 32 b!').toString('base64')}`,
};

describe('TAX_INFO_KEY (issue 16)', () => {
  it('is read as 32 bytes of hex or base64', () => {
    const key = crypto.randomBytes(32);
    expect(parseConfig({ TAX_INFO_KEY: key.toString('hex') }).taxInfoKey).toEqual(key);
    expect(parseConfig({ TAX_INFO_KEY: key.toString('base64') }).taxInfoKey).toEqual(key);
  });

  it('refuses a key that is not 32 bytes, naming the setting', () => {
    expect(() => parseConfig({ TAX_INFO_KEY: 'hunter2' })).toThrow(/TAX_INFO_KEY must be 32 bytes/);
    expect(() => parseConfig({ TAX_INFO_KEY: crypto.randomBytes(16).toString('hex') })).toThrow(/TAX_INFO_KEY/);
  });

  it('is required with real payments, optional in sandbox mode', () => {
    expect(() => parseConfig(DOTS)).toThrow(/TAX_INFO_KEY is required with PAYMENTS=dots/);
    expect(parseConfig({ ...DOTS, TAX_INFO_KEY: crypto.randomBytes(32).toString('base64') }).taxInfoKey).toHaveLength(
      32,
    );
    expect(parseConfig({}).taxInfoKey).toBeNull();
  });
});
