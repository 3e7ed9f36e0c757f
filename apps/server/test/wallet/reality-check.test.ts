import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES, REALITY_CHECK_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { RealityCheckService } from '../../src/modules/wallet/reality-check.service.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { TestClient } from '../support/http-client.ts';
import { adminDeposit, startManualWalletServer, verifiedUser, type WalletCore } from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const MIN = 60_000;

/** Issue 37: the reality check's state, its answer across tabs, and the interval setting. */
describe.each(POSTGRES_TOO)('reality checks (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind, { http: 'inject' })));

  const state = async (u: Registered) => {
    const res = await u.client.get(REALITY_CHECK_ROUTES.state);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const answer = (u: Registered, dueAt: string) => u.client.post(REALITY_CHECK_ROUTES.acknowledge, { dueAt });
  const later = (ms: number) => clock.advance(ms);
  /** The tab open for `minutes`, asking every 10 minutes (a gap of 30 would start a new session). */
  const playFor = async (u: Registered, minutes: number) => {
    for (let left = minutes; left > 0; left -= 10) {
      later(Math.min(10, left) * MIN);
      await state(u);
    }
  };

  itOnPglite('needs a session', async () => {
    const anon = new TestClient(server.baseUrl);
    expect((await anon.get(REALITY_CHECK_ROUTES.state)).status).toBe(401);
    expect((await anon.post(REALITY_CHECK_ROUTES.acknowledge, { dueAt: clock.now().toISOString() })).status).toBe(401);
  });

  itOnPglite(
    'a new account checks every 60 minutes: due after an hour of play, then an hour after Continue',
    async () => {
      const u = await registerUser(server);
      const start = clock.now();
      const first = await state(u);
      expect(first).toMatchObject({
        intervalMinutes: 60,
        sessionStartedAt: start.toISOString(),
        timePlayedMs: 0,
        due: false,
        dueAt: new Date(start.getTime() + 60 * MIN).toISOString(),
        net: [
          { currency: 'usd', net: 0 },
          { currency: 'wbx', net: 0 },
        ],
      });
      // The tab asks every minute or so: the same session all along.
      for (let i = 0; i < 59; i++) {
        later(MIN);
        expect((await state(u)).due).toBe(false);
      }
      later(MIN);
      const due = await state(u);
      expect(due).toMatchObject({ due: true, timePlayedMs: 60 * MIN, dueAt: first.dueAt });
      // Survives a reload: asking again says the same.
      expect((await state(u)).due).toBe(true);

      later(30_000);
      const answered = await answer(u, due.dueAt);
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({
        due: false,
        dueAt: new Date(clock.now().getTime() + 60 * MIN).toISOString(),
        sessionStartedAt: start.toISOString(),
      });
      await playFor(u, 59);
      later(59_000);
      expect((await state(u)).due).toBe(false);
      later(1_000);
      expect((await state(u)).due).toBe(true);
    },
  );

  itOnPglite('the interval is a setting (off, 15, 30, 60 minutes), refusing any other', async () => {
    const u = await registerUser(server);
    await state(u);
    for (const bad of [45, '15', null, -1]) {
      expect((await u.client.patch(ACCOUNT_ROUTES.settings, { realityCheckMinutes: bad })).status).toBe(400);
    }
    const set = await u.client.patch(ACCOUNT_ROUTES.settings, { realityCheckMinutes: 15 });
    expect(set.status).toBe(200);
    expect(set.body.settings.realityCheckMinutes).toBe(15);
    later(15 * MIN);
    expect(await state(u)).toMatchObject({ intervalMinutes: 15, due: true });
    await u.client.patch(ACCOUNT_ROUTES.settings, { realityCheckMinutes: 0 });
    later(10 * MIN);
    expect(await state(u)).toMatchObject({ intervalMinutes: 0, due: false, dueAt: null });
    // Off: there is no check to answer.
    expect((await answer(u, clock.now().toISOString())).body.due).toBe(false);
  });

  itOnPglite('a gap of 30 minutes starts a new session; a shorter one does not', async () => {
    const u = await registerUser(server);
    const start = (await state(u)).sessionStartedAt;
    later(29 * MIN);
    expect((await state(u)).sessionStartedAt).toBe(start);
    later(30 * MIN);
    const again = await state(u);
    expect(again.sessionStartedAt).toBe(clock.now().toISOString());
    expect(again.timePlayedMs).toBe(0);
  });

  itOnPglite('the net result counts the games of this session in each currency, not deposits', async () => {
    const u = await verifiedUser(server);
    const other = await verifiedUser(server);
    expect((await adminDeposit(admin, u.uid, 5000)).status).toBe(200);
    expect((await adminDeposit(admin, other.uid, 5000)).status).toBe(200);
    // A game before this session: not counted.
    await core.escrow.holdAll({
      ref: `game:rc-old-${u.uid}`,
      currency: 'usd',
      stakes: [
        { uid: u.uid, amount: 100n },
        { uid: other.uid, amount: 100n },
      ],
    });
    await core.escrow.settle({ ref: `game:rc-old-${u.uid}`, currency: 'usd', winners: [other.uid] });
    later(31 * MIN);
    await state(u);
    later(MIN);
    const ref = `game:rc-${u.uid}`;
    await core.escrow.holdAll({
      ref,
      currency: 'usd',
      stakes: [
        { uid: u.uid, amount: 1000n },
        { uid: other.uid, amount: 1000n },
      ],
    });
    await core.escrow.settle({ ref, currency: 'usd', winners: [other.uid] });
    const mine = await state(u);
    expect(mine.net).toEqual([
      { currency: 'usd', net: -1000 },
      { currency: 'wbx', net: 0 },
    ]);
  });

  itOnPglite('never due while the player is in a game: due once it ends', async () => {
    const u = await registerUser(server);
    let playing = true;
    const checks = new RealityCheckService(server.ctx.db, clock, { isGameRunning: () => Promise.resolve(playing) });
    const player = { id: u.uid, settings: { realityCheckMinutes: 15 } };
    await checks.state(player);
    later(20 * MIN);
    expect((await checks.state(player)).due).toBe(false);
    playing = false;
    expect((await checks.state(player)).due).toBe(true);
  });

  it('two tabs answering the same check at once make one answer', async () => {
    const u = await registerUser(server);
    await state(u);
    await playFor(u, 60);
    const due = await state(u);
    expect(due.due).toBe(true);
    const answers = await Promise.all(Array.from({ length: 6 }, () => answer(u, due.dueAt)));
    for (const a of answers) expect(a.status).toBe(200);
    // Whichever came first set the next check; every answer tells the same one.
    const next = new Set(answers.map((a) => a.body.dueAt));
    expect(next).toEqual(new Set([new Date(clock.now().getTime() + 60 * MIN).toISOString()]));
    // A late answer to the same check, after the clock moved on, changes nothing.
    later(5 * MIN);
    const late = await answer(u, due.dueAt);
    expect(late.body.dueAt).toBe(answers[0]!.body.dueAt);
    expect(late.body.due).toBe(false);
  });

  it('the first sighting from two tabs at once makes one session', async () => {
    const u = await registerUser(server);
    const both = await Promise.all([state(u), state(u), state(u)]);
    expect(new Set(both.map((s) => s.sessionStartedAt)).size).toBe(1);
  });
});
