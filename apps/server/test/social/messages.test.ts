import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE, PLAY_TEXTS, SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import { MarkReadRequest, SOCIAL_ROUTES, SendMessageRequest, SocialUserEvents } from '@rush/protocol';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { describeBody, hostileBody, send, validFor } from '../support/hostile-input.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { befriend, say, socialPlayer, type Player } from './support.ts';
import { samples } from '../support/samples.ts';

describe.each(POSTGRES_TOO)('messenger (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  const players: Player[] = [];
  const player = async () => {
    const p = await socialPlayer(server);
    players.push(p);
    return p;
  };
  const friends = async () => {
    const a = await player();
    const b = await player();
    await befriend(a, b);
    return [a, b] as const;
  };
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(async () => {
    for (const p of players) p.close();
    await server?.stop();
  });

  itOnPglite('delivers messages live to both, in order, trimmed, and lists the conversation', async () => {
    const [a, b] = await friends();
    const sent: Awaited<ReturnType<typeof say>>[] = [];
    for (let i = 1; i <= 5; i++) sent.push(await say(a, b, `  hello ${i}  `));
    expect(sent.map((m) => m.content)).toEqual(['hello 1', 'hello 2', 'hello 3', 'hello 4', 'hello 5']);
    // Live to the receiver and to the sender's own topic (other tabs).
    for (const p of [a, b]) {
      const got = await p.event(SocialUserEvents.message, (d) => d.message.id === sent[4]!.id);
      expect(got.message).toMatchObject({ sender: a.uid, receiver: b.uid, content: 'hello 5', read: false });
    }
    const reply = await say(b, a, 'hi back');
    const page = await a.http.get(SOCIAL_ROUTES.conversation(b.uid));
    expect(page.status).toBe(200);
    expect(page.body.hasMore).toBe(false);
    expect(page.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'hello 1',
      'hello 2',
      'hello 3',
      'hello 4',
      'hello 5',
      'hi back',
    ]);
    const times = page.body.messages.map((m: { timeSent: string }) => Date.parse(m.timeSent));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const list = await b.http.get(SOCIAL_ROUTES.conversations);
    expect(list.status).toBe(200);
    expect(list.body.conversations).toMatchObject([
      { friend: { uid: a.uid, username: a.user.username }, last: { id: reply.id }, unread: 5 },
    ]);
    expect(list.body.unread).toBe(5);
  });

  it('orders same-instant messages by id and pages backwards with before', async () => {
    const [a, b] = await friends();
    const total = CHAT_PAGE_SIZE + 5;
    // Sent at once: many share a timeSent to the millisecond, so the id breaks the tie.
    await Promise.all(Array.from({ length: total }, (_, i) => say(i % 2 ? a : b, i % 2 ? b : a, `m${i}`)));
    const first = await b.http.get(SOCIAL_ROUTES.conversation(a.uid));
    expect(first.body.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    const older = await b.http.get(`${SOCIAL_ROUTES.conversation(a.uid)}?before=${first.body.messages[0].id}`);
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.messages).toHaveLength(5);
    const all = [...older.body.messages, ...first.body.messages];
    const key = (m: { timeSent: string; id: string }) => [Date.parse(m.timeSent), BigInt(m.id)] as const;
    for (let i = 1; i < all.length; i++) {
      const [t0, id0] = key(all[i - 1]);
      const [t1, id1] = key(all[i]);
      expect(t0 < t1 || (t0 === t1 && id0 < id1)).toBe(true);
    }
    expect(new Set(all.map((m) => m.id)).size).toBe(total);
    // A cursor from another conversation names nothing here.
    const [c, d] = await friends();
    const foreign = await say(c, d, 'elsewhere');
    expect((await b.http.get(`${SOCIAL_ROUTES.conversation(a.uid)}?before=${foreign.id}`)).status).toBe(404);
  });

  itOnPglite('marks messages read up to one and tells the sender', async () => {
    const [a, b] = await friends();
    const m1 = await say(a, b, 'one');
    const m2 = await say(a, b, 'two');
    const m3 = await say(a, b, 'three');
    const read = await b.http.post(SOCIAL_ROUTES.read(a.uid), { messageId: m2.id });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ok: true, marked: 2 });
    expect(await a.event(SocialUserEvents.read)).toEqual({ reader: b.uid, upTo: m2.id });
    const page = (await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages;
    expect(page.map((m: { id: string; read: boolean }) => [m.id, m.read])).toEqual([
      [m1.id, true],
      [m2.id, true],
      [m3.id, false],
    ]);
    expect((await b.http.get(SOCIAL_ROUTES.conversations)).body.conversations[0].unread).toBe(1);
    // Only the receiver can read a message; the sender "reading" their own is nothing.
    expect((await a.http.post(SOCIAL_ROUTES.read(b.uid), { messageId: m3.id })).status).toBe(404);
  });

  itOnPglite('relays typing to a friend only, at most once per 500 ms per socket, and stores nothing', async () => {
    const [a, b] = await friends();
    const stranger = await player();
    const ack = await a.cmd('message.typing', { to: b.uid });
    expect(ack).toMatchObject({ ok: true });
    expect(await b.event(SocialUserEvents.typing)).toEqual({ from: a.uid });
    const dropped = await a.cmd('message.typing', { to: b.uid });
    expect(dropped).toMatchObject({ ok: true, result: { dropped: true } });
    await new Promise((r) => setTimeout(r, 550));
    const refused = await a.cmd('message.typing', { to: stranger.uid });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: SOCIAL_TEXTS.notFriends } });
    expect(await stranger.got(SocialUserEvents.typing)).toBe(false);
    expect((await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages).toEqual([]);
  });

  itOnPglite('sends only between friends, within 140 characters, not empty, not to oneself', async () => {
    const [a, b] = await friends();
    const stranger = await player();
    const notFriend = await a.http.post(SOCIAL_ROUTES.conversation(stranger.uid), { message: 'hi' });
    expect(notFriend.status).toBe(403);
    expect(notFriend.body.error.message).toBe(SOCIAL_TEXTS.notFriends);
    const self = await a.http.post(SOCIAL_ROUTES.conversation(a.uid), { message: 'hi' });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(SOCIAL_TEXTS.messageSelf);
    const empty = await a.http.post(SOCIAL_ROUTES.conversation(b.uid), { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(PLAY_TEXTS.chatEmpty);
    const long = await a.http.post(SOCIAL_ROUTES.conversation(b.uid), { message: 'x'.repeat(141) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(PLAY_TEXTS.chatTooLong);
    expect((await say(a, b, ` ${'y'.repeat(140)} `)).content).toBe('y'.repeat(140));
    // After the friendship ends, no more messages.
    expect((await b.http.post(SOCIAL_ROUTES.remove(a.uid), {})).status).toBe(200);
    expect((await a.http.post(SOCIAL_ROUTES.conversation(b.uid), { message: 'still there?' })).status).toBe(403);
    expect(await stranger.got(SocialUserEvents.message)).toBe(false);
  });

  itOnPglite('rate-limits messages per user', async () => {
    const [a, b] = await friends();
    for (let i = 0; i < 30; i++) await say(a, b, `n${i}`);
    const limited = await a.http.post(SOCIAL_ROUTES.conversation(b.uid), { message: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED', message: TEXTS.rateLimited });
    // The friend is not limited by the sender's spree.
    await say(b, a, 'calm down');
  });

  itOnPglite('Delete Chat hides the conversation for one side only; new messages show again', async () => {
    const [a, b] = await friends();
    await say(a, b, 'first');
    await say(b, a, 'second');
    expect((await a.http.post(SOCIAL_ROUTES.deleteChat(b.uid), {})).status).toBe(200);
    expect((await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages).toEqual([]);
    expect((await a.http.get(SOCIAL_ROUTES.conversations)).body.conversations).toEqual([]);
    expect((await b.http.get(SOCIAL_ROUTES.conversation(a.uid))).body.messages).toHaveLength(2);
    expect((await b.http.get(SOCIAL_ROUTES.conversations)).body.conversations).toHaveLength(1);
    await say(b, a, 'third');
    expect(
      (await a.http.get(SOCIAL_ROUTES.conversation(b.uid))).body.messages.map((m: { content: string }) => m.content),
    ).toEqual(['third']);
  });

  itOnPglite('stores and returns a hostile message verbatim as a JSON string (rendering is the web’s)', async () => {
    const [a, b] = await friends();
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(document.cookie)">',
      '"}]; drop table users; --',
    ];
    for (const text of hostile) {
      expect((await say(a, b, text)).content).toBe(text);
      expect((await b.event(SocialUserEvents.message, (d) => d.message.content === text)).message.content).toBe(text);
    }
    const page = await b.http.get(SOCIAL_ROUTES.conversation(a.uid));
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body.messages.map((m: { content: string }) => m.content)).toEqual(hostile);
  });

  itOnPglite('never answers 500 to hostile bodies, ids and cursors', async () => {
    const [a, b] = await friends();
    const options = {
      value: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
      protoPayloads: ['{"__proto__":{"admin":true},"message":"x"}', '{"constructor":{"prototype":{"x":1}}}'],
      contentTypes: [null, 'text/plain', 'application/x-www-form-urlencoded'],
      controlChars: true,
    };
    const ids = fc.oneof(
      fc.constantFrom(b.uid, a.uid, '%00', '..%2F..', '9'.repeat(40), "'; select 1; --", '%E2%80%AE', 'x'.repeat(200)),
      fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('send', 'read', 'invite', 'accept', 'deleteChat'),
        ids,
        fc.oneof(
          hostileBody(options, ['message'], { message: 'hi' }),
          hostileBody(options, ['messageId'], { messageId: '1' }),
          hostileBody(options, ['username'], { username: 'x' }),
        ),
        async (route, id, body) => {
          const path = {
            send: SOCIAL_ROUTES.conversation(id),
            read: SOCIAL_ROUTES.read(id),
            invite: SOCIAL_ROUTES.invite,
            accept: SOCIAL_ROUTES.accept(id),
            deleteChat: SOCIAL_ROUTES.deleteChat(id),
          }[route];
          const res = await send(a.http, 'POST', path, body);
          expect(res.status, `${route} ${id} ${describeBody(body)}`).toBeLessThan(500);
          const valid =
            (route === 'send' && validFor(SendMessageRequest, body)) ||
            (route === 'read' && validFor(MarkReadRequest, body));
          if (!valid && route !== 'invite' && route !== 'deleteChat' && route !== 'accept') {
            expect(res.status, `${route} ${describeBody(body)}`).toBeGreaterThanOrEqual(400);
          }
        },
      ),
      { numRuns: samples(120) },
    );
    for (const to of ['a\u0000b', '', 'x'.repeat(65), 42, null]) {
      const ack = await a.cmd('message.typing', { to });
      expect(ack.ok).toBe(false);
      expect(['VALIDATION', 'FORBIDDEN']).toContain((ack as { error: { code: string } }).error.code);
      await new Promise((r) => setTimeout(r, 510));
    }
    for (const before of ['9'.repeat(19), '0', 'abc', '-1', '1e9', '%00']) {
      const res = await a.http.get(`${SOCIAL_ROUTES.conversation(b.uid)}?before=${before}`);
      expect([400, 404]).toContain(res.status);
    }
  });
});
