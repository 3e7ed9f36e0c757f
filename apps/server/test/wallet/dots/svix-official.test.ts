import fc from 'fast-check';
import { Webhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { svixSign, svixVerify } from '../../../src/modules/wallet/payments/dots/svix.ts';
import { samples } from '../../support/samples.ts';

/**
 * Our Svix verifier against the official `svix` package (the library Dots' webhooks are signed
 * for): for every delivery the library signs, and every way of spoiling one, both accept or
 * both refuse. The library reads the real clock, so timestamps are offsets from now, kept a few
 * seconds off the 5-minute tolerance edge where the two clocks are read a moment apart.
 * HOSTILE_SAMPLES=full runs the counts written here (npm run test:deep).
 */
const secretArb = fc
  .uint8Array({ minLength: 16, maxLength: 64 })
  .map((b) => `whsec_${Buffer.from(b).toString('base64')}`);
const idArb = fc.stringMatching(/^msg_[A-Za-z0-9]{1,40}$/);
const bodyArb = fc.json();
/** Seconds from now: inside the tolerance, or clearly outside it on either side. */
const offsetArb = fc.oneof(
  fc.integer({ min: -290, max: 290 }),
  fc.tuple(fc.integer({ min: 310, max: 100_000 }), fc.boolean()).map(([s, past]) => (past ? -s : s)),
);

function library(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

const ours = (secret: string, body: string, headers: Record<string, string>) =>
  svixVerify(secret, body, headers, new Date()).ok;

describe('our Svix verifier equals the official svix package', () => {
  it('signs byte for byte as the library does', () => {
    fc.assert(
      fc.property(secretArb, idArb, bodyArb, offsetArb, (secret, id, body, offset) => {
        const at = new Date(Date.now() + offset * 1000);
        expect(svixSign(secret, id, at, body)['svix-signature']).toBe(new Webhook(secret).sign(id, at, body));
      }),
      { numRuns: samples(200) },
    );
  });

  it('accepts and refuses exactly what the library accepts and refuses', () => {
    const spoil = fc.constantFrom('none', 'body', 'id', 'timestamp', 'secret', 'signature', 'missing', 'rotation');
    fc.assert(
      fc.property(secretArb, secretArb, idArb, bodyArb, offsetArb, spoil, (secret, other, id, body, offset, how) => {
        const at = new Date(Date.now() + offset * 1000);
        const signed = new Webhook(secret).sign(id, at, body);
        const headers: Record<string, string> = {
          'svix-id': id,
          'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
          'svix-signature': signed,
        };
        let sent = body;
        if (how === 'body') sent = `${body} `;
        if (how === 'id') headers['svix-id'] = `${id}x`;
        if (how === 'timestamp') headers['svix-timestamp'] = String(Number(headers['svix-timestamp']) + 1);
        if (how === 'secret') headers['svix-signature'] = new Webhook(other).sign(id, at, body);
        if (how === 'signature') headers['svix-signature'] = `v1,${Buffer.alloc(32, 1).toString('base64')}`;
        if (how === 'missing') delete headers['svix-signature'];
        // A secret rotation: several signatures, one of them good.
        if (how === 'rotation') headers['svix-signature'] = `${new Webhook(other).sign(id, at, body)} ${signed}`;
        expect(ours(secret, sent, headers)).toBe(library(secret, sent, headers));
      }),
      { numRuns: samples(400) },
    );
  });
});
