import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { TOPICS, UserEvents } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { login, OTHER_PASSWORD, PASSWORD, registerUser, Socket, uniqueName, userRow } from './support.ts';

const image = (format: 'png' | 'jpeg' | 'gif', width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

function form(bytes: Buffer, filename: string, type: string, field = 'file'): FormData {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return f;
}

describe.each(DB_KINDS)('account settings (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: UNLIMITED_FOR_TESTS });
  });
  afterAll(() => server?.stop());

  const upload = (client: TestClient, body: FormData) =>
    client.request('POST', '/api/account/avatar', undefined, { raw: body });

  it('every settings route needs a session (401 UNAUTHENTICATED)', async () => {
    const anon = new TestClient(server.baseUrl);
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', '/api/account/username', { username: 'Abc' }],
      ['PATCH', '/api/account/color', { color: 'username_color_000002' }],
      ['PATCH', '/api/account/settings', { showDollar: false }],
      ['PUT', '/api/account/recovery-email', { email: 'a@b.cd' }],
      [
        'POST',
        '/api/account/password',
        { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await anon.request(method, path, body);
      expect(res.status, path).toBe(401);
      expect(res.body.error).toEqual({ code: 'UNAUTHENTICATED', message: TEXTS.unauthenticated });
    }
    const avatar = await upload(anon, form(await image('png'), 'a.png', 'image/png'));
    expect(avatar.status).toBe(401);
  });

  it('changes the username under the change rules (no minimum), refusing taken names in any case', async () => {
    const u = await registerUser(server);
    const other = await registerUser(server, { username: uniqueName('Taken') });
    const rename = (username: string) => u.client.patch('/api/account/username', { username });

    const short = await rename('Ab');
    expect(short.status).toBe(200);
    expect(short.body.username).toBe('Ab');
    expect(short.body.uid).toBe(u.uid);

    const special = await rename('ab_c');
    expect(special.status).toBe(400);
    expect(special.body.error.fields.username).toBe('Special characters cannot be used');
    expect((await rename('9abc')).body.error.fields.username).toBe(TEXTS.usernameMustStartWithLetter);
    expect((await rename('abcdefghijk')).body.error.fields.username).toBe(TEXTS.usernameTooLong);
    expect((await rename('  ')).body.error.fields.username).toBe(TEXTS.usernameRequired);

    const taken = await rename(other.username.toLowerCase());
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      error: { code: 'VALIDATION', message: 'Username exists', fields: { username: 'Username exists' } },
    });

    // Changing only the case of one's own name is not a conflict.
    const mine = uniqueName('Mine');
    await rename(mine);
    const recased = await rename(mine.toUpperCase());
    expect(recased.status).toBe(200);
    expect(recased.body.username).toBe(mine.toUpperCase());
    // The old name is free again and the new one signs in.
    expect((await login(server, mine.toLowerCase(), PASSWORD)).res.status).toBe(200);
  });

  it('changes the colour among the five SPEC swatches only', async () => {
    const u = await registerUser(server);
    const ok = await u.client.patch('/api/account/color', { color: 'username_color_000004' });
    expect(ok.status).toBe(200);
    expect(ok.body.usernameColor).toBe('username_color_000004');
    const bad = await u.client.patch('/api/account/color', { color: 'username_color_000006' });
    expect(bad.status).toBe(400);
    expect((await u.client.get('/api/session')).body.user.usernameColor).toBe('username_color_000004');
  });

  it('merges the display flags, refusing unknown keys and non-booleans', async () => {
    const u = await registerUser(server);
    const a = await u.client.patch('/api/account/settings', { showDollar: false });
    expect(a.body.settings).toEqual({
      showDollar: false,
      showWbx: true,
      hideLichessUsername: false,
      soundMuted: false,
      realityCheckMinutes: 60,
    });
    const b = await u.client.patch('/api/account/settings', { hideLichessUsername: true, showWbx: false });
    expect(b.body.settings).toEqual({
      showDollar: false,
      showWbx: false,
      hideLichessUsername: true,
      soundMuted: false,
      realityCheckMinutes: 60,
    });
    expect((await u.client.patch('/api/account/settings', { showDollar: 'no' })).status).toBe(400);
    expect((await u.client.patch('/api/account/settings', { isAdmin: true })).status).toBe(400);
    expect((await u.client.patch('/api/account/settings', {})).body.settings).toEqual(b.body.settings);
  });

  it('the sound setting (issue 19) is remembered with the account: another sign-in reads it', async () => {
    const u = await registerUser(server);
    expect((await u.client.get('/api/session')).body.user.settings.soundMuted).toBe(false);
    const muted = await u.client.patch('/api/account/settings', { soundMuted: true });
    expect(muted.status).toBe(200);
    expect(muted.body.settings).toMatchObject({ soundMuted: true, showDollar: true, showWbx: true });
    // Another device (a sign-in there ends this one, SPEC 4 single session) reads the same flag.
    const other = await login(server, u.username, u.password);
    expect(other.res.status).toBe(200);
    expect((await other.client.get('/api/session')).body.user.settings.soundMuted).toBe(true);
    const unmuted = await other.client.patch('/api/account/settings', { soundMuted: false });
    expect(unmuted.body.settings.soundMuted).toBe(false);
    expect((await other.client.patch('/api/account/settings', { soundMuted: 'off' })).status).toBe(400);
    expect((await other.client.get('/api/session')).body.user.settings.soundMuted).toBe(false);
  });

  it('a recovery email is validated and only pending until verified (recovery-email.test.ts has the rest)', async () => {
    const u = await registerUser(server);
    const bad = await u.client.put('/api/account/recovery-email', { email: 'nope', currentPassword: PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe(TEXTS.emailInvalid);
    const ok = await u.client.put('/api/account/recovery-email', {
      email: ' backup@mail.test ',
      currentPassword: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ recoveryEmail: null, pendingRecoveryEmail: 'backup@mail.test' });
  });

  it('changes the password only with the right current one', async () => {
    const u = await registerUser(server);
    const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      u.client.post('/api/account/password', { currentPassword, newPassword, confirmPassword });
    const wrong = await change('Wrong#123', OTHER_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.currentPassword).toBe(TEXTS.currentPasswordWrong);
    const weak = await change(PASSWORD, 'weak');
    expect(weak.body.error.fields.newPassword).toBe(TEXTS.passwordTooShort);
    const mismatch = await change(PASSWORD, OTHER_PASSWORD, 'Other$457');
    expect(mismatch.body.error.fields.confirmPassword).toBe(TEXTS.confirmMismatch);
    const ok = await change(PASSWORD, OTHER_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: TEXTS.passwordChanged });
    // The session that changed it stays signed in.
    expect((await u.client.get('/api/session')).body.user.uid).toBe(u.uid);
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(401);
    expect((await login(server, u.username, OTHER_PASSWORD)).res.status).toBe(200);
  });

  it('makes current-password guessing wait after 5 wrong tries', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 5; i++) {
      const res = await u.client.post('/api/account/password', {
        currentPassword: `Wrong#${i}00`,
        newPassword: OTHER_PASSWORD,
        confirmPassword: OTHER_PASSWORD,
      });
      expect(res.status).toBe(400);
    }
    const locked = await u.client.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: TEXTS.tooManyAttemptsWait('30 seconds') });
  });

  it('publishes profile.changed with the new Me on the user topic', async () => {
    const u = await registerUser(server);
    const socket = await Socket.open(server, u.client);
    await socket.subscribe(TOPICS.user(u.uid));
    await u.client.patch('/api/account/color', { color: 'username_color_000003' });
    const ev = await socket.next((m) => m.t === 'ev' && m.type === UserEvents.profileChanged);
    expect(ev.data).toMatchObject({ uid: u.uid, usernameColor: 'username_color_000003' });
    socket.close();
  });

  it('accepts a real PNG and JPEG, re-encoded to a 256x256 WebP served with cache headers', async () => {
    const u = await registerUser(server);
    const png = await upload(u.client, form(await image('png', 640, 200), 'me.png', 'image/png'));
    expect(png.status).toBe(200);
    expect(png.body.avatarUrl).toBe(`/api/avatars/${u.uid}?v=1`);
    const served = await fetch(server.baseUrl + png.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    // The declared type does not matter, the bytes do: a JPEG sent as octet-stream is a JPEG.
    const jpeg = await upload(u.client, form(await image('jpeg', 300, 900), 'photo.bin', 'application/octet-stream'));
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.avatarUrl).toBe(`/api/avatars/${u.uid}?v=2`);
    const stale = await fetch(`${server.baseUrl}/api/avatars/${u.uid}?v=1`);
    expect(stale.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('silently ignores anything else (text named .png, GIF, corrupt PNG): 200, unchanged Me, nothing stored', async () => {
    const u = await registerUser(server);
    await upload(u.client, form(await image('png'), 'a.png', 'image/png'));
    const before = await userRow(server, u.uid);
    const pngHeaderOnly = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
    const fakes: Array<[Buffer, string, string]> = [
      [Buffer.from('I am not a picture, just text'), 'evil.png', 'image/png'],
      [await image('gif'), 'anim.gif', 'image/gif'],
      [await image('gif'), 'sneaky.png', 'image/png'],
      [pngHeaderOnly, 'broken.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'],
    ];
    for (const [bytes, name, type] of fakes) {
      const res = await upload(u.client, form(bytes, name, type));
      expect(res.status, name).toBe(200);
      expect(res.body.avatarUrl, name).toBe(`/api/avatars/${u.uid}?v=1`);
    }
    const after = await userRow(server, u.uid);
    expect(after!.avatarVersion).toBe(1);
    expect(Buffer.compare(after!.avatar!, before!.avatar!)).toBe(0);
  });

  it('refuses oversized files, non-multipart bodies and a wrong field with 4xx', async () => {
    const u = await registerUser(server);
    const big = await upload(u.client, form(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png', 'image/png'));
    expect(big.status).toBe(413);
    const json = await u.client.post('/api/account/avatar', { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    const wrongField = await upload(u.client, form(await image('png'), 'a.png', 'image/png', 'picture'));
    expect(wrongField.status).toBe(400);
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(await image('png'))]), 'a.png');
    twoFiles.append('file', new Blob([new Uint8Array(await image('png'))]), 'b.png');
    const two = await upload(u.client, twoFiles);
    expect(two.status).toBeGreaterThanOrEqual(400);
    expect(two.status).toBeLessThan(500);
    expect((await userRow(server, u.uid))!.avatarVersion).toBe(0);
  });

  it('serves 404 JSON for a user without a picture or a malformed id', async () => {
    const u = await registerUser(server);
    for (const path of [`/api/avatars/${u.uid}`, '/api/avatars/not-a-uuid', `/api/avatars/${'f'.repeat(150)}`]) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error.code).toBe('NOT_FOUND');
    }
  });
});
