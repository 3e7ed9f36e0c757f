import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacebookError, FacebookGraph } from '../../src/modules/accounts/facebook-graph.ts';
import { facebookSettings } from '../../src/platform/config/facebook.ts';
import { startFacebookEmulator, type FacebookEmulator } from '../support/facebook-emulator.ts';

const REDIRECT = 'http://127.0.0.1:9/api/auth/facebook/callback';

/** The Graph client alone, against the emulator: what each misbehaviour of Facebook becomes. */
describe('Facebook Graph client', () => {
  let fb: FacebookEmulator;
  let graph: FacebookGraph;

  /** A code from the emulator's dialog, as the browser would bring it back. */
  async function code(): Promise<string> {
    const dialog = await fetch(graph.dialogUrl('s'.repeat(43)), { redirect: 'manual' });
    const back = new URL(dialog.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s'.repeat(43));
    return back.searchParams.get('code')!;
  }

  beforeAll(async () => {
    fb = await startFacebookEmulator({ appId: '777', appSecret: 'shh', slowMs: 2_000 });
    const settings = facebookSettings({
      appId: '777',
      appSecret: 'shh',
      dialogUrl: fb.url,
      graphUrl: fb.url,
      apiVersion: 'v25.0',
    })!;
    graph = new FacebookGraph(settings, REDIRECT, 300);
  });
  afterAll(() => fb?.close());

  it('reads the id and the address', async () => {
    fb.setPerson({ id: '42', name: 'Fay', email: 'fay@example.com' });
    expect(await graph.identify(await code())).toEqual({ id: '42', email: 'fay@example.com' });
  });

  it('gives a null address when Facebook shares none', async () => {
    fb.setPerson({ id: '43', name: 'Phone Only', email: null });
    expect(await graph.identify(await code())).toEqual({ id: '43', email: null });
  });

  it('a slow answer is cut at the timeout and refused', async () => {
    for (const on of ['token', 'me'] as const) {
      fb.setPerson({ id: '44', name: 'Slow', email: 'slow@example.com' });
      fb.fault('slow', on);
      const started = Date.now();
      await expect(graph.identify(await code())).rejects.toThrow(FacebookError);
      expect(Date.now() - started).toBeLessThan(1_500);
    }
    fb.fault(null);
  });

  it('500, garbage and a wrong secret are refused with the reason in the message', async () => {
    fb.setPerson({ id: '45', name: 'Fay', email: 'fay@example.com' });
    fb.fault('500', 'token');
    await expect(graph.identify(await code())).rejects.toThrow(/access_token answered 500 OAuthException 2/);
    fb.fault('garbage', 'me');
    await expect(graph.identify(await code())).rejects.toThrow(/me answered an unexpected shape/);
    fb.fault(null);
    const settings = facebookSettings({
      appId: '777',
      appSecret: 'wrong',
      dialogUrl: fb.url,
      graphUrl: fb.url,
      apiVersion: 'v25.0',
    })!;
    const wrong = new FacebookGraph(settings, REDIRECT, 300);
    await expect(wrong.identify(await code())).rejects.toThrow(
      /answered 400 OAuthException 1: Error validating client secret/,
    );
  });

  it('the secret never appears in an error message', async () => {
    fb.fault('slow', 'token');
    const err = await graph.identify(await code()).catch((e: unknown) => e as Error);
    fb.fault(null);
    expect(err).toBeInstanceOf(FacebookError);
    expect((err as Error).message).not.toContain('shh');
  });
});
