import type { FastifyBaseLogger } from 'fastify';
import type { Connection, ConnectionListener } from './types.ts';

/**
 * The connection listeners (presence and the like). A failing listener is logged and the
 * others still run: a presence write failing must not cost a user their socket.
 */
export class ListenerSet {
  private readonly listeners: ConnectionListener[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  add(listener: ConnectionListener): void {
    this.listeners.push(listener);
  }

  async connect(conn: Connection): Promise<void> {
    for (const l of this.listeners) await this.guard('onConnect', conn, () => l.onConnect?.(conn));
  }

  async disconnect(conn: Connection): Promise<void> {
    for (const l of this.listeners) await this.guard('onDisconnect', conn, () => l.onDisconnect?.(conn));
  }

  async presence(conn: Connection, state: 'online' | 'idle'): Promise<void> {
    for (const l of this.listeners) await this.guard('onPresence', conn, () => l.onPresence?.(conn, state));
  }

  private async guard(name: string, conn: Connection, call: () => Promise<void> | void): Promise<void> {
    try {
      await call();
    } catch (err) {
      this.log.error({ err, connId: conn.id, listener: name }, 'realtime listener failed');
    }
  }
}
