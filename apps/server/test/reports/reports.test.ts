import crypto from 'node:crypto';
import sharp from 'sharp';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUG_IMAGE_MAX_BYTES, SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import { SOCIAL_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { games } from '../../src/modules/play/schema.ts';
import { ReportsStore } from '../../src/modules/reports/reports.store.ts';
import { walletRestrictions } from '../../src/modules/wallet/schema.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { adminDeposit, startManualWalletServer, verifiedUser, postWithdrawal } from '../wallet/support/wallet.ts';
import { samples } from '../support/samples.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

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

describe.each(POSTGRES_TOO)('reports (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  suiteSetUp(
    () => startManualWalletServer(kind),
    (s) => ({ server, clock, admin } = s),
  );

  const store = () => new ReportsStore(server.ctx.db);
  const sendBug = (client: TestClient, f: BugForm) =>
    client.request('POST', SOCIAL_ROUTES.bugReport, undefined, { raw: bugForm(f) });
  const latestBug = async () => (await store().bugReports(1))[0];

  describe('player reports', () => {
    const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    /** A game of the play capability between two users: finished, or still being played. */
    const gameBetween = async (white: string, black: string, live = false): Promise<string> => {
      const id = crypto.randomBytes(9).toString('base64url');
      const now = clock.now();
      await server.ctx.db.insert(games).values({
        id,
        mode: 'wmgt_000001',
        whiteId: white,
        blackId: black,
        whiteRating: 1500,
        blackRating: 1500,
        whiteProvisional: true,
        blackProvisional: true,
        status: live ? 'started' : 'resign',
        winner: live ? null : 'white',
        initialFen: START,
        fen: START,
        initialMs: 180_000,
        incrementMs: 0,
        whiteMs: 180_000,
        blackMs: 180_000,
        createdAt: now,
        endedAt: live ? null : now,
      });
      return id;
    };
    const report = (from: Registered, body: Record<string, unknown>) =>
      from.client.post(SOCIAL_ROUTES.playerReport, body);
    const reason = async (user: Registered) =>
      (await user.client.get(WALLET_ROUTES.summary)).body.withdrawDisabledReason as string | null;
    const REPORTED = 'You have been reported by another player: withdrawal is temporarily disabled.';
    const dismiss = (by: Registered, uid: string) => by.client.post(SOCIAL_ROUTES.adminDismissReports(uid), {});

    itOnPglite(
      "stores a verified opponent's report with its game; one reporter alone never restricts withdrawals",
      async () => {
        const reporter = await verifiedUser(server);
        const target = await verifiedUser(server);
        const gameId = await gameBetween(target.uid, reporter.uid);
        const res = await report(reporter, { uid: target.uid, text: '  engine moves  ', gameId, url: '/match?id=g1' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({ ok: true });
        const [row] = await store().playerReportsAbout(target.uid);
        expect(row).toMatchObject({
          uid: target.uid,
          reporter: reporter.uid,
          gameId,
          text: 'engine moves',
          url: '/match?id=g1',
          archived: false,
        });
        // The same reporter again from another game is still one voice.
        const second = await gameBetween(reporter.uid, target.uid);
        expect((await report(reporter, { uid: target.uid, text: 'again', gameId: second })).status).toBe(200);
        clock.advance(60 * MINUTE);
        expect(await reason(target)).toBeNull();
      },
    );

    itOnPglite(
      'two opponents from two games restrict from 5 minutes after the second; an admin dismiss lifts it at once',
      async () => {
        const [a, b, c, target] = [
          await verifiedUser(server),
          await verifiedUser(server),
          await verifiedUser(server),
          await verifiedUser(server),
        ];
        expect((await adminDeposit(admin, target.uid, 1000)).status).toBe(200);
        const withdraw = () => postWithdrawal(server, target.client, { amount: 100, region: 'us' });
        const g1 = await gameBetween(a.uid, target.uid);
        // "Or is playing": a game still running counts.
        const g2 = await gameBetween(target.uid, b.uid, true);
        expect((await report(a, { uid: target.uid, text: '', gameId: g1 })).status).toBe(200);
        clock.advance(MINUTE);
        expect((await report(b, { uid: target.uid, text: 'too fast', gameId: g2 })).status).toBe(200);

        clock.advance(5 * MINUTE - 1_000);
        expect(await reason(target)).toBeNull();
        clock.advance(1_000);
        expect(await reason(target)).toBe(REPORTED);
        const refused = await withdraw();
        expect([refused.status, refused.body.error]).toEqual([403, { code: 'WITHDRAW_DISABLED', message: REPORTED }]);

        // Only an admin dismisses; a dismissal archives the reports and lifts the restriction now.
        expect((await dismiss(a, target.uid)).status).toBe(403);
        expect(await reason(target)).toBe(REPORTED);
        const dismissed = await dismiss(admin, target.uid);
        expect([dismissed.status, dismissed.body]).toEqual([200, { dismissed: 2 }]);
        expect(await reason(target)).toBeNull();
        expect((await withdraw()).body.error?.code).not.toBe('WITHDRAW_DISABLED');
        expect((await store().playerReportsAbout(target.uid)).map((r) => r.archived)).toEqual([true, true]);

        // Dismissed reports count no more: one new reporter alone restricts nothing...
        const g3 = await gameBetween(c.uid, target.uid);
        expect((await report(c, { uid: target.uid, text: '', gameId: g3 })).status).toBe(200);
        clock.advance(10 * MINUTE);
        expect(await reason(target)).toBeNull();
        // ...and a second one restricts again, from 5 minutes after it.
        const g4 = await gameBetween(target.uid, a.uid);
        expect((await report(a, { uid: target.uid, text: '', gameId: g4 })).status).toBe(200);
        clock.advance(5 * MINUTE);
        expect(await reason(target)).toBe(REPORTED);
        expect((await dismiss(admin, target.uid)).body).toEqual({ dismissed: 2 });
        expect(await reason(target)).toBeNull();
        // Unknown or malformed users name nobody.
        expect((await dismiss(admin, crypto.randomUUID())).status).toBe(404);
        expect((await dismiss(admin, 'not-a-uid')).status).toBe(404);
      },
    );

    itOnPglite(
      'refuses unverified accounts, strangers to the game, unknown games and a second report of a game',
      async () => {
        const reporter = await verifiedUser(server);
        const target = await verifiedUser(server);
        const unverified = await registerUser(server);
        const stranger = await verifiedUser(server);
        const game = await gameBetween(reporter.uid, target.uid);
        const otherGame = await gameBetween(reporter.uid, stranger.uid);
        const unverifiedGame = await gameBetween(unverified.uid, target.uid);

        const byUnverified = await report(unverified, { uid: target.uid, text: 'x', gameId: unverifiedGame });
        expect([byUnverified.status, byUnverified.body.error]).toEqual([
          403,
          { code: 'EMAIL_NOT_VERIFIED', message: TEXTS.onlyVerified },
        ]);
        const notOpponent = { code: 'FORBIDDEN', message: SOCIAL_TEXTS.reportNotOpponent };
        for (const [from, gameId] of [
          [stranger, game], // a spectator of the game
          [reporter, otherGame], // a game the target did not play
          [reporter, 'no-such-game'],
        ] as const) {
          const res = await report(from, { uid: target.uid, text: 'x', gameId });
          expect([res.status, res.body.error], String(gameId)).toEqual([403, notOpponent]);
        }
        // A NUL never reaches the database: the edge refuses it.
        const nul = await report(reporter, { uid: target.uid, text: 'x', gameId: 'g\u0000' });
        expect([nul.status, nul.body.error]).toEqual([400, { code: 'VALIDATION', message: TEXTS.controlCharacters }]);
        const missing = await report(reporter, { uid: target.uid, text: 'x' });
        expect([missing.status, missing.body.error.code]).toEqual([400, 'VALIDATION']);
        const blank = await report(reporter, { uid: target.uid, text: 'x', gameId: '   ' });
        expect([blank.status, blank.body.error.message]).toEqual([400, SOCIAL_TEXTS.reportGameRequired]);
        expect(await store().playerReportsAbout(target.uid)).toEqual([]);

        expect((await report(reporter, { uid: target.uid, text: 'x', gameId: game })).status).toBe(200);
        const twice = await report(reporter, { uid: target.uid, text: 'again', gameId: game });
        expect([twice.status, twice.body.error]).toEqual([
          409,
          { code: 'CONFLICT', message: SOCIAL_TEXTS.reportAlreadySent },
        ]);
        // The target may report back about the same game: it is their report, not a second one.
        expect((await report(target, { uid: reporter.uid, text: '', gameId: game })).status).toBe(200);
        expect(await store().playerReportsAbout(target.uid)).toHaveLength(1);
      },
    );

    it('racing reports: the hourly limit holds for 14 reports of 14 games sent at once', async () => {
      const reporter = await verifiedUser(server);
      const targets = await Promise.all(Array.from({ length: 14 }, () => verifiedUser(server)));
      const games = await Promise.all(targets.map((t) => gameBetween(reporter.uid, t.uid)));
      const answers = await Promise.all(
        targets.map((t, i) => report(reporter, { uid: t.uid, text: 'x', gameId: games[i]! })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
      const stored = await Promise.all(targets.map(async (t) => (await store().playerReportsAbout(t.uid)).length));
      expect(stored.reduce((a, b) => a + b, 0)).toBe(10);
    });

    it('racing reports: the same one twice is stored once; two reporters at once restrict exactly once', async () => {
      const [a, b, target] = [await verifiedUser(server), await verifiedUser(server), await verifiedUser(server)];
      const [ga, gb] = [await gameBetween(a.uid, target.uid), await gameBetween(target.uid, b.uid)];
      const same = await Promise.all([1, 2].map(() => report(a, { uid: target.uid, text: '', gameId: ga })));
      expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
      await dismiss(admin, target.uid);
      const both = await Promise.all([
        report(a, { uid: target.uid, text: '', gameId: await gameBetween(a.uid, target.uid) }),
        report(b, { uid: target.uid, text: '', gameId: gb }),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const rows = await server.ctx.db
        .select()
        .from(walletRestrictions)
        .where(and(eq(walletRestrictions.uid, target.uid), eq(walletRestrictions.kind, 'reported')));
      expect(rows).toHaveLength(1);
    });

    itOnPglite('refuses with the domain texts, an unknown target, visitors, and more than 10 an hour', async () => {
      const reporter = await verifiedUser(server);
      const target = await verifiedUser(server);
      const gameId = await gameBetween(reporter.uid, target.uid);
      const self = await report(reporter, { uid: reporter.uid, text: 'x', gameId });
      expect(self.status).toBe(400);
      expect(self.body.error).toEqual({
        code: 'VALIDATION',
        message: SOCIAL_TEXTS.reportSelf,
        fields: { uid: SOCIAL_TEXTS.reportSelf },
      });
      const blank = await report(reporter, { uid: '   ', text: 'x', gameId });
      expect(blank.body.error.message).toBe(SOCIAL_TEXTS.reportNoTarget);
      const long = await report(reporter, { uid: target.uid, text: 'y'.repeat(121), gameId });
      expect(long.body.error).toMatchObject({ code: 'VALIDATION', message: SOCIAL_TEXTS.reportReasonTooLong });
      const unknown = await report(reporter, { uid: 'no-such-user', text: 'x', gameId });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe(SOCIAL_TEXTS.unknownUser);
      const anon = await new TestClient(server.baseUrl).post(SOCIAL_ROUTES.playerReport, {
        uid: target.uid,
        text: 'x',
        gameId,
      });
      expect(anon.status).toBe(401);
      expect(await store().playerReportsAbout(target.uid)).toEqual([]);

      for (let i = 0; i < 10; i++) {
        const res = await report(reporter, {
          uid: target.uid,
          text: `r${i}`,
          gameId: await gameBetween(reporter.uid, target.uid),
        });
        expect(res.status).toBe(200);
      }
      const eleventh = await report(reporter, {
        uid: target.uid,
        text: 'again',
        gameId: await gameBetween(reporter.uid, target.uid),
      });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error).toEqual({ code: 'RATE_LIMITED', message: TEXTS.rateLimited });
      expect(await store().playerReportsAbout(target.uid)).toHaveLength(10);
      clock.advance(60 * MINUTE + 1);
      expect((await report(reporter, { uid: target.uid, text: 'an hour later', gameId })).status).toBe(200);
    });

    itOnPglite('hostile bodies get a 4xx, never a 500', async () => {
      const reporter = await verifiedUser(server);
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              uid: fc.oneof(fc.string(), fc.constant('\u0000'), fc.integer(), fc.constant(null)),
              text: fc.oneof(fc.string({ maxLength: 300 }), fc.object()),
              gameId: fc.oneof(fc.string(), fc.constant('\u0000'), fc.integer(), fc.string({ maxLength: 100 })),
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
        { numRuns: samples(40) },
      );
    });
  });

  describe('bug reports', () => {
    itOnPglite('stores a report with a real PNG and JPEG, anonymously too', async () => {
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
      // Stored re-encoded: the same picture in the same format, not the bytes as sent.
      // PGlite is enough: the stored images are decoded side by side; no database
      expect(await Promise.all(stored!.images.map(async (i) => (await sharp(i.bytes).metadata()).format))).toEqual([
        'png',
        'jpeg',
      ]);
      for (const i of stored!.images) expect(await sharp(i.bytes).metadata()).toMatchObject({ width: 2, height: 2 });

      const user = await registerUser(server);
      expect((await sendBug(user.client, { ...valid, title: 'Signed in' })).status).toBe(200);
      expect(await latestBug()).toMatchObject({ uid: user.uid, title: 'Signed in', images: [] });
    });

    itOnPglite(
      'refuses a GIF or text named .png, a fourth image, an oversized one and bad fields, with the domain texts',
      async () => {
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
      },
    );

    itOnPglite(
      'a PNG header followed by HTML is refused; an image with HTML after it is stored clean, without it',
      async () => {
        const user = await registerUser(server);
        const before = (await latestBug())?.id;
        const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
        const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const jpegSignature = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
        for (const bytes of [Buffer.concat([pngSignature, html]), Buffer.concat([jpegSignature, html])]) {
          const res = await sendBug(user.client, { ...valid, images: [{ bytes, name: 'x.png', type: 'image/png' }] });
          expect([res.status, res.body.error?.fields]).toEqual([400, { images: SOCIAL_TEXTS.bugImageType }]);
        }
        expect((await latestBug())?.id).toBe(before);

        // Valid pictures carrying a page after their end (a polyglot a browser might sniff as HTML).
        const png = Buffer.concat([await image('png'), html]);
        const jpeg = Buffer.concat([await image('jpeg'), html]);
        const res = await sendBug(user.client, {
          ...valid,
          images: [
            { bytes: png, name: 'a.png', type: 'image/png' },
            { bytes: jpeg, name: 'b.jpg', type: 'image/jpeg' },
          ],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [storedPng, storedJpeg] = (await latestBug())!.images;
        for (const stored of [storedPng!, storedJpeg!]) {
          const bytes = Buffer.from(stored.bytes);
          expect(await sharp(bytes).metadata()).toMatchObject({ width: 2, height: 2 });
          expect(bytes.includes('<html')).toBe(false);
          expect(bytes.includes('script')).toBe(false);
        }
        // Nothing after the end: a PNG's last chunk is IEND (with its CRC), a JPEG's last marker EOI.
        const IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
        expect(storedPng!.mime).toBe('image/png');
        expect([...storedPng!.bytes.subarray(-IEND.length)]).toEqual(IEND);
        expect(storedJpeg!.mime).toBe('image/jpeg');
        expect([...storedJpeg!.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
      },
    );

    itOnPglite('limits each sender to 10 reports an hour', async () => {
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

    it('parallel sends are counted before the work: at most 10 of 25 at once are stored', async () => {
      const user = await registerUser(server);
      const stored = async () => (await store().bugReports(500)).filter((r) => r.uid === user.uid).length;
      const answers = await Promise.all(Array.from({ length: 25 }, () => sendBug(user.client, valid)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect(await stored()).toBe(10);
    });

    itOnPglite('hostile multipart and bodies never answer 500', async () => {
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
        { numRuns: samples(80) },
      );
    });
  });
});
