import WebSocket from 'ws';
import { PLAY_ROUTES, PLAY_TOPICS } from '@rush/protocol';
import type { SeededPlayer } from '@rush/load';
import type { PlayChild } from './play-child.ts';
import { registerAndGetCookie } from './register.ts';

/** One simulated browser: a session, a socket, commands with acks, event listeners. */
export class BenchPlayer {
  private nextId = 1;
  private readonly acks = new Map<number, (ack: { ok: boolean; error?: { code: string } }) => void>();
  private readonly listeners = new Set<(type: string, data: any, at: bigint) => void>();
  /** POSTs sent again after their kept-alive connection was found closed (see `post`). */
  static resent = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly baseUrl: string,
    readonly cookie: string,
    readonly uid: string,
    readonly username: string,
  ) {
    ws.on('message', (raw: Buffer) => {
      const at = process.hrtime.bigint();
      const msg = JSON.parse(raw.toString('utf8')) as {
        t: string;
        id?: number;
        type?: string;
        data?: unknown;
        ok?: boolean;
      };
      if (msg.t === 'ack' && typeof msg.id === 'number') {
        this.acks.get(msg.id)?.(msg as { ok: boolean });
        this.acks.delete(msg.id);
      } else if (msg.t === 'ev' && msg.type) {
        for (const l of this.listeners) l(msg.type, msg.data, at);
      }
    });
  }

  /** Registers a user through the API and opens its socket (the app's Origin, its cookie). */
  static async create(baseUrl: string, url: string): Promise<BenchPlayer> {
    const cookie = await registerAndGetCookie(baseUrl);
    const session = (await (
      await fetch(baseUrl + '/api/session', { headers: { cookie, origin: baseUrl } })
    ).json()) as {
      user: { uid: string; username: string };
    };
    const ws = await openSocket(url, baseUrl, cookie);
    return new BenchPlayer(ws, baseUrl, cookie, session.user.uid, session.user.username);
  }

  /** A player the server seeded (signed in already): opens its socket. */
  static async seeded(baseUrl: string, url: string, p: SeededPlayer): Promise<BenchPlayer> {
    return new BenchPlayer(await openSocket(url, baseUrl, p.cookie), baseUrl, p.cookie, p.uid, p.username);
  }

  cmd(name: string, payload: unknown, timeoutMs = 10_000): Promise<{ ok: boolean; error?: { code: string } }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ack for ${name} in ${timeoutMs} ms`)), timeoutMs);
      this.acks.set(id, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
      this.ws.send(JSON.stringify({ t: 'cmd', id, name, payload }));
    });
  }

  on(listener: (type: string, data: any, at: bigint) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribe(topic: string): Promise<void> {
    return subscribe(this.ws, topic);
  }

  async post(path: string, body: unknown = {}): Promise<any> {
    const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(this.cookie)?.[1] ?? '';
    const send = () =>
      fetch(this.baseUrl + path, {
        method: 'POST',
        headers: {
          origin: this.baseUrl,
          cookie: this.cookie,
          'x-csrf-token': csrf,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    let res: Response;
    try {
      res = await send();
    } catch (err) {
      // A kept-alive connection the load balancer closed as idle just as this request went out
      // on it ("other side closed", no answer): nothing read the request, so it is sent again
      // on a new connection, as a browser does. Counted: the cluster benchmark prints how many.
      if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
      BenchPlayer.resent++;
      res = await send();
    }
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  close(): void {
    this.ws.terminate();
  }
}

export function openSocket(url: string, origin: string, cookie?: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { origin, perMessageDeflate: false, headers: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Subscribes a socket to a topic and waits for the answer. */
export function subscribe(ws: WebSocket, topic: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to sub ${topic}`)), 30_000);
    const onMessage = (raw: Buffer) => {
      const m = JSON.parse(raw.toString('utf8')) as { t: string; topic?: string };
      if (m.topic !== topic || (m.t !== 'subscribed' && m.t !== 'err')) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      if (m.t === 'err') reject(new Error(`sub ${topic} refused`));
      else resolve();
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ t: 'sub', topic }));
  });
}

/** Creates `count` players, a few registrations at a time (each hashes a password on the server). */
export async function createPlayers(
  baseUrl: string,
  url: string,
  count: number,
  concurrency = 4,
): Promise<BenchPlayer[]> {
  const out: BenchPlayer[] = [];
  for (let i = 0; i < count; i += concurrency) {
    const batch = Math.min(concurrency, count - i);
    out.push(...(await Promise.all(Array.from({ length: batch }, () => BenchPlayer.create(baseUrl, url)))));
  }
  return out;
}

/**
 * `count` players seeded by the play server (no sign-up form, see seed-players.ts), in chunks,
 * their sockets opened a few dozen at a time: the way to thousands of players.
 */
export async function seedPlayers(
  play: PlayChild,
  count: number,
  chunk = 500,
  concurrency = 50,
): Promise<BenchPlayer[]> {
  const out: BenchPlayer[] = [];
  for (let i = 0; i < count; i += chunk) {
    const seeded = await play.seedPlayers(Math.min(chunk, count - i));
    out.push(...(await connectPlayers(play.baseUrl, play.url, seeded, concurrency)));
  }
  return out;
}

/** Opens the sockets of seeded players, `concurrency` at a time (thousands at once time out). */
export async function connectPlayers(
  baseUrl: string,
  url: string,
  seeded: readonly SeededPlayer[],
  concurrency = 50,
): Promise<BenchPlayer[]> {
  const out: BenchPlayer[] = [];
  for (let j = 0; j < seeded.length; j += concurrency) {
    const batch = seeded.slice(j, j + concurrency);
    out.push(...(await Promise.all(batch.map((p) => BenchPlayer.seeded(baseUrl, url, p)))));
  }
  return out;
}

/** A game between two players (invitation + accept), both following `game:{id}`; returns who is white. */
export async function newGame(
  a: BenchPlayer,
  b: BenchPlayer,
  mode = 'wmgt_000001',
): Promise<{ gameId: string; white: BenchPlayer; black: BenchPlayer }> {
  const inv = (await a.post(PLAY_ROUTES.invitations, { username: b.username, mode })) as { id: string };
  const { gameId } = (await b.post(PLAY_ROUTES.acceptInvitation(inv.id))) as { gameId: string };
  const view = (await (await fetch(a.baseUrl + PLAY_ROUTES.game(gameId))).json()) as { white: { uid: string } };
  const white = view.white.uid === a.uid ? a : b;
  const black = white === a ? b : a;
  await Promise.all([white.subscribe(PLAY_TOPICS.game(gameId)), black.subscribe(PLAY_TOPICS.game(gameId))]);
  return { gameId, white, black };
}
