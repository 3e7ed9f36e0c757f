import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { befriend, socialPlayer } from '../social/support.ts';

/**
 * JSON bodies are UTF-8 (RFC 8259): bytes that are not are refused at the edge instead of being
 * stored with U+FFFD in their place (a hostile-input property found `{"message":"\xFF\xC3( "}`
 * sent as a direct message with 200).
 */
describe.each(DB_KINDS)('JSON bodies at the edge (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('a body that is not valid UTF-8 is a 400 and nothing is sent; valid multi-byte text passes', async () => {
    const [a, b] = [await socialPlayer(server), await socialPlayer(server)];
    await befriend(a, b);
    const broken = Buffer.concat([
      Buffer.from('{"message":"'),
      Buffer.from([0xff, 0xc3, 0x28, 0x20]),
      Buffer.from('"}'),
    ]);
    const res = await a.http.request('POST', SOCIAL_ROUTES.conversation(b.uid), undefined, {
      raw: broken,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBeDefined();
    expect((await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages).toEqual([]);

    const ok = await a.http.post(SOCIAL_ROUTES.conversation(b.uid), { message: 'héllo ♞ 🙂' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const messages = (await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages as { content: string }[];
    expect(messages.map((m) => m.content)).toEqual(['héllo ♞ 🙂']);
  });

  it('broken JSON and prototype poisoning are still refused by the parser (400)', async () => {
    const a = await socialPlayer(server);
    for (const raw of ['{"message":', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await a.http.request('POST', SOCIAL_ROUTES.invite, undefined, {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, raw).toBe(400);
    }
  });
});
