import sharp from 'sharp';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUG_IMAGE_MAX_BYTES, SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import { SOCIAL_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { ReportsStore } from '../../src/modules/reports/reports.store.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { adminDeposit, startManualWalletServer, verifiedUser } from '../wallet/support/wallet.ts';

const MINUTE = 60_000;
const image = (format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .toFormat(format)
    .toBuffer();

interface BugForm {
  title?: string;
  platform?: string;
  description?: string;
  images?: { bytes: Uint8Array; name: string; type: string }[];
}
const valid = {
  title: 'Board froze',
  platform: 'Firefox 140 on Linux',
  description: 'The board stopped moving after move 12.',
};

function bugForm(f: BugForm): FormData {
  const form = new FormData();
  for (const key of ['title', 'platform', 'description'] as const) if (f[key] !== undefined) form.append(key, f[key]);
  for (const img of f.images ?? [])
    form.append('images', new Blob([new Uint8Array(img.bytes)], { type: img.type }), img.name);
  return form;
}

describe.each(DB_KINDS)('reports (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  beforeAll(async () => {
    ({ server, clock, admin } = await startManualWalletServer(kind));
  });
  afterAll(() => server?.stop());

  const store = () => new ReportsStore(server.ctx.db);
  const sendBug = (client: TestClient, f: BugForm) =>
    client.request('POST', SOCIAL_ROUTES.bugReport, undefined, { raw: bugForm(f) });
  const latestBug = async () => (await store().bugReports(1))[0];

  describe('player reports', () => {
    it('stores the report; the reported user cannot withdraw from 5 minutes after it, not before', async () => {
      const reporter = await registerUser(server);
      const target = await verifiedUser(server);
      expect((await adminDeposit(admin, target.uid, 1000)).status).toBe(200);
      const withdraw = () => target.client.post(WALLET_ROUTES.withdrawals, { amount: 100, region: 'us' });

      const res = await reporter.client.post(SOCIAL_ROUTES.playerReport, {
        uid: target.uid,
        text: '  engine moves  ',
        url: '/match?id=g1',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const [row] = await store().playerReportsAbout(target.uid);
      expect(row).toMatchObject({ uid: target.uid, reporter: reporter.uid, text: 'engine moves', url: '/match?id=g1' });

      clock.advance(5 * MINUTE - 1_000);
      expect((await target.client.get(WALLET_ROUTES.summary)).body.withdrawDisabledReason).toBeNull();
      clock.advance(1_000);
      const refused = await withdraw();
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'WITHDRAW_DISABLED',
        message: 'You have been reported by another player: withdrawal is temporarily disabled.',
      });
    });

    it('refuses with the domain texts, an unknown target, visitors, and more than 10 an hour', async () => {
      const reporter = await registerUser(server);
      const target = await registerUser(server);
      const report = (body: unknown) => reporter.client.post(SOCIAL_ROUTES.playerReport, body);

      const self = await report({ uid: reporter.uid, text: 'x' });
      expect(self.status).toBe(400);
      expect(self.body.error).toEqual({
        code: 'VALIDATION',
        message: SOCIAL_TEXTS.reportSelf,
        fields: { uid: SOCIAL_TEXTS.reportSelf },
      });
      const blank = await report({ uid: '   ', text: 'x' });
      expect(blank.body.error.message).toBe(SOCIAL_TEXTS.reportNoTarget);
      const long = await report({ uid: target.uid, text: 'y'.repeat(121) });
      expect(long.body.error).toMatchObject({ code: 'VALIDATION', message: SOCIAL_TEXTS.reportReasonTooLong });
      const unknown = await report({ uid: 'no-such-user', text: 'x' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe(SOCIAL_TEXTS.unknownUser);
      const anon = await new TestClient(server.baseUrl).post(SOCIAL_ROUTES.playerReport, {
        uid: target.uid,
        text: 'x',
      });
      expect(anon.status).toBe(401);
      expect(await store().playerReportsAbout(target.uid)).toEqual([]);

      for (let i = 0; i < 10; i++) expect((await report({ uid: target.uid, text: `r${i}` })).status).toBe(200);
      const eleventh = await report({ uid: target.uid, text: 'again' });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error).toEqual({ code: 'RATE_LIMITED', message: TEXTS.rateLimited });
      expect(await store().playerReportsAbout(target.uid)).toHaveLength(10);
      clock.advance(60 * MINUTE + 1);
      expect((await report({ uid: target.uid, text: 'an hour later' })).status).toBe(200);
    });

    it('hostile bodies get a 4xx, never a 500', async () => {
      const reporter = await registerUser(server);
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              uid: fc.oneof(fc.string(), fc.constant('\u0000'), fc.integer(), fc.constant(null)),
              text: fc.oneof(fc.string({ maxLength: 300 }), fc.object()),
              url: fc.string(),
            },
            { requiredKeys: [] },
          ),
          async (body) => {
            const res = await reporter.client.post(SOCIAL_ROUTES.playerReport, body);
            expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
            expect(res.status, JSON.stringify(body)).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    });
  });

  describe('bug reports', () => {
    it('stores a report with a real PNG and JPEG, anonymously too', async () => {
      const png = await image('png');
      const jpeg = await image('jpeg');
      const anon = new TestClient(server.baseUrl);
      const res = await sendBug(anon, {
        ...valid,
        images: [
          { bytes: png, name: 'a.png', type: 'image/png' },
          // The declared type and name do not matter, the bytes do.
          { bytes: jpeg, name: 'b.bin', type: 'application/octet-stream' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const stored = await latestBug();
      expect(stored).toMatchObject({ uid: null, ...valid, status: 'active' });
      expect(stored!.images.map((i) => i.mime)).toEqual(['image/png', 'image/jpeg']);
      expect(Buffer.compare(stored!.images[0]!.bytes, png)).toBe(0);

      const user = await registerUser(server);
      expect((await sendBug(user.client, { ...valid, title: 'Signed in' })).status).toBe(200);
      expect(await latestBug()).toMatchObject({ uid: user.uid, title: 'Signed in', images: [] });
    });

    it('refuses a GIF or text named .png, a fourth image, an oversized one and bad fields, with the domain texts', async () => {
      const user = await registerUser(server);
      const before = (await latestBug())?.id;
      const png = { bytes: await image('png'), name: 'a.png', type: 'image/png' };
      const expectRefused = async (f: BugForm, fields: Record<string, string>) => {
        const res = await sendBug(user.client, f);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
        expect(res.body.error.fields).toEqual(fields);
      };
      await expectRefused(
        { ...valid, images: [{ bytes: await image('gif'), name: 'x.png', type: 'image/png' }] },
        {
          images: SOCIAL_TEXTS.bugImageType,
        },
      );
      await expectRefused(
        { ...valid, images: [{ bytes: Buffer.from('hello, not an image'), name: 'x.png', type: 'image/png' }] },
        {
          images: SOCIAL_TEXTS.bugImageType,
        },
      );
      await expectRefused({ ...valid, images: [png, png, png, png] }, { images: SOCIAL_TEXTS.bugTooManyImages });
      const huge = new Uint8Array(BUG_IMAGE_MAX_BYTES + 1);
      huge.set(png.bytes);
      await expectRefused({ ...valid, images: [{ ...png, bytes: huge }] }, { images: SOCIAL_TEXTS.bugImageTooLarge });
      await expectRefused(
        { title: '', platform: 'p'.repeat(121), description: 'too short' },
        {
          title: SOCIAL_TEXTS.bugTitleRequired,
          platform: SOCIAL_TEXTS.bugPlatformTooLong,
          description: SOCIAL_TEXTS.bugDescriptionTooShort,
        },
      );
      await expectRefused(
        { ...valid, description: 'd'.repeat(601) },
        { description: SOCIAL_TEXTS.bugDescriptionTooLong },
      );
      expect((await latestBug())?.id).toBe(before);
      // Three is the most, and is fine.
      expect((await sendBug(user.client, { ...valid, images: [png, png, png] })).status).toBe(200);
    });

    it('limits each sender to 10 reports an hour', async () => {
      const anon = new TestClient(server.baseUrl);
      const user = await registerUser(server);
      for (let i = 0; i < 10; i++) expect((await sendBug(user.client, valid)).status).toBe(200);
      const res = await sendBug(user.client, valid);
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('RATE_LIMITED');
      // Another sender is not affected.
      expect((await sendBug(anon, valid)).status).toBe(200);
      clock.advance(60 * MINUTE + 1);
      expect((await sendBug(user.client, valid)).status).toBe(200);
    });

    it('hostile multipart and bodies never answer 500', async () => {
      const client = new TestClient(server.baseUrl);
      const boundary = 'XbOuNdArY';
      const part = fc.record({
        name: fc.oneof(
          fc.constantFrom('title', 'platform', 'description', 'images', '__proto__', 'constructor'),
          fc.string(),
        ),
        filename: fc.option(fc.string(), { nil: undefined }),
        type: fc.constantFrom('text/plain', 'application/json', 'image/png'),
        body: fc.oneof(
          fc.string(),
          fc.constant('{"a":'),
          fc.constant('\u0000'),
          fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
        ),
      });
      const multipart = fc.array(part, { maxLength: 8 }).map((parts) => {
        const chunks = parts.map(
          (p) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\nContent-Type: ${p.type}\r\n\r\n${p.body}\r\n`,
        );
        return { text: `${chunks.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
      });
      const other = fc.oneof(
        fc.record({
          text: fc.string(),
          type: fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'application/json',
            'text/plain',
          ),
        }),
        fc.record({ text: fc.json(), type: fc.constant('application/json') }),
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(multipart, other), async (req) => {
          const res = await client.request('POST', SOCIAL_ROUTES.bugReport, undefined, {
            raw: Buffer.from(req.text, 'latin1'),
            headers: { 'content-type': req.type },
          });
          expect(res.status, JSON.stringify(req)).not.toBe(500);
          expect(res.status, JSON.stringify(req)).toBeLessThan(500);
        }),
        { numRuns: 80 },
      );
    });
  });
});
