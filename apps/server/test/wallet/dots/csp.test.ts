import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import { startDotsServer } from './support.ts';

/**
 * Issue 32: with PAYMENTS=dots the deposit checkout and the withdraw flow are Dots' pages in the
 * wallet's iframe, so the pages' CSP lets them be framed (Dots' API origin and its two domains),
 * and nothing else is loosened.
 */
describe.each(DB_KINDS)('the CSP frames the Dots pages with PAYMENTS=dots (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, emu, stop } = await startDotsServer(kind));
  });
  afterAll(() => stop?.());

  it("frame-src: self, Dots' API origin and its domains; script-src untouched", async () => {
    const csp = (await fetch(`${server.baseUrl}/wallet`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('frame-src')).toBe(`frame-src 'self' ${emu.url} https://*.dots.dev https://*.senddotssandbox.com`);
    expect(directive('script-src')).toBe("script-src 'self'");
  });
});
