import { TEXTS } from '@rush/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/platform/errors.ts';
import type { Connection } from '../../src/platform/realtime/types.ts';
import { eventually, ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { TestSocket } from './support/socket-client.ts';

describe('hub: commands and listeners', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  async function withCommands(): Promise<TestSocket> {
    h = await startHubApp();
    h.hub.registerCommand('math.add', {
      schema: z.object({ a: z.number(), b: z.number() }),
      handle: (conn, { a, b }) => ({ sum: a + b, by: conn.userId }),
    });
    h.hub.registerCommand('game.move', {
      schema: z.object({ ply: z.number().int() }),
      handle: async () => {
        await Promise.resolve();
        throw new AppError('CONFLICT', 'That move was already played');
      },
    });
    h.hub.registerCommand('buggy', { schema: z.unknown(), handle: () => Promise.reject(new Error('secret detail')) });
    h.hub.registerCommand('dbLost', {
      schema: z.unknown(),
      handle: () =>
        Promise.reject(
          Object.assign(new Error('Failed query'), {
            cause: Object.assign(new Error('terminating'), { code: '57P01' }),
          }),
        ),
    });
    h.hub.registerCommand('bigint', { schema: z.unknown(), handle: () => ({ n: 1n }) });
    h.hub.registerCommand('nothing', { schema: z.unknown(), handle: () => undefined });
    return TestSocket.connect(h.url, { origin: ORIGIN, cookie: sessionCookie('u1', 's1') });
  }

  const ack = (s: TestSocket, id: number) => s.next((m) => m.t === 'ack' && m.id === id);

  it('acks a command with its result', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 1, name: 'math.add', payload: { a: 2, b: 3 } });
    expect(await ack(s, 1)).toEqual({ t: 'ack', id: 1, ok: true, result: { sum: 5, by: 'u1' } });
    s.send({ t: 'cmd', id: 2, name: 'nothing', payload: null });
    expect(await ack(s, 2)).toEqual({ t: 'ack', id: 2, ok: true });
    s.close();
  });

  it('an AppError keeps its code and text', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 3, name: 'game.move', payload: { ply: 4 } });
    expect(await ack(s, 3)).toEqual({
      t: 'ack',
      id: 3,
      ok: false,
      error: { code: 'CONFLICT', message: 'That move was already played' },
    });
    s.close();
  });

  it('a payload failing the schema is VALIDATION, and the handler never runs', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 4, name: 'math.add', payload: { a: 'two' } });
    expect(await ack(s, 4)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    s.send({ t: 'cmd', id: 5, name: 'math.add', payload: null });
    expect(await ack(s, 5)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    // Without a payload key at all the frame is off-protocol: dropped, not acked.
    s.send({ t: 'cmd', id: 6, name: 'math.add' });
    expect(await s.next((m) => m.t === 'err')).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(h!.hub.stats().badMessages).toBe(1);
    s.close();
  });

  it('an unexpected error is INTERNAL with the generic text (details stay in the log)', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 6, name: 'buggy', payload: {} });
    expect(await ack(s, 6)).toEqual({
      t: 'ack',
      id: 6,
      ok: false,
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    });
    s.send({ t: 'cmd', id: 7, name: 'bigint', payload: {} });
    expect(await ack(s, 7)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    await s.ping();
    s.close();
  });

  it('a database connection lost under the command is UNAVAILABLE, to be sent again (issue 18)', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 9, name: 'dbLost', payload: {} });
    expect(await ack(s, 9)).toEqual({
      t: 'ack',
      id: 9,
      ok: false,
      error: { code: 'UNAVAILABLE', message: TEXTS.serviceBusy },
    });
    s.close();
  });

  it('an unknown command is NOT_FOUND and counts as a bad message', async () => {
    const s = await withCommands();
    s.send({ t: 'cmd', id: 8, name: 'no.such', payload: {} });
    expect(await ack(s, 8)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(h!.hub.stats().badMessages).toBe(1);
    s.close();
  });

  it('commands of one socket run one at a time, in order', async () => {
    h = await startHubApp();
    const log: string[] = [];
    h.hub.registerCommand('slow', {
      schema: z.object({ n: z.number(), ms: z.number() }),
      handle: async (_c, { n, ms }) => {
        log.push(`start ${n}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${n}`);
        return n;
      },
    });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    s.send({ t: 'cmd', id: 1, name: 'slow', payload: { n: 1, ms: 40 } });
    s.send({ t: 'cmd', id: 2, name: 'slow', payload: { n: 2, ms: 0 } });
    // ping is not queued behind the commands: it answers first.
    await s.ping(9);
    await ack(s, 2);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(s.messages.filter((m) => m.t !== 'hello').map((m) => m.t)).toEqual(['pong', 'ack', 'ack']);
    s.close();
  });

  it('calls listeners on connect, presence and disconnect; a failing listener harms nobody', async () => {
    h = await startHubApp();
    const calls: string[] = [];
    h.hub.addListener({
      onConnect: () => {
        throw new Error('listener bug');
      },
      onPresence: () => Promise.reject(new Error('async listener bug')),
    });
    h.hub.addListener({
      onConnect: async (c: Connection) => {
        await new Promise((r) => setTimeout(r, 20));
        calls.push(`connect ${c.userId ?? c.visitorKey.length}`);
      },
      onPresence: (c, state) => void calls.push(`presence ${state}`),
      onDisconnect: (c) => void calls.push(`disconnect ${c.userId ?? 'anon'}`),
    });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN, cookie: sessionCookie('u9', 's1') });
    s.send({ t: 'presence', state: 'idle' });
    s.send({ t: 'presence', state: 'online' });
    await s.ping();
    s.close();
    await eventually(() => calls.length === 4);
    // onConnect finishes before presence and disconnect run, even when it is slow.
    expect(calls).toEqual(['connect u9', 'presence idle', 'presence online', 'disconnect u9']);

    const anon = await TestSocket.connect(h.url, {
      origin: ORIGIN,
      headers: { 'user-agent': 'ua', 'accept-language': 'fr' },
    });
    anon.close();
    await eventually(() => calls.length === 6);
    expect(calls[4]).toBe('connect 32'); // visitor key: 32 hex chars
  });

  it('a shutdown waits for the disconnect listeners of a socket that closed just before it', async () => {
    h = await startHubApp();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let written = false;
    // Presence writes its rows here; the database closes right after the hub.
    h.hub.addListener({
      onDisconnect: async () => {
        await gate;
        written = true;
      },
    });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN, cookie: sessionCookie('u9', 's1') });
    s.close();
    await eventually(() => h!.hub.stats().connections === 0);
    let closed = false;
    const closing = h.hub.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(written).toBe(true);
  });
});
