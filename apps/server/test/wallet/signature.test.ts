import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSignature, signPayload } from '../../src/modules/wallet/payments/signature.ts';

describe('sandbox webhook signature', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('accepts exactly the signed body, with the secret, within five minutes', () => {
    const body = '{"id":"evt_1"}';
    const sig = signPayload('secret', body, now);
    expect(checkSignature('secret', body, sig, now)).toBe('ok');
    expect(checkSignature('secret', body, sig, new Date(now.getTime() + 299_000))).toBe('ok');
    expect(checkSignature('secret', body, sig, new Date(now.getTime() + 301_000))).toBe('stale');
    expect(checkSignature('other', body, sig, now)).toBe('mismatch');
    expect(checkSignature('secret', `${body} `, sig, now)).toBe('mismatch');
    expect(checkSignature('secret', body, undefined, now)).toBe('missing');
    expect(checkSignature('secret', body, '', now)).toBe('missing');
    for (const bad of ['t=1', 'v1=ab', 't=x,v1=y', `t=1,v1=${'z'.repeat(64)}`]) {
      expect(checkSignature('secret', body, bad, now)).toBe('malformed');
    }
  });

  it('no other body verifies under a signature', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        expect(checkSignature('k', b, signPayload('k', a, now), now)).not.toBe('ok');
      }),
    );
  });
});
