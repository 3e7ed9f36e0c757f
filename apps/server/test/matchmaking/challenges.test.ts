import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_TEXTS } from '@rush/domain';
import {
  AcceptChallengeRequest,
  CreateChallengeRequest,
  JoinRequest,
  MATCH_ROUTES,
  MatchmakingUserEvents,
  SeekRequest,
  UpdateMinRequirementRequest,
  UpdateModesRequest,
} from '@rush/protocol';
import type { z } from 'zod';
import type { ManualClock } from '../../src/platform/clock.ts';
import { setUserColumns, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { describeBody, hostileBody, send, validFor } from '../support/hostile-input.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc } from '../wallet/support/wallet.ts';
import { changed, current, matchPlayer, recordsOf, startMatchServer, wbxSeek } from './support.ts';
import { samples } from '../support/samples.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(DB_KINDS)('challenges, join and hostile input (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startMatchServer(kind)));

  it('a challenge is received, accepted and started; decline and cancel close it; a closed one is gone', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const self = await a.http.post(MATCH_ROUTES.challenges, { uid: a.uid, gameType: 'wmgt_000001', c: 'wbx', bet: 50 });
    expect(self.body.error).toMatchObject({ code: 'MATCH_REFUSED', message: MATCH_TEXTS.challengeSelf });
    const banned = await matchPlayer(server, admin);
    await setUserColumns(server, banned.uid, { banned: true });
    const toBanned = await a.http.post(MATCH_ROUTES.challenges, {
      uid: banned.uid,
      gameType: 'wmgt_000001',
      c: 'wbx',
      bet: 50,
    });
    expect(toBanned.body.error).toMatchObject({ code: 'MATCH_REFUSED', message: MATCH_TEXTS.challengeUnavailable });

    // Declined: the challenger hears it closed.
    const first = await a.http.post(MATCH_ROUTES.challenges, {
      uid: b.uid,
      gameType: 'wmgt_000001',
      c: 'wbx',
      bet: 50,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await b.event(MatchmakingUserEvents.challenge)).challenge).toMatchObject({
      id: first.body.id,
      from: { uid: a.uid },
      amount: 5000,
    });
    expect((await b.http.get(MATCH_ROUTES.challenges)).body.incoming.map((c: any) => c.id)).toEqual([first.body.id]);
    expect((await b.http.post(MATCH_ROUTES.declineChallenge(first.body.id), {})).status).toBe(200);
    expect((await a.event(MatchmakingUserEvents.challengeClosed)).challenge).toMatchObject({
      id: first.body.id,
      status: 'declined',
    });
    const late = await b.http.post(MATCH_ROUTES.acceptChallenge(first.body.id), {});
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(MATCH_TEXTS.matchGone);

    // Cancelled by the challenger; expired after its time.
    const second = await a.http.post(MATCH_ROUTES.challenges, {
      uid: b.uid,
      gameType: 'wmgt_000001',
      c: 'wbx',
      bet: 50,
    });
    expect((await b.http.post(MATCH_ROUTES.cancelChallenge(second.body.id), {})).status).toBe(409);
    expect((await a.http.post(MATCH_ROUTES.cancelChallenge(second.body.id), {})).status).toBe(200);
    const third = await a.http.post(MATCH_ROUTES.challenges, {
      uid: b.uid,
      gameType: 'wmgt_000001',
      c: 'wbx',
      bet: 50,
    });
    clock.advance(120_001);
    expect(
      (await b.event(MatchmakingUserEvents.challengeClosed, (d) => d.challenge.id === third.body.id)).challenge.status,
    ).toBe('expired');

    // Accepted: both records start at once, stakes in escrow.
    const fourth = await a.http.post(MATCH_ROUTES.challenges, {
      uid: b.uid,
      gameType: 'wmgt_000001',
      c: 'wbx',
      bet: 100,
    });
    const accepted = await b.http.post(MATCH_ROUTES.acceptChallenge(fourth.body.id), {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const playing = await changed(a, (m) => m.state === 'playing');
    expect(playing).toMatchObject({ challengeId: fourth.body.id, bet: 100, opponent: { uid: b.uid } });
    expect(await rc(server, a.uid)).toBe(90_000n);
    expect(await rc(server, b.uid)).toBe(90_000n);
    expect((await b.http.post(MATCH_ROUTES.acceptChallenge(fourth.body.id), {})).status).toBe(409);
    await expectLedgerInvariants(server.ctx.db);
    for (const p of [a, b, banned]) p.close();
  });

  it('join from the online list: pairs with a searcher; a user not searching is gone', async () => {
    const host = await matchPlayer(server, admin, { wbx: 100_000n });
    const joiner = await matchPlayer(server, admin, { wbx: 100_000n });
    const gone = await joiner.http.post(MATCH_ROUTES.join, { uid: host.uid });
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(MATCH_TEXTS.matchGone);
    expect((await host.http.post(MATCH_ROUTES.seek, wbxSeek(500, 'wmgt_000003'))).status).toBe(200);
    clock.advance(3_000);
    const joined = await joiner.http.post(MATCH_ROUTES.join, { uid: host.uid });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.matchmaking).toMatchObject({ state: 'matched', bet: 500, opponent: { uid: host.uid } });
    expect((await changed(host, (m) => m.state === 'matched')).opponent.uid).toBe(joiner.uid);
    clock.advance(3_000);
    expect((await host.http.post(MATCH_ROUTES.cancel, {})).status).toBe(200);
    expect((await current(joiner)).declinedBy).toBe('opponent');
    host.close();
    joiner.close();
  });

  it('hostile bodies and ids on every route: never a 500, nothing changed', async () => {
    const p = await matchPlayer(server, admin, { wbx: 100_000n });
    const hostileValue = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(-1, 1e308, '', 'usd', null, [], {}, '__proto__'),
    );
    const options = {
      value: hostileValue,
      protoPayloads: ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'],
      contentTypes: ['text/plain', 'application/x-www-form-urlencoded', null],
    };
    const routes: Array<{
      path: string;
      method: string;
      keys: string[];
      schema: z.ZodType;
      who: Registered | typeof p;
    }> = [
      {
        path: MATCH_ROUTES.seek,
        method: 'POST',
        keys: ['gameType', 'c', 'bet', 'deviceGps'],
        schema: SeekRequest,
        who: p,
      },
      { path: MATCH_ROUTES.join, method: 'POST', keys: ['uid', 'deviceGps'], schema: JoinRequest, who: p },
      {
        path: MATCH_ROUTES.challenges,
        method: 'POST',
        keys: ['uid', 'gameType', 'c', 'bet', 'giveaway'],
        schema: CreateChallengeRequest,
        who: p,
      },
      {
        path: MATCH_ROUTES.acceptChallenge('nope'),
        method: 'POST',
        keys: ['deviceGps'],
        schema: AcceptChallengeRequest.refine(() => false),
        who: p,
      },
      { path: MATCH_ROUTES.adminModes, method: 'PUT', keys: ['modes'], schema: UpdateModesRequest, who: admin },
      {
        path: MATCH_ROUTES.adminMinRequirement('wbx', 'wbx_2'),
        method: 'PUT',
        keys: ['minRequirement'],
        schema: UpdateMinRequirementRequest,
        who: admin,
      },
    ];
    const catalogBefore = (await p.http.get(MATCH_ROUTES.catalog)).body;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody(options, route.keys), async (body) => {
          fc.pre(!validFor(route.schema, body));
          clock.advance(3_000);
          const client = 'client' in route.who ? route.who.client : route.who.http;
          const res = await send(client, route.method, route.path, body);
          if (res.status < 400 || res.status >= 500)
            throw new Error(
              `${route.path} ${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${describeBody(body)}`,
            );
          expect(res.body?.error?.code).toBeTypeOf('string');
        }),
        { numRuns: samples(25) },
      );
    }
    for (const id of ['..', 'a'.repeat(200), '%00', "x' or 1=1", '__proto__']) {
      for (const path of [
        MATCH_ROUTES.acceptChallenge(encodeURIComponent(id)),
        MATCH_ROUTES.declineChallenge(encodeURIComponent(id)),
        MATCH_ROUTES.adminWagerValue('eur', encodeURIComponent(id)),
      ]) {
        const res = await admin.client.post(path, { value: 5 });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
    expect(await current(p)).toBeNull();
    expect(await recordsOf(server, p.uid)).toEqual([]);
    expect((await p.http.get(MATCH_ROUTES.catalog)).body).toEqual(catalogBefore);
    p.close();
  });
});
