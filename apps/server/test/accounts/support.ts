import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { REALTIME_PATH } from '@rush/protocol';
import { presence, sessions, users } from '../../src/modules/accounts/schema.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { eventually } from '../support/eventually.ts';
import { TestSocket } from '../realtime/support/socket-client.ts';

/** Meets every SPEC 5 password rule. */
export const PASSWORD = 'Secret#123';
export const OTHER_PASSWORD = 'Other$456';

/** A fresh valid username (SPEC 5: starts with a letter, letters/digits, at most 10). */
export function uniqueName(prefix = 'u'): string {
  const tail = BigInt(`0x${crypto.randomBytes(6).toString('hex')}`).toString(36);
  return `${prefix}${tail}`.slice(0, 10);
}

export interface Registration {
  username: string;
  email: string;
  dob: { year: number; month: number; day: number } | null;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  captchaToken?: string;
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  const username = overrides.username ?? uniqueName();
  return {
    username,
    email: `${username.toLowerCase()}@example.com`,
    dob: { year: 1990, month: 5, day: 17 },
    password: PASSWORD,
    confirmPassword: overrides.password ?? PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

export interface Registered {
  client: TestClient;
  uid: string;
  username: string;
  email: string;
  password: string;
}

/**
 * Registers through the API, then logs in on `client` (registration itself signs nobody in:
 * issue 10), so `client` holds the new account's session.
 */
export async function registerUser(
  server: Pick<TestServer, 'baseUrl'>,
  overrides: Partial<Registration> = {},
  client = new TestClient(server.baseUrl),
): Promise<Registered> {
  const body = registration(overrides);
  const res = await client.post('/api/auth/register', body);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const signed = await client.post('/api/auth/login', { identifier: body.username, password: body.password });
  if (signed.status !== 200)
    throw new Error(`login after register failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { client, uid: signed.body.user.uid, username: body.username, email: body.email, password: body.password };
}

/**
 * Signs `user` in again on its own client: after a test moves the manual clock past the 7-day
 * sliding session lifetime, its earlier sessions are gone, as a person's would be.
 */
export async function signInAgain(user: Registered): Promise<void> {
  const res = await user.client.post('/api/auth/login', { identifier: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function login(
  server: TestServer,
  identifier: string,
  password: string,
  client = new TestClient(server.baseUrl),
) {
  const res = await client.post('/api/auth/login', { identifier, password });
  return { client, res };
}

export async function setUserColumns(server: TestServer, uid: string, patch: Partial<typeof users.$inferInsert>) {
  await server.ctx.db.update(users).set(patch).where(eq(users.id, uid));
}

export async function userRow(server: TestServer, uid: string) {
  const rows = await server.ctx.db.select().from(users).where(eq(users.id, uid));
  return rows[0];
}

export async function countUsers(server: TestServer): Promise<number> {
  return (await server.ctx.db.select({ n: count() }).from(users))[0]!.n;
}

export async function countSessions(server: TestServer, uid?: string): Promise<number> {
  const q = server.ctx.db.select({ n: count() }).from(sessions);
  return (await (uid ? q.where(eq(sessions.userId, uid)) : q))[0]!.n;
}

export async function presenceRow(server: TestServer, key: string) {
  return (await server.ctx.db.select().from(presence).where(eq(presence.key, key)))[0];
}

export { eventually };

/**
 * A realtime socket as the web app opens it (its cookies, our Origin), held to the protocol's
 * map: the realtime tests' TestSocket, where `next` finds a matching frame among every frame
 * received, read or not (the module tests ask in any order).
 */
export class Socket {
  private constructor(private readonly inner: TestSocket) {}

  get messages(): any[] {
    return this.inner.messages;
  }

  get ws(): WebSocket {
    return this.inner.ws;
  }

  get closed(): Promise<{ code: number; reason: string }> {
    return this.inner.closed;
  }

  static async open(server: TestServer, client?: TestClient, headers: Record<string, string> = {}): Promise<Socket> {
    const url = `${server.baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
    const cookie = client && client.cookies.size > 0 ? client.cookieHeader() : undefined;
    return new Socket(await TestSocket.connect(url, { origin: server.baseUrl, cookie, headers, contract: true }));
  }

  send(message: unknown): void {
    this.inner.send(message);
  }

  async next(match: (m: any) => boolean, timeoutMs = 5_000): Promise<any> {
    let found: any;
    await eventually(() => {
      found = this.inner.messages.find(match);
      return found !== undefined;
    }, timeoutMs);
    if (this.inner.offContract.length > 0)
      throw new Error(`events off the protocol map: ${this.inner.offContract.join('; ')}`);
    return found;
  }

  async subscribe(topic: string, since?: number): Promise<void> {
    await this.inner.subscribe(topic, since);
  }

  close(): void {
    this.inner.close();
  }
}
