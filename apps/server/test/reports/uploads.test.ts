import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES, SOCIAL_ROUTES } from '@rush/protocol';
import { ReportsStore } from '../../src/modules/reports/reports.store.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { startWalletServer } from '../wallet/support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 10, b: 30 } } })
    .toFormat(format)
    .toBuffer();

/** What every response carrying uploaded bytes must say, whoever asks. */
const UPLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

describe.each(DB_KINDS)('uploads are served as inert images (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(
    () => startWalletServer(kind),
    (s) => ({ server, admin } = s),
  );

  /** A GET with the client's cookies, keeping the raw bytes (the test client parses text). */
  const fetchBytes = async (client: TestClient | null, path: string) => {
    const res = await fetch(server.baseUrl + path, {
      headers: client ? { cookie: client.cookieHeader(), origin: server.baseUrl } : {},
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const expectUploadHeaders = (headers: Headers, type: string) => {
    expect(headers.get('content-type')).toBe(type);
    for (const [name, value] of Object.entries(UPLOAD_HEADERS)) expect(headers.get(name), name).toBe(value);
  };

  it('avatars: nosniff and a sandboxing CSP, to anyone', async () => {
    const user = await registerUser(server);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'me.png');
    const uploaded = await user.client.request('POST', ACCOUNT_ROUTES.avatar, undefined, { raw: form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url: string = uploaded.body.avatarUrl;
    expect(url).toContain(ACCOUNT_ROUTES.avatarOf(user.uid));
    for (const client of [user.client, null]) {
      const res = await fetchBytes(client, url);
      expect(res.status).toBe(200);
      expectUploadHeaders(res.headers, 'image/webp');
      expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    }
  });

  it('bug report images: to admins only, re-encoded, with nosniff and a sandboxing CSP', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'Upload check',
      platform: 'Chromium',
      description: 'Two screenshots attached below.',
    }))
      form.append(key, value);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    form.append('images', new Blob([Buffer.concat([await picture('png'), html])]), 'a.png');
    form.append('images', new Blob([new Uint8Array(await picture('jpeg'))]), 'b.jpg');
    const anon = new TestClient(server.baseUrl);
    expect((await anon.request('POST', SOCIAL_ROUTES.bugReport, undefined, { raw: form })).status).toBe(200);
    const [report] = await new ReportsStore(server.ctx.db).bugReports(1);
    expect(report!.title).toBe('Upload check');

    const png = await fetchBytes(admin.client, SOCIAL_ROUTES.adminBugImage(report!.id, '0'));
    expect(png.status).toBe(200);
    expectUploadHeaders(png.headers, 'image/png');
    expect(png.bytes.includes('<html')).toBe(false);
    expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 3, height: 2 });
    const jpeg = await fetchBytes(admin.client, SOCIAL_ROUTES.adminBugImage(report!.id, '1'));
    expect(jpeg.status).toBe(200);
    expectUploadHeaders(jpeg.headers, 'image/jpeg');

    const user = await registerUser(server);
    expect((await fetchBytes(user.client, SOCIAL_ROUTES.adminBugImage(report!.id, '0'))).status).toBe(403);
    expect((await fetchBytes(null, SOCIAL_ROUTES.adminBugImage(report!.id, '0'))).status).toBe(401);
    for (const [id, position] of [
      [report!.id, '2'],
      [report!.id, '3'],
      [report!.id, 'x'],
      ['999999999', '0'],
      ['0x1', '0'],
      ['9'.repeat(30), '0'],
    ] as const) {
      expect(
        (await fetchBytes(admin.client, SOCIAL_ROUTES.adminBugImage(id, position))).status,
        `${id}/${position}`,
      ).toBe(404);
    }
  });
});
