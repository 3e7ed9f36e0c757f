import { PLAY_ROUTES, PLAY_TOPICS, REALTIME_PATH, type GameView, type ServerMessage } from '@rush/protocol';
import { register, type RegisteredUser } from '../realtime/support/accounts.ts';
import { TestSocket } from '../realtime/support/socket-client.ts';
import { parseConfig } from '../../src/config.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { buildServer, type RunningServer } from '../../src/app.ts';
import type { TestClient } from '../support/http-client.ts';
import { CapturingMailer, holdPort, UNLIMITED_FOR_TESTS } from '../support/server.ts';

export type Ack = Extract<ServerMessage, { t: 'ack' }>;
export type Ev = Extract<ServerMessage, { t: 'ev' }>;

let nextId = 1;

/** A signed-in person with a real socket: sends commands, waits for acks and events. */
export class Player {
  constructor(
    readonly user: RegisteredUser,
    readonly socket: TestSocket,
    readonly baseUrl: string,
  ) {}

  get uid() {
    return this.user.uid;
  }
  get http() {
    return this.user.client;
  }

  static async join(server: { baseUrl: string }, user?: RegisteredUser): Promise<Player> {
    const u = user ?? (await register(server));
    return new Player(u, await openSocket(server.baseUrl, u.client), server.baseUrl);
  }

  /** Messages already handed to the test by `find`, so each is returned once. */
  private readonly taken = new Set<number>();

  /**
   * The first message matching `match` that was not returned before, waiting for it. Unlike
   * TestSocket.next it does not skip what it passes over: waiting for an ack does not lose the
   * events that arrived before it.
   */
  async find<T extends ServerMessage>(match: (m: ServerMessage) => boolean, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const msgs = this.socket.messages;
      for (let i = 0; i < msgs.length; i++) {
        if (!this.taken.has(i) && match(msgs[i]!)) {
          this.taken.add(i);
          return msgs[i] as T;
        }
      }
      if (this.socket.closeCode !== null) throw new Error(`socket closed (${this.socket.closeCode}) while waiting`);
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(msgs.slice(-4))}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Sends a command and waits for its ack. */
  async cmd(name: string, payload: unknown): Promise<Ack> {
    return this.ack(this.send(name, payload));
  }

  /** Sends without waiting (races). */
  send(name: string, payload: unknown): number {
    const id = nextId++;
    this.socket.send({ t: 'cmd', id, name, payload });
    return id;
  }

  ack(id: number, timeoutMs = 5_000): Promise<Ack> {
    return this.find<Ack>((m) => m.t === 'ack' && m.id === id, timeoutMs);
  }

  async event(type: string, match: (data: any) => boolean = () => true, timeoutMs = 5_000): Promise<any> {
    const ev = await this.find<Ev>((m) => m.t === 'ev' && m.type === type && match(m.data), timeoutMs);
    return ev.data;
  }

  /** Whether such an event arrived (after a ping proved everything sent before was read). */
  async got(type: string, match: (data: any) => boolean = () => true): Promise<boolean> {
    await this.socket.ping();
    return this.socket.messages.some((m) => m.t === 'ev' && m.type === type && match(m.data));
  }

  async watch(gameId: string, topic = PLAY_TOPICS.game(gameId)): Promise<ServerMessage> {
    return this.follow(topic);
  }

  /** Subscribes and returns the `subscribed` (or `err`) answer. */
  async follow(topic: string, since?: number): Promise<ServerMessage> {
    this.socket.send(since === undefined ? { t: 'sub', topic } : { t: 'sub', topic, since });
    const r = await this.find((m) => (m.t === 'subscribed' || m.t === 'err') && m.topic === topic);
    if (r.t === 'err' && topic.startsWith('game:')) throw new Error(`cannot follow ${topic}: ${JSON.stringify(r)}`);
    return r;
  }

  async view(gameId: string): Promise<GameView> {
    const res = await this.http.get(PLAY_ROUTES.game(gameId));
    if (res.status !== 200) throw new Error(`GET game ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as GameView;
  }

  close(): void {
    this.socket.close();
  }
}

export function openSocket(baseUrl: string, client?: TestClient): Promise<TestSocket> {
  return TestSocket.connect(baseUrl.replace(/^http/, 'ws') + REALTIME_PATH, {
    origin: baseUrl,
    cookie: client?.cookieHeader(),
    contract: true,
  });
}

/** Invites and accepts over HTTP; returns the game and who plays which colour. */
export async function startGame(
  a: Player,
  b: Player,
  mode = 'wmgt_000001',
): Promise<{ gameId: string; white: Player; black: Player; view: GameView }> {
  const inv = await a.http.post(PLAY_ROUTES.invitations, { username: b.user.username, mode });
  if (inv.status !== 200) throw new Error(`invite ${inv.status} ${JSON.stringify(inv.body)}`);
  const acc = await b.http.post(PLAY_ROUTES.acceptInvitation(inv.body.id));
  if (acc.status !== 200) throw new Error(`accept ${acc.status} ${JSON.stringify(acc.body)}`);
  const gameId: string = acc.body.gameId;
  const view = await a.view(gameId);
  const white = view.white.uid === a.uid ? a : b;
  const black = white === a ? b : a;
  await white.watch(gameId);
  await black.watch(gameId);
  return { gameId, white, black, view };
}

export const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'] as const;

/**
 * Ten moves each of the Ruy Lopez (both castle), still going: the shortest game that earns
 * RushCoin rewards (domain `gameEarnsRewards`). White is to move after it.
 */
export const REAL_GAME = [
  'e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6', 'e1g1', 'f8e7',
  'f1e1', 'b7b5', 'a4b3', 'd7d6', 'c2c3', 'e8g8', 'h2h3', 'c6b8', 'd2d4', 'b8d7',
] as const; // prettier-ignore

/** Plays moves alternately from ply `from`, checking every ack. */
export async function play(
  gameId: string,
  white: Player,
  black: Player,
  moves: readonly string[],
  from = 1,
): Promise<Ack[]> {
  const acks: Ack[] = [];
  for (const [i, uci] of moves.entries()) {
    const ply = from + i;
    const mover = ply % 2 === 1 ? white : black;
    const ack = await mover.cmd('game.move', { gameId, ply, uci });
    if (!ack.ok) throw new Error(`move ${ply} ${uci} refused: ${JSON.stringify(ack.error)}`);
    acks.push(ack);
  }
  return acks;
}

/** A server on a given database and port (restart tests reuse both). */
export async function startServerOn(opts: {
  database: Database;
  clock: Clock;
  port?: number;
  env?: Record<string, string>;
}): Promise<{ server: RunningServer; baseUrl: string; port: number; stop(): Promise<void> }> {
  // A restart reuses the port its first server freed; a new server holds the OS's pick until it listens.
  const held = opts.port === undefined ? await holdPort() : null;
  const port = held?.port ?? opts.port!;
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    ...UNLIMITED_FOR_TESTS,
    ...opts.env,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
  });
  const server = await buildServer({
    config,
    database: opts.database,
    clock: opts.clock,
    mailer: new CapturingMailer(),
    logger: false,
  });
  await held?.release();
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, baseUrl: `http://127.0.0.1:${port}`, port, stop: () => server.close() };
}
