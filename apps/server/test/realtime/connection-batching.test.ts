import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { SocketConnection, type Transport } from '../../src/platform/realtime/connection.ts';

/** A WebSocket as SocketConnection uses it, recording what it sends into the shared log. */
function fakeSocket(log: string[]): WebSocket {
  return {
    readyState: WebSocket.OPEN,
    bufferedAmount: 0,
    send: (frame: string) => log.push(`send ${frame}`),
    once: () => undefined,
  } as unknown as WebSocket;
}

const silent = { debug: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const limits = { maxBadMessages: 50, badWindowMs: 60_000, maxQueued: 100, maxBufferedBytes: 1 << 20, now: Date.now };

function connection(log: string[], transport?: Transport): SocketConnection {
  const identity = { userId: 'u1', sessionPublicId: 's1', visitorKey: 'v' };
  return new SocketConnection(fakeSocket(log), identity, limits, silent, transport);
}

/**
 * Issue 35: the frames one turn of the event loop sends a socket leave in one write. A move's
 * event and its ack come from one database answer, several promise steps apart: both must be in
 * the transport before it is released, and nothing is held past the turn.
 */
describe('a socket batches the frames of one turn', () => {
  it('holds the transport from the first frame until the turn, microtasks included, is done', async () => {
    const log: string[] = [];
    const conn = connection(log, { cork: () => log.push('cork'), uncork: () => log.push('uncork') });
    conn.sendFrame('event');
    // The ack follows the event after a few promise steps of the same turn.
    await Promise.resolve();
    await Promise.resolve().then(() => undefined);
    conn.sendFrame('ack');
    expect(log).toEqual(['cork', 'send event', 'send ack']);
    // The next turn: released once, and the next frame starts a new batch.
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['cork', 'send event', 'send ack', 'uncork']);
    conn.sendFrame('next');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['cork', 'send event', 'send ack', 'uncork', 'cork', 'send next', 'uncork']);
  });

  it('sends at once, unbatched, without a transport (a socket the hub got without one)', () => {
    const log: string[] = [];
    connection(log).sendFrame('alone');
    expect(log).toEqual(['send alone']);
  });
});
