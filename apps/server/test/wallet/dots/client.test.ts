import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOTS_TIMEOUT_MS,
  DotsHttp,
  DotsRefused,
  DotsUnavailable,
} from '../../../src/modules/wallet/payments/dots/http.ts';
import { centsFromWire, centsToWire, DotsAmountError } from '../../../src/modules/wallet/payments/dots/money.ts';
import { svixSign, svixVerify } from '../../../src/modules/wallet/payments/dots/svix.ts';
import { idempotencyKey } from '../../../src/modules/wallet/payments/dots/answers.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { svixSignForEmulator, type DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import { API_KEY, CLIENT_ID, startEmulator, WEBHOOK_SECRET } from './support.ts';

describe('Dots amounts: integer cents only, both ways', () => {
  it('reads integer numbers and digit strings exactly, refuses everything else', () => {
    expect(centsFromWire(0)).toBe(0n);
    expect(centsFromWire(2000)).toBe(2000n);
    expect(centsFromWire('123456789012345678')).toBe(123456789012345678n);
    expect(centsFromWire(Number.MAX_SAFE_INTEGER)).toBe(9007199254740991n);
    for (const bad of [
      20.5,
      0.1 + 0.2,
      -1,
      Number.MAX_SAFE_INTEGER + 1,
      NaN,
      Infinity,
      '20.50',
      '1e3',
      '-5',
      '007',
      ' 5',
      '',
      null,
      undefined,
      {},
      true,
    ]) {
      expect(() => centsFromWire(bad), JSON.stringify(bad) ?? 'undefined').toThrow(DotsAmountError);
    }
  });

  it('writes bigint cents as JSON numbers only when JSON carries them exactly', () => {
    expect(centsToWire(1999n)).toBe(1999);
    expect(centsToWire(9007199254740991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => centsToWire(9007199254740992n)).toThrow(DotsAmountError);
    expect(() => centsToWire(-1n)).toThrow(DotsAmountError);
  });
});

describe('Svix webhook signatures (Dots webhooks)', () => {
  const body = '{"event":"transfer.updated","transfer_id":"t1"}';
  const now = new Date('2026-11-26T12:00:00Z');

  it('accepts what an independent signer (the emulator) signed, over the exact bytes', () => {
    const h = svixSignForEmulator(WEBHOOK_SECRET, 'msg_1', now, body);
    expect(svixVerify(WEBHOOK_SECRET, body, h, now)).toEqual({ ok: true, id: 'msg_1' });
    // Our signer and the emulator's agree byte for byte.
    expect(svixSign(WEBHOOK_SECRET, 'msg_1', now, body)['svix-signature']).toBe(h['svix-signature']);
    // A rotation sends several signatures: one good one is enough.
    const rotated = { ...h, 'svix-signature': `v1,${Buffer.alloc(32).toString('base64')} ${h['svix-signature']}` };
    expect(svixVerify(WEBHOOK_SECRET, body, rotated, now).ok).toBe(true);
    // The white-labelled header prefix.
    const wl = {
      'webhook-id': h['svix-id'],
      'webhook-timestamp': h['svix-timestamp'],
      'webhook-signature': h['svix-signature'],
    };
    expect(svixVerify(WEBHOOK_SECRET, body, wl, now).ok).toBe(true);
  });

  it('refuses a changed body, id or timestamp, another secret, a missing header, and old or future events', () => {
    const h = svixSignForEmulator(WEBHOOK_SECRET, 'msg_1', now, body);
    const reason = (b: string, headers: Record<string, string | undefined>, at = now) => {
      const r = svixVerify(WEBHOOK_SECRET, b, headers, at);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason(body.replace('t1', 't2'), h)).toBe('mismatch');
    expect(reason(`${body} `, h)).toBe('mismatch');
    expect(reason(body, { ...h, 'svix-id': 'msg_2' })).toBe('mismatch');
    expect(reason(body, { ...h, 'svix-timestamp': String(Number(h['svix-timestamp']) + 1) })).toBe('mismatch');
    const other = `whsec_${Buffer.from('another secret of thirty-two by!').toString('base64')}`;
    expect(reason(body, svixSignForEmulator(other, 'msg_1', now, body))).toBe('mismatch');
    expect(reason(body, { ...h, 'svix-signature': undefined })).toBe('missing');
    expect(reason(body, { ...h, 'svix-timestamp': 'yesterday' })).toBe('malformed');
    expect(reason(body, { ...h, 'svix-signature': 'v2,abc' })).toBe('mismatch');
    // Signed correctly, but 6 minutes old (or early): a captured delivery replayed later is refused.
    expect(reason(body, h, new Date(now.getTime() + 6 * 60_000))).toBe('stale');
    expect(reason(body, h, new Date(now.getTime() - 6 * 60_000))).toBe('stale');
    expect(reason(body, h, new Date(now.getTime() + 4 * 60_000))).toBe('ok');
  });
});

describe('Dots idempotency keys', () => {
  it('derives one UUID idempotency key per reference', () => {
    const k = idempotencyKey('payout', 'abc');
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKey('payout', 'abc')).toBe(k);
    expect(idempotencyKey('payout', 'abd')).not.toBe(k);
    expect(idempotencyKey('checkout', 'abc')).not.toBe(k);
  });
});

describe('the Dots HTTP client against the emulator', () => {
  let emu: DotsEmulator;
  beforeAll(async () => {
    emu = await startEmulator();
  });
  afterAll(() => emu?.close());
  const client = (over: Partial<ConstructorParameters<typeof DotsHttp>[0]> = {}) =>
    new DotsHttp({
      baseUrl: emu.url,
      clientId: CLIENT_ID,
      apiKey: API_KEY,
      // Roomy: a loaded CI machine may take a while to answer the first request; the timeout
      // tests hang the emulator, so the wait is theirs to set.
      timeoutMs: 3_000,
      backoffMs: () => 5,
      ...over,
    });
  const user = { email: 'a@x.test', country_code: '1', phone_number: '5550001111', first_name: 'A', last_name: 'B' };

  it('authenticates with HTTP Basic client id:API key; wrong credentials are refused', async () => {
    const res = await client().post(DOTS_PATHS.createUser, user);
    expect(res.status).toBe(200);
    expect(emu.log.at(-1)).toMatchObject({ path: '/api/v2/users', authorized: true });
    const err = await client({ apiKey: 'wrong' })
      .get(DOTS_PATHS.user('x'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DotsRefused);
    expect((err as DotsRefused).status).toBe(401);
    expect((err as DotsRefused).message).toBe('Unauthorized');
  });

  it('retries a GET after 500s, but never a POST without an idempotency key', async () => {
    const created = (await client().post(DOTS_PATHS.createUser, user)).body as { id: string };
    const path = DOTS_PATHS.user(created.id);
    emu.faults.fail(2, path);
    const before = emu.count(path);
    expect((await client().get(path)).status).toBe(200);
    expect(emu.count(path) - before).toBe(3);

    const sends = emu.count(DOTS_PATHS.sendToken(created.id));
    emu.faults.fail(1, DOTS_PATHS.sendToken(created.id));
    await expect(client().post(DOTS_PATHS.sendToken(created.id), {})).rejects.toBeInstanceOf(DotsUnavailable);
    expect(emu.count(DOTS_PATHS.sendToken(created.id)) - sends).toBe(1);
    expect(emu.user(created.id)!.smsCount).toBe(0); // no code texted by the failed attempt, none twice
  });

  it('retries an idempotency-keyed POST on timeouts, up to its limit', async () => {
    emu.faults.hang(true, DOTS_PATHS.payouts);
    try {
      const before = emu.count(DOTS_PATHS.payouts);
      const err = await client({ retries: 2, timeoutMs: 300 })
        .post(
          DOTS_PATHS.payouts,
          { user_id: 'u', amount: 100, platform: 'default', idempotency_key: crypto.randomUUID() },
          true,
        )
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DotsUnavailable);
      expect(emu.count(DOTS_PATHS.payouts) - before).toBe(3);
    } finally {
      emu.faults.hang(false);
    }
  });

  it(`gives up on a hanging provider after SPEC 9's ${DOTS_TIMEOUT_MS / 1000} s by default`, async () => {
    emu.faults.hang(true, DOTS_PATHS.createUser);
    try {
      const started = Date.now();
      const err = await new DotsHttp({ baseUrl: emu.url, clientId: CLIENT_ID, apiKey: API_KEY })
        .post(DOTS_PATHS.createUser, user)
        .catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(err).toBeInstanceOf(DotsUnavailable);
      expect(took).toBeGreaterThanOrEqual(DOTS_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(DOTS_TIMEOUT_MS + 2_000);
    } finally {
      emu.faults.hang(false);
    }
  });
});
