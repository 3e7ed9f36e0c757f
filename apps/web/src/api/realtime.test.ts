import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLOSE_CODES, PROTOCOL_VERSION } from '@rush/protocol';
import { fakeRealtime, FakeSocket } from '../test/fakes.ts';
import { CommandError } from './realtime.ts';

const hello = { t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true };

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

function connected() {
  const rt = fakeRealtime(vi.fn());
  rt.client.start();
  const socket = rt.sockets[0]!;
  socket.open();
  socket.receive(hello);
  return { ...rt, socket };
}

describe('RealtimeClient', () => {
  test('subscribes after hello and delivers each version once', () => {
    const { client, socket } = connected();
    const events: number[] = [];
    client.subscribe('user:u1', { onEvent: (e) => events.push(e.v) });
    expect(socket.sent).toContainEqual({ t: 'sub', topic: 'user:u1' });
    socket.receive({ t: 'subscribed', topic: 'user:u1', v: 3 });
    socket.receive({ t: 'ev', topic: 'user:u1', v: 4, type: 'profile.changed', data: {} });
    socket.receive({ t: 'ev', topic: 'user:u1', v: 4, type: 'profile.changed', data: {} });
    socket.receive({ t: 'ev', topic: 'user:u1', v: 5, type: 'profile.changed', data: {} });
    expect(events).toEqual([4, 5]);
  });

  test('reconnects with backoff and re-subscribes with since = last version', () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    client.subscribe('presence', {});
    socket.receive({ t: 'ev', topic: 'presence', v: 8, type: 'presence.count', data: { online: 1 } });
    socket.drop(1006);
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(20_000);
    const next = sockets[1]!;
    expect(next).toBeTruthy();
    next.open();
    next.receive(hello);
    expect(next.sent).toContainEqual({ t: 'sub', topic: 'presence', since: 8 });
    expect(client.getStatus()).toBe('open');
  });

  test('a fresh subscription going live asks its listeners to reload once', () => {
    const { client, socket } = connected();
    const onResync = vi.fn();
    client.subscribe('presence', { onResync });
    socket.receive({ t: 'subscribed', topic: 'presence', v: 3 });
    expect(onResync).toHaveBeenCalledWith(undefined);
    socket.receive({ t: 'subscribed', topic: 'presence', v: 3 });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  test('resync hands the snapshot to the topic and moves the version', () => {
    const { client, socket } = connected();
    const onResync = vi.fn();
    client.subscribe('presence', { onResync });
    socket.receive({ t: 'resync', topic: 'presence', v: 20, snapshot: { online: 4 } });
    expect(onResync).toHaveBeenCalledWith({ online: 4 });
    expect(client.versionOf('presence')).toBe(20);
  });

  test('close code 4002 (session replaced) reloads the page', () => {
    const reload = vi.fn();
    const rt = fakeRealtime(reload);
    rt.client.start();
    rt.sockets[0]!.open();
    rt.sockets[0]!.drop(CLOSE_CODES.sessionReplaced);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('another protocol version reloads once', () => {
    const reload = vi.fn();
    const rt = fakeRealtime(reload);
    rt.client.start();
    rt.sockets[0]!.open();
    rt.sockets[0]!.receive({ ...hello, protocol: PROTOCOL_VERSION + 1 });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('pings keep the socket alive; a missing pong reconnects', () => {
    vi.useFakeTimers();
    const { client, socket } = connected();
    vi.advanceTimersByTime(25_000);
    expect(socket.sent).toContainEqual({ t: 'ping', id: 1 });
    socket.receive({ t: 'pong', id: 1 });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent).toContainEqual({ t: 'ping', id: 2 });
    vi.advanceTimersByTime(10_000);
    expect(socket.closedWith).not.toBeNull();
    expect(client.getStatus()).toBe('reconnecting');
  });

  test('logout close code tells listeners and reconnects as a visitor', () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    const onLoggedOut = vi.fn();
    client.onLoggedOut(onLoggedOut);
    socket.drop(CLOSE_CODES.loggedOut);
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
  });

  test('an account closed or banned (4005) makes the page ask who it is, then reconnects', () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    const onLoggedOut = vi.fn();
    client.onLoggedOut(onLoggedOut);
    socket.drop(CLOSE_CODES.accountRestricted);
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
  });

  test('too many windows (4009): no reconnect of its own, status elsewhere, until resume()', () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    client.subscribe('user:u1', {});
    socket.receive({ t: 'subscribed', topic: 'user:u1', v: 2 });
    socket.drop(CLOSE_CODES.tooManySockets);
    expect(client.getStatus()).toBe('elsewhere');
    // Reconnecting would close one of the user's other windows, which would do the same.
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    client.resume();
    expect(sockets).toHaveLength(2);
    expect(client.getStatus()).toBe('connecting');
    sockets[1]!.open();
    sockets[1]!.receive(hello);
    expect(sockets[1]!.sent).toContainEqual({ t: 'sub', topic: 'user:u1', since: 2 });
    expect(client.getStatus()).toBe('open');
    // resume() does nothing on a live connection.
    client.resume();
    expect(sockets).toHaveLength(2);
  });

  test('a subscription refused for rate is sent again after the wait, as the topic then stands', () => {
    vi.useFakeTimers();
    const { client, socket } = connected();
    client.subscribe('presence', {});
    const stop = client.subscribe('app', {});
    const refused = (topic: string) => ({
      t: 'err',
      code: 'RATE_LIMITED',
      message: 'Too many requests, try again in 3 s',
      topic,
      retryAfter: 3,
    });
    socket.receive(refused('presence'));
    socket.receive(refused('app'));
    stop(); // dropped meanwhile: its unsub goes now, and again after the wait
    const sent = socket.sent.length;
    vi.advanceTimersByTime(2_999);
    expect(socket.sent).toHaveLength(sent);
    vi.advanceTimersByTime(1);
    expect(socket.sent.slice(sent)).toEqual([
      { t: 'sub', topic: 'presence' },
      { t: 'unsub', topic: 'app' },
    ]);
  });

  test('a refusal for rate carries the wait', async () => {
    const { client, socket } = connected();
    const chat = client.command('spectator.chat', { gameId: 'g1', text: 'hi' });
    const error = {
      code: 'RATE_LIMITED',
      message: 'You are sending messages too fast, try again in 4 s',
      retryAfter: 4,
    };
    socket.receive({ t: 'ack', id: 1, ok: false, error });
    await expect(chat).rejects.toMatchObject({ code: 'RATE_LIMITED', message: error.message, retryAfterSeconds: 4 });
  });

  test('presence is sent when connected and re-sent as idle after a reconnect', () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    client.sendPresence('idle');
    expect(socket.sent).toContainEqual({ t: 'presence', state: 'idle' });
    socket.drop(1006);
    vi.advanceTimersByTime(20_000);
    sockets[1]!.open();
    sockets[1]!.receive(hello);
    expect(sockets[1]!.sent).toContainEqual({ t: 'presence', state: 'idle' });
  });

  test('a command resolves with the result of its ack and rejects with the server text', async () => {
    const { client, socket } = connected();
    const ok = client.command('game.move', { gameId: 'g1', ply: 0, uci: 'e2e4' });
    const bad = client.command('game.chat', { gameId: 'g1', text: 'hi' });
    expect(socket.sent).toContainEqual({
      t: 'cmd',
      id: 1,
      name: 'game.move',
      payload: { gameId: 'g1', ply: 0, uci: 'e2e4' },
    });
    socket.receive({ t: 'ack', id: 1, ok: true, result: { applied: true } });
    socket.receive({ t: 'ack', id: 2, ok: false, error: { code: 'CONFLICT', message: 'Missing data' } });
    await expect(ok).resolves.toEqual({ applied: true });
    await expect(bad).rejects.toMatchObject({ code: 'CONFLICT', message: 'Missing data' });
    await expect(bad).rejects.toBeInstanceOf(CommandError);
  });

  test('a command waits for the connection and times out without an answer', async () => {
    vi.useFakeTimers();
    const rt = fakeRealtime(vi.fn());
    rt.client.start();
    const pending = rt.client.command('game.move', { ply: 3 }, { timeoutMs: 5_000 });
    const socket = rt.sockets[0]!;
    socket.open();
    expect(socket.sent).toEqual([]);
    socket.receive(hello);
    expect(socket.sent).toContainEqual({ t: 'cmd', id: 1, name: 'game.move', payload: { ply: 3 } });
    vi.advanceTimersByTime(5_000);
    await expect(pending).rejects.toMatchObject({ code: 'TIMEOUT' });
    socket.receive({ t: 'ack', id: 1, ok: true });
  });

  test('a resend-safe command goes again after a reconnect; others are rejected', async () => {
    vi.useFakeTimers();
    const { client, socket, sockets } = connected();
    const move = client.command('game.move', { ply: 4 }, { resendSafe: true, timeoutMs: 60_000 });
    const chat = client.command('game.chat', { text: 'gg' });
    socket.drop(1006);
    await expect(chat).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    vi.advanceTimersByTime(20_000);
    const next = sockets[1]!;
    next.open();
    next.receive(hello);
    expect(next.sent).toContainEqual({ t: 'cmd', id: 1, name: 'game.move', payload: { ply: 4 } });
    expect(next.sent.filter((m) => (m as { t: string }).t === 'cmd')).toHaveLength(1);
    next.receive({ t: 'ack', id: 1, ok: true });
    await expect(move).resolves.toBeUndefined();
  });

  test('stop rejects the commands still waiting', async () => {
    const { client } = connected();
    const pending = client.command('game.move', { ply: 1 }, { resendSafe: true });
    client.stop();
    await expect(pending).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  test('opens its socket only once the protocol schemas have loaded, and not after a stop', async () => {
    // A fresh copy of the client and of the loader: nothing loaded yet (the test setup loads them).
    vi.resetModules();
    const { RealtimeClient } = await import('./realtime.ts');
    const loader = await import('./schemaLoader.ts');
    expect(loader.schemasLoaded()).toBe(false);
    const sockets: FakeSocket[] = [];
    const createSocket = () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    };
    const client = new RealtimeClient({ url: 'ws://test/ws', createSocket });
    client.start();
    expect(client.getStatus()).toBe('connecting');
    expect(sockets).toHaveLength(0);
    await loader.loadSchemas();
    expect(sockets).toHaveLength(1);
    client.stop();

    vi.resetModules();
    const again = await import('./realtime.ts');
    const fresh = await import('./schemaLoader.ts');
    const stopped = new again.RealtimeClient({ url: 'ws://test/ws', createSocket });
    stopped.start();
    stopped.stop();
    await fresh.loadSchemas();
    expect(sockets).toHaveLength(1);
  });
});
