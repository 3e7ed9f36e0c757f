import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandRefusal, type AccountStanding } from '@rush/domain';
import { CLOSE_CODES, UserEvents, type ServerMessage } from '@rush/protocol';
import { AppError } from '../../src/platform/errors.ts';
import type { SocketAuthenticator, StandingRules } from '../../src/platform/realtime/types.ts';
import { flakyBus } from './support/flaky-bus.ts';
import { fakeAuthenticate, ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { raw } from './support/raw-hub.ts';
import { TestSocket } from './support/socket-client.ts';

const GOOD: AccountStanding = { closed: false, banned: false, dateOfBirth: '1990-06-15' };
const BANNED: AccountStanding = { ...GOOD, banned: true };

/** The accounts table of these tests, the reads the hub makes of it, and a read held open on demand. */
function fakeAccounts() {
  const rows = new Map<string, AccountStanding>();
  const held: Array<(s: AccountStanding) => void> = [];
  let hold = false;
  const state = {
    rows,
    reads: 0,
    /** The next reads wait until `release` answers them (in the order given). */
    holdReads: (on: boolean) => (hold = on),
    release: (i: number, standing: AccountStanding) => held[i]!(standing),
    rules: {
      read(userId) {
        state.reads++;
        if (hold) return new Promise((resolve) => held.push(resolve));
        return Promise.resolve(rows.get(userId) ?? null);
      },
      check(standing) {
        if (!standing) throw new AppError('UNAUTHENTICATED', 'who?');
        const refusal = commandRefusal(standing);
        if (refusal) throw new AppError('FORBIDDEN', refusal);
      },
    } satisfies StandingRules,
    /** As the accounts module's: the standing comes with the session. */
    authenticate: ((cookie) =>
      fakeAuthenticate(cookie).then((who) =>
        who ? { ...who, standing: rows.get(who.userId) ?? null } : null,
      )) satisfies SocketAuthenticator,
  };
  return state;
}

let nextId = 1;
type Ack = Extract<ServerMessage, { t: 'ack' }>;
function cmd(s: TestSocket): Promise<Ack> {
  const id = nextId++;
  s.send({ t: 'cmd', id, name: 'x.do', payload: {} });
  return s.next<Ack>((m) => m.t === 'ack' && m.id === id);
}

/**
 * Issue 35 at the hub: the standing is kept with the socket; events re-read it, the latest read
 * wins, commands wait for a re-read in flight, and a resumed bus re-reads every account.
 */
describe('hub: the standing kept with the socket', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  async function start(accounts: ReturnType<typeof fakeAccounts>, opts: Parameters<typeof startHubApp>[0] = {}) {
    h = await startHubApp({ authenticate: accounts.authenticate, ...opts });
    h.hub.guardCommands(accounts.rules);
    h.hub.registerCommand('x.do', { schema: z.object({}), handle: () => 'done' });
    return h;
  }
  const connect = (app: HubApp, user: string) =>
    TestSocket.connect(app.url, { origin: ORIGIN, cookie: sessionCookie(user, 's1') });
  const standingChanged = (app: HubApp, user: string) =>
    raw(app.hub).publish(`user:${user}`, UserEvents.standingChanged, {});

  it('a command sent while a re-read is in flight waits for it and is judged by what it read', async () => {
    const accounts = fakeAccounts();
    accounts.rows.set('u1', GOOD);
    const app = await start(accounts);
    const s = await connect(app, 'u1');
    expect((await cmd(s)).ok).toBe(true);
    accounts.holdReads(true);
    await standingChanged(app, 'u1');
    const id = nextId++;
    s.send({ t: 'cmd', id, name: 'x.do', payload: {} });
    // The pong proves the hub has the command: it is waiting, or it would have passed on GOOD.
    await s.ping();
    accounts.release(0, BANNED);
    expect(await s.next((m) => m.t === 'ack' && m.id === id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'banned' },
    });
    expect(accounts.reads).toBe(1);
    s.close();
  });

  it('re-reads that finish out of order: the one started last is kept', async () => {
    const accounts = fakeAccounts();
    accounts.rows.set('u1', GOOD);
    const app = await start(accounts);
    const s = await connect(app, 'u1');
    accounts.holdReads(true);
    await standingChanged(app, 'u1'); // read 0: began before the ban
    await standingChanged(app, 'u1'); // read 1: after it
    accounts.release(1, BANNED);
    accounts.release(0, GOOD); // late, and older
    expect(await cmd(s)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    s.close();
  });

  it('an event lost on the bus is made good when the bus resumes: every account here is read again', async () => {
    const accounts = fakeAccounts();
    accounts.rows.set('u1', GOOD);
    const flaky = flakyBus();
    const app = await start(accounts, { bus: flaky.bus });
    const s = await connect(app, 'u1');
    accounts.rows.set('u1', BANNED);
    flaky.mute(true);
    await standingChanged(app, 'u1');
    flaky.mute(false);
    // The instance missed it, as it misses any event while its subscription is down...
    expect((await cmd(s)).ok).toBe(true);
    // ...until the subscription is back (redis-bus.ts onResume).
    flaky.resume();
    expect(await cmd(s)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(accounts.reads).toBe(1);
    s.close();
  });

  it('account.restricted re-reads too, so commands queued on the closing socket are refused', async () => {
    const accounts = fakeAccounts();
    accounts.rows.set('u1', GOOD);
    const app = await start(accounts);
    const s = await connect(app, 'u1');
    accounts.rows.set('u1', BANNED);
    await raw(app.hub).publish('user:u1', UserEvents.accountRestricted, {});
    expect((await s.closed).code).toBe(CLOSE_CODES.accountRestricted);
    expect(accounts.reads).toBe(1);
  });

  it('an authenticator that gives no standing: the first command reads it, the next ones do not', async () => {
    const accounts = fakeAccounts();
    accounts.rows.set('u1', GOOD);
    const app = await start(accounts, { authenticate: fakeAuthenticate });
    const s = await connect(app, 'u1');
    for (let i = 0; i < 3; i++) expect((await cmd(s)).ok).toBe(true);
    expect(accounts.reads).toBe(1);
    s.close();
  });

  it('visitors are not judged and read nothing', async () => {
    const accounts = fakeAccounts();
    const app = await start(accounts);
    const s = await TestSocket.connect(app.url, { origin: ORIGIN });
    expect((await cmd(s)).ok).toBe(true);
    expect(accounts.reads).toBe(0);
    s.close();
  });
});
