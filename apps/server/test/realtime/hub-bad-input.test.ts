import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ClientMessage, CLOSE_CODES, MAX_FRAME_BYTES } from '@rush/protocol';
import { ORIGIN, startHubApp, type HubApp } from './support/hub-app.ts';
import { TestSocket } from './support/socket-client.ts';
import { samples } from '../support/samples.ts';

/** Anything escaping to the process level fails the suite: the server must absorb bad input. */
const escaped: unknown[] = [];
const onEscape = (err: unknown) => escaped.push(err);
beforeAll(() => {
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
});
afterAll(() => {
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
});

describe('hub: bad input', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
    expect(escaped).toEqual([]);
  });

  async function stillServing(app: HubApp): Promise<void> {
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    const fresh = await TestSocket.connect(app.url, { origin: ORIGIN });
    await fresh.ping();
    fresh.close();
  }

  it('drops and counts garbage JSON, wrong shapes and binary frames; the socket survives', async () => {
    h = await startHubApp();
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    const garbage = [
      'not json',
      '{"t":',
      '',
      'null',
      '42',
      '[]',
      '"ping"',
      '{}',
      '{"t":"ping"}',
      '{"t":"ping","id":-1}',
      '{"t":"ping","id":1.5}',
      '{"t":"sub","topic":"Bad Topic"}',
      '{"t":"sub","topic":"room:1","since":-3}',
      '{"t":"presence","state":"away"}',
      '{"t":"cmd","id":1,"name":""}',
      '{"t":"nope"}',
      '{"__proto__":{"t":"ping","id":1}}',
      '['.repeat(5_000) + ']'.repeat(5_000),
    ];
    for (const g of garbage) s.sendRaw(g);
    s.sendRaw(Buffer.from([0, 1, 2, 255]), true);
    s.sendRaw(Buffer.from('{"t":"ping","id":5}'), true); // valid JSON, but binary: refused
    await s.ping(77);
    const errs = s.messages.filter((m) => m.t === 'err');
    expect(errs).toHaveLength(garbage.length + 2);
    expect(errs.every((e) => e.t === 'err' && e.code === 'BAD_MESSAGE')).toBe(true);
    expect(s.messages.filter((m) => m.t === 'pong')).toEqual([{ t: 'pong', id: 77 }]);
    expect(h.hub.stats().badMessages).toBe(garbage.length + 2);
    s.close();
    await stillServing(h);
  });

  it('a frame over MAX_FRAME_BYTES is refused by the socket layer (1009), counted, and the server stays up', async () => {
    h = await startHubApp();
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    s.sendRaw(JSON.stringify({ t: 'cmd', id: 1, name: 'x', payload: 'y'.repeat(MAX_FRAME_BYTES) }));
    expect((await s.closed).code).toBe(CLOSE_CODES.tooBig);
    expect(h.hub.stats()).toMatchObject({ badMessages: 1, oversizedFrames: 1 });
    await stillServing(h);
  });

  it('a flood of oversized frames is logged at debug, never at error, and counted in oversizedFrames', async () => {
    const lines: { level: number; msg?: string }[] = [];
    h = await startHubApp({ logTo: { write: (line) => lines.push(JSON.parse(line)) } });
    const flood = 20;
    const sockets = await Promise.all(
      Array.from({ length: flood }, () => TestSocket.connect(h!.url, { origin: ORIGIN })),
    );
    for (const s of sockets) s.sendRaw('y'.repeat(MAX_FRAME_BYTES + 1));
    const closes = await Promise.all(sockets.map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual(Array(flood).fill(CLOSE_CODES.tooBig));
    expect(h.hub.stats()).toMatchObject({ oversizedFrames: flood, badMessages: flood });
    await stillServing(h);
    // pino levels: 20 debug, 30 info, 40 warn, 50 error, 60 fatal.
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.filter((l) => l.level === 20 && l.msg === 'realtime socket error')).toHaveLength(flood);
    // Other bad frames are not oversized.
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    s.sendRaw(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false);
    await s.closed;
    expect(h.hub.stats()).toMatchObject({ oversizedFrames: flood, badMessages: flood + 1 });
  });

  it('a text frame that is not UTF-8 closes that socket (1007) and nothing else', async () => {
    h = await startHubApp();
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    s.sendRaw(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false);
    expect((await s.closed).code).toBe(1007);
    expect(h.hub.stats().badMessages).toBe(1);
    await stillServing(h);
  });

  it('closes a socket after more than 50 bad messages in a minute', async () => {
    h = await startHubApp();
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    for (let i = 0; i < 50; i++) s.sendRaw('bad');
    await s.ping(); // 50 is still tolerated
    s.sendRaw('one too many');
    expect((await s.closed).code).toBe(CLOSE_CODES.tooManyBadMessages);
    await stillServing(h);
  });

  it('the bad-message window slides: the count restarts after a minute', async () => {
    let now = 0;
    h = await startHubApp({ hub: { limits: { now: () => now } } });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    for (let i = 0; i < 50; i++) s.sendRaw('bad');
    await s.ping();
    now += 61_000;
    for (let i = 0; i < 50; i++) s.sendRaw('bad');
    await s.ping();
    expect(s.closeCode).toBeNull();
    s.close();
  });

  it('1000 random frames (fast-check) are each handled or dropped-and-counted; the socket and server survive', async () => {
    h = await startHubApp({ hub: { limits: { maxBadMessages: 1_000_000, maxQueued: 1_000_000 } } });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    const nearMiss = fc
      .record(
        {
          t: fc.constantFrom('sub', 'unsub', 'ping', 'presence', 'cmd', 'ev', 'hello', 'pong'),
          id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
          topic: fc.oneof(fc.string(), fc.stringMatching(/^[a-z]{1,6}(:[a-z0-9]{1,6})?$/)),
          since: fc.oneof(fc.nat(), fc.integer(), fc.constant(null)),
          state: fc.constantFrom('online', 'idle', 'away', 1),
          name: fc.string({ maxLength: 80 }),
          payload: fc.jsonValue({ maxDepth: 3 }),
        },
        { requiredKeys: ['t'] },
      )
      .map((o) => ({ text: JSON.stringify(o) }));
    const frame: fc.Arbitrary<{ text: string } | { binary: Uint8Array }> = fc.oneof(
      fc.string({ maxLength: 300 }).map((text) => ({ text })),
      fc.string({ unit: 'grapheme', maxLength: 100 }).map((text) => ({ text })),
      fc.json({ maxDepth: 4 }).map((text) => ({ text })),
      nearMiss,
      fc.uint8Array({ maxLength: 300 }).map((binary) => ({ binary })),
    );
    const seed = Date.now();
    const frames = fc.sample(frame, { numRuns: samples(1000), seed });

    // What the server must count as bad: binary, non-JSON, off-schema, and commands it does not know.
    let expectedBad = 0;
    for (const f of frames) {
      if ('binary' in f) {
        expectedBad++;
        s.sendRaw(Buffer.from(f.binary), true);
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(f.text);
      } catch {
        expectedBad++;
        s.sendRaw(f.text);
        continue;
      }
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success || parsed.data.t === 'cmd') expectedBad++;
      s.sendRaw(f.text);
    }
    await s.ping(424242);
    // Queued work (subs, unknown commands) finishes after the ping; wait for its answers too.
    await s.subscribe('probe:end');
    expect(s.closeCode, `seed ${seed}`).toBeNull();
    expect(h.hub.stats().badMessages, `seed ${seed}`).toBe(expectedBad);
    s.close();
    await stillServing(h);
  });
});
