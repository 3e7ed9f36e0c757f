import { describe, expect, it } from 'vitest';
import { MATCH_TEXTS, MIN_REQUIREMENT_MAX } from '@rush/domain';
import { AppEvents, MATCH_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { setUserColumns, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { current, matchPlayer, startMatchServer, usdSeek, wbxSeek } from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(DB_KINDS)('eligibility and admin on the server (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startMatchServer(kind)));

  const refusal = (res: { status: number; body: any }, reason: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'MATCH_REFUSED', message, fields: { reason } });
  };

  it('banned, no balance, no wallet, no location, provisional, bet limit: refused with the SPEC texts, nothing queued', async () => {
    const banned = await matchPlayer(server, admin, { wbx: 100_000n });
    await setUserColumns(server, banned.uid, { banned: true });
    refusal(await banned.http.post(MATCH_ROUTES.seek, wbxSeek(50)), 'banned', MATCH_TEXTS.banned);

    const broke = await matchPlayer(server, admin);
    refusal(await broke.http.post(MATCH_ROUTES.seek, wbxSeek(50)), 'noBalance', MATCH_TEXTS.noBalance);

    const rcOnly = await matchPlayer(server, admin, { wbx: 100_000n });
    refusal(await rcOnly.http.post(MATCH_ROUTES.seek, usdSeek(server, 1)), 'wallet', MATCH_TEXTS.realMoneyNeedsWallet);

    const cash = await matchPlayer(server, admin, { usd: 10_000 });
    refusal(
      await cash.http.post(MATCH_ROUTES.seek, { gameType: 'wmgt_000001', c: 'usd', bet: 1 }),
      'location',
      MATCH_TEXTS.locationRequiredToPlay,
    );

    const provisional = await matchPlayer(server, admin, { usd: 10_000, level: 'notVerified' });
    refusal(
      await provisional.http.post(MATCH_ROUTES.seek, usdSeek(server, 1)),
      'provisional',
      MATCH_TEXTS.provisionalTip,
    );

    const limited = await matchPlayer(server, admin, { usd: 10_000 });
    const lim = await limited.http.put(WALLET_ROUTES.limits, { kind: 'bet', max: 500, until: '2099-01-01' });
    expect(lim.status, JSON.stringify(lim.body)).toBeLessThan(300);
    refusal(await limited.http.post(MATCH_ROUTES.seek, usdSeek(server, 5)), 'betLimit', MATCH_TEXTS.aboveBetLimit);
    const opts = await limited.http.get(`${MATCH_ROUTES.options}?gameType=wmgt_000001`);
    expect(opts.status).toBe(200);
    expect(opts.body.wagers.usd.map((w: any) => w.value)).toEqual([1]);

    const poor = await matchPlayer(server, admin, { wbx: 1_000n });
    refusal(await poor.http.post(MATCH_ROUTES.seek, wbxSeek(50)), 'insufficient', MATCH_TEXTS.insufficientBalance);

    for (const p of [banned, broke, rcOnly, cash, provisional, limited, poor]) {
      expect(await current(p)).toBeNull();
      p.close();
    }
  });

  it('admin APIs: 403 for others; minRequirement bounds; the ladder; paused shows the announcement to seekers and on the app topic', async () => {
    const p = await matchPlayer(server, admin, { wbx: 1_000_000n });
    await p.follow('app');
    const minReq = MATCH_ROUTES.adminMinRequirement('wbx', 'wbx_2');
    expect((await p.http.put(minReq, { minRequirement: 2 })).status).toBe(403);
    expect((await p.http.put(MATCH_ROUTES.adminPause, { paused: true })).status).toBe(403);
    for (const bad of [-1, MIN_REQUIREMENT_MAX + 1, 1.5, '3', null]) {
      expect((await admin.client.put(minReq, { minRequirement: bad })).status).toBe(400);
    }
    const before = await p.http.get(MATCH_ROUTES.catalog);
    expect(before.body.wagers.find((w: any) => w.key === 'wbx_2').minRequirement).toBe(0);
    expect((await admin.client.put(minReq, { minRequirement: 2 })).status).toBe(200);
    refusal(await p.http.post(MATCH_ROUTES.seek, wbxSeek(100)), 'locked', MATCH_TEXTS.wagerLocked(2, '50 RushCoins'));
    expect((await admin.client.put(minReq, { minRequirement: 0 })).status).toBe(200);

    const announcement = { show: true, title: 'Maintenance', text: 'Back at noon', returnTime: null };
    expect((await admin.client.put(MATCH_ROUTES.adminAnnouncement, announcement)).status).toBe(200);
    const paused = await admin.client.put(MATCH_ROUTES.adminPause, { paused: true });
    expect(paused.body).toEqual({ paused: true, announcement });
    expect(await p.event(AppEvents.state, (d) => d.paused === true)).toEqual({ paused: true, announcement });
    clock.advance(3_000);
    refusal(await p.http.post(MATCH_ROUTES.seek, wbxSeek(50)), 'paused', 'Back at noon');
    expect((await p.http.get(MATCH_ROUTES.appState)).body.paused).toBe(true);
    expect((await admin.client.put(MATCH_ROUTES.adminPause, { paused: false })).status).toBe(200);
    clock.advance(3_000);
    expect((await p.http.post(MATCH_ROUTES.seek, wbxSeek(50))).status).toBe(200);
    clock.advance(3_000);
    expect((await p.http.post(MATCH_ROUTES.cancel, {})).status).toBe(200);

    // Modes: the whole object, every id once.
    const catalog = (await p.http.get(MATCH_ROUTES.catalog)).body;
    const modes = catalog.modes.map((m: any) => (m.id === 'wmgt_000002' ? { ...m, status: 'inactive' } : m));
    expect((await admin.client.put(MATCH_ROUTES.adminModes, { modes: modes.slice(1) })).status).toBe(400);
    expect((await admin.client.put(MATCH_ROUTES.adminModes, { modes })).status).toBe(200);
    clock.advance(3_000);
    refusal(
      await p.http.post(MATCH_ROUTES.seek, wbxSeek(50, 'wmgt_000002')),
      'gameType',
      MATCH_TEXTS.gameTypeUnavailable,
    );
    expect((await admin.client.put(MATCH_ROUTES.adminModes, { modes: catalog.modes })).status).toBe(200);
    // A wager's value.
    expect((await admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'wbx_6'), { value: 3000 })).status).toBe(200);
    expect((await p.http.get(MATCH_ROUTES.catalog)).body.wagers.find((w: any) => w.key === 'wbx_6')).toMatchObject({
      value: 3000,
      name: '3000 RushCoins',
    });
    expect((await admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'nope'), { value: 3000 })).status).toBe(404);
    // Two wagers of one currency never share a value (the wizard picks a wager by its value).
    const clash = await admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'wbx_5'), { value: 3000 });
    expect(clash.status).toBe(400);
    expect(clash.body.error.message).toBe(MATCH_TEXTS.wagerValueTaken);
    expect((await p.http.get(MATCH_ROUTES.catalog)).body.wagers.find((w: any) => w.key === 'wbx_5')).toMatchObject({
      value: 1000,
    });
    p.close();
  });
});
