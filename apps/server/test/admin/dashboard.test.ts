import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { DAY_RANGE_TEXTS, HOUSE_FLOAT_RC, units } from '@rush/domain';
import { ADMIN_ROUTES, DashboardResponse } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { presence, users } from '../../src/modules/accounts/schema.ts';
import { countOnlineAt, PresenceStore } from '../../src/modules/accounts/index.ts';
import { DashboardStore } from '../../src/modules/admin/dashboard.store.ts';
import { OnlineSampler } from '../../src/modules/admin/online-sampler.ts';
import { onlineSamples } from '../../src/modules/admin/schema.ts';
import { games } from '../../src/modules/play/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { applyMovement, type Leg } from '../../src/modules/wallet/ledger.store.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { anonymous, startWalletServer, verifiedUser } from '../wallet/support/wallet.ts';

const at = (iso: string) => new Date(iso);
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Seeding writes rows as they would be on those days; far in the past, away from today's registrations. */
async function seedUser(db: Db, createdAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  const name = `s${id.slice(0, 8)}`;
  await db.insert(users).values({
    id,
    username: name,
    usernameLower: name,
    email: `${name}@seed.test`,
    emailLower: `${name}@seed.test`,
    createdAt,
  });
  return id;
}

async function seedGame(db: Db, white: string, black: string, createdAt: Date): Promise<void> {
  await db.insert(games).values({
    id: crypto.randomUUID(),
    mode: 'blitz',
    whiteId: white,
    blackId: black,
    whiteRating: 1500,
    blackRating: 1500,
    whiteProvisional: true,
    blackProvisional: true,
    initialFen: START_FEN,
    fen: START_FEN,
    initialMs: 180_000,
    incrementMs: 0,
    whiteMs: 180_000,
    blackMs: 180_000,
    createdAt,
  });
}

async function move(db: Db, kind: string, currency: 'usd' | 'wbx', when: Date, legs: Leg[]): Promise<void> {
  const accounts = [...new Map(legs.flatMap((l) => [l.from, l.to]).map((a) => [a.id, a])).values()];
  await applyMovement(db, {
    key: `seed:${crypto.randomUUID()}`,
    kind,
    currency,
    accounts,
    legs: () => legs,
    at: when,
  });
}

describe.each(DB_KINDS)('admin dashboard (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let db: Db;
  beforeAll(async () => {
    ({ server, admin } = await startWalletServer(kind, { clock: 'manual' }));
    db = server.ctx.db;
    (server.clock as ManualClock).set(at('2020-03-20T12:00:00Z'));

    // Users: two on the 10th (its first and last millisecond), one on the 12th, two just outside.
    const u1 = await seedUser(db, at('2020-03-10T00:00:00.000Z'));
    const u2 = await seedUser(db, at('2020-03-10T23:59:59.999Z'));
    await seedUser(db, at('2020-03-12T08:00:00Z'));
    await seedUser(db, at('2020-03-09T23:59:59.999Z'));
    await seedUser(db, at('2020-03-15T00:00:00.000Z'));

    // Games: three on the 11th, one on the 14th, one the day after the range.
    for (const t of ['2020-03-11T01:00:00Z', '2020-03-11T12:00:00Z', '2020-03-11T23:00:00Z', '2020-03-14T10:00:00Z'])
      await seedGame(db, u1, u2, at(t));
    await seedGame(db, u1, u2, at('2020-03-15T00:00:01Z'));

    const usd = accountOf.user(u1, 'usd');
    const held = accountOf.withdrawal(u1);
    const clearing = accountOf.clearing('usd');
    const feeUsd = accountOf.fee('usd');
    // A Canadian deposit of $100.00 on the 10th: 97.00 to the user, 3.00 fee. Gross 10000.
    await move(db, 'deposit', 'usd', at('2020-03-10T15:00:00Z'), [
      { from: clearing, to: usd, amount: 9700n },
      { from: clearing, to: feeUsd, amount: 300n },
    ]);
    // A US deposit of $20.00 on the 12th, no fee; and one the day before the range.
    await move(db, 'deposit', 'usd', at('2020-03-12T09:00:00Z'), [{ from: clearing, to: usd, amount: 2000n }]);
    await move(db, 'deposit', 'usd', at('2020-03-09T22:00:00Z'), [{ from: clearing, to: usd, amount: 111n }]);
    // Withdrawal of $50.00 requested on the 11th (held: not money out), paid on the 13th with a $2.00 fee.
    await move(db, 'withdraw', 'usd', at('2020-03-11T10:00:00Z'), [{ from: usd, to: held, amount: 5000n }]);
    await move(db, 'withdraw_complete', 'usd', at('2020-03-13T10:00:00Z'), [
      { from: held, to: clearing, amount: 4800n },
      { from: held, to: feeUsd, amount: 200n },
    ]);
    // Requested and rejected: never money out.
    await move(db, 'withdraw', 'usd', at('2020-03-12T10:00:00Z'), [{ from: usd, to: held, amount: 1000n }]);
    await move(db, 'withdraw_reject', 'usd', at('2020-03-13T11:00:00Z'), [{ from: held, to: usd, amount: 1000n }]);
    // Still pending at the end of the range.
    await move(db, 'withdraw', 'usd', at('2020-03-14T10:00:00Z'), [{ from: usd, to: held, amount: 700n }]);
    // An admin correction is not a payment.
    await move(db, 'admin_deposit', 'usd', at('2020-03-12T11:00:00Z'), [
      { from: accountOf.adjustment('usd'), to: usd, amount: 1234n },
    ]);
    // RC: a wager settled on the 14th with a 5 RC fee (minor units: 500).
    const rc = accountOf.user(u1, 'wbx');
    const escrow = accountOf.escrow('game:seed', 'wbx');
    await move(db, 'topup', 'wbx', at('2020-03-14T08:00:00Z'), [
      { from: accountOf.issuance(), to: rc, amount: 10_000n },
    ]);
    await move(db, 'stake', 'wbx', at('2020-03-14T08:01:00Z'), [{ from: rc, to: escrow, amount: 10_000n }]);
    await move(db, 'settle', 'wbx', at('2020-03-14T08:30:00Z'), [
      { from: escrow, to: rc, amount: 9500n },
      { from: escrow, to: accountOf.fee('wbx'), amount: 500n },
    ]);

    // Online samples: peak 7 on the 10th, 2 on the 14th.
    const store = new DashboardStore(db);
    for (const [t, n] of [
      ['2020-03-10T00:00:00Z', 3],
      ['2020-03-10T12:05:00Z', 7],
      ['2020-03-10T23:55:00Z', 5],
      ['2020-03-14T06:00:00Z', 2],
      ['2020-03-15T06:00:00Z', 99],
    ] as const)
      await store.recordOnline(at(t), n);
    // Two visitors online at the server's "now", one gone offline.
    const now = server.clock.now();
    await db.insert(presence).values([
      { key: 'a:one', state: 'online', lastChanged: now },
      { key: 'a:two', state: 'idle', lastChanged: now },
      { key: 'a:three', state: 'offline', lastChanged: now },
    ]);
  });
  afterAll(() => server?.stop());

  const get = (who: Registered, query: string) => who.client.get(`${ADMIN_ROUTES.dashboard}${query}`);

  it('answers exact per-day numbers for a range, zero-filled, money gross in minor units', async () => {
    const res = await get(admin, '?from=2020-03-10&to=2020-03-14');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(DashboardResponse.parse(res.body)).toEqual({
      days: ['2020-03-10', '2020-03-11', '2020-03-12', '2020-03-13', '2020-03-14'],
      games: [0, 3, 0, 0, 1],
      newUsers: [2, 0, 1, 0, 0],
      depositsUsd: [10_000, 0, 2000, 0, 0],
      withdrawalsUsd: [0, 0, 0, 5000, 0],
      feesUsd: [300, 0, 0, 200, 0],
      feesWbx: [0, 0, 0, 0, 500],
      onlinePeak: [7, 0, 0, 0, 2],
      onlineNow: 2,
      // No bot game yet: the house has its float, nothing at stake, nothing lost (issue 33).
      house: { float: Number(units(HOUSE_FLOAT_RC)), atRisk: 0, lostHour: 0, lostDay: 0 },
    });
  });

  it('one day is a range too; days with nothing at all are zeros', async () => {
    const one = await get(admin, '?from=2020-03-11&to=2020-03-11');
    expect(one.body).toMatchObject({ days: ['2020-03-11'], games: [3], newUsers: [0], depositsUsd: [0] });
    const empty = await get(admin, '?from=2019-01-01&to=2019-01-03');
    expect(empty.body).toMatchObject({
      days: ['2019-01-01', '2019-01-02', '2019-01-03'],
      games: [0, 0, 0],
      newUsers: [0, 0, 0],
      depositsUsd: [0, 0, 0],
      withdrawalsUsd: [0, 0, 0],
      feesUsd: [0, 0, 0],
      feesWbx: [0, 0, 0],
      onlinePeak: [0, 0, 0],
    });
  });

  it('defaults to the last 30 days (UTC, today included), or 30 days up to `to`', async () => {
    const res = await get(admin, '');
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days[0]).toBe('2020-02-20');
    expect(res.body.days[29]).toBe('2020-03-20');
    expect(res.body.games.reduce((a: number, b: number) => a + b, 0)).toBe(5);
    const upTo = await get(admin, '?to=2020-03-12');
    expect([upTo.body.days[0], upTo.body.days.at(-1)]).toEqual(['2020-02-12', '2020-03-12']);
  });

  it.each([
    ['reversed', '?from=2020-03-14&to=2020-03-10', DAY_RANGE_TEXTS.reversed, 'from'],
    ['367 days', '?from=2019-01-01&to=2020-01-02', DAY_RANGE_TEXTS.tooLong, 'from'],
    ['only `from`, more than 366 days ago', '?from=2018-01-01', DAY_RANGE_TEXTS.tooLong, 'from'],
    ['an impossible date', '?from=2020-02-30&to=2020-03-01', DAY_RANGE_TEXTS.invalid, 'from'],
    ['an impossible end', '?to=2020-13-01', DAY_RANGE_TEXTS.invalid, 'to'],
  ])('refuses %s with 400 and a clear message', async (_name, query, message, field) => {
    const res = await get(admin, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
  });

  it.each(['?from=2020-3-1', '?to=yesterday', '?from=2020-03-01&from=2020-03-02', `?to=${'9'.repeat(300)}`])(
    'refuses the malformed query %s with 400',
    async (query) => {
      const res = await get(admin, query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    },
  );

  it('answers 403 to a player and 401 to a visitor', async () => {
    const player = await verifiedUser(server);
    const denied = await get(player, '?from=2020-03-10&to=2020-03-14');
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
    expect((await anonymous(server).get(ADMIN_ROUTES.dashboard)).status).toBe(401);
  });

  it('the sampler writes the online count once per 5-minute slot, whatever the instances', async () => {
    const store = new DashboardStore(db);
    const presenceStore = new PresenceStore(db);
    const sampler = (n: number | null) =>
      new OnlineSampler({
        clock: server.clock,
        // null: the real count from the presence rows.
        countOnline: (now) => (n === null ? countOnlineAt(presenceStore, now) : Promise.resolve(n)),
        record: (t, online) => store.recordOnline(t, online),
      });
    const clock = server.clock as ManualClock;
    clock.set(at('2020-03-20T12:01:30Z'));
    await sampler(null).sample();
    clock.set(at('2020-03-20T12:04:59Z'));
    // A second instance in the same slot changes nothing.
    await sampler(40).sample();
    clock.set(at('2020-03-20T12:05:00Z'));
    await sampler(9).sample();
    const rows = await db.select().from(onlineSamples).orderBy(onlineSamples.at);
    const today = rows.filter((r) => r.at.toISOString().startsWith('2020-03-20'));
    expect(today.map((r) => [r.at.toISOString(), r.online])).toEqual([
      ['2020-03-20T12:00:00.000Z', 2],
      ['2020-03-20T12:05:00.000Z', 9],
    ]);
    const res = await get(admin, '?from=2020-03-20&to=2020-03-20');
    expect(res.body.onlinePeak).toEqual([9]);
    // The presence rows were written at 12:00:00; at 12:05 they are older than the 180 s window.
    expect(res.body.onlineNow).toBe(0);
    expect((await db.select({ n: count() }).from(onlineSamples))[0]!.n).toBe(7);
  });
});
