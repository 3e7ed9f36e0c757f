import { describe, expect, it } from 'vitest';
import { MATCH_TEXTS, TEXTS } from '@rush/domain';
import { MATCH_ROUTES, MatchmakingUserEvents, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Registered } from '../accounts/support.ts';
import type { TestServer } from '../support/server.ts';
import { rc } from '../wallet/support/wallet.ts';
import type { Player } from '../play/support.ts';
import { changed, current, matchPlayer, pairUp, startMatchServer, wbxSeek } from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const DAY = 86_400_000;
const shown = (d: Date) => `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;

/**
 * Issue 37 on matchmaking's paths: Find Match, challenges and giveaways refuse a player on a break
 * or past a loss limit before the queue, and a break taken after pairing stops the stake itself
 * (judged in the stake's ledger movement), with the player's own reason. The race of two stakes
 * runs on PostgreSQL in test/wallet/responsible-gaming.test.ts.
 */
describe('breaks and loss limits on matches, challenges and giveaways', () => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startMatchServer('pglite')));

  const takeBreak = async (p: Player) => {
    const res = await p.http.post(WALLET_ROUTES.coolOff, { choice: '24h' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TEXTS.coolOffActive(shown(new Date(clock.now().getTime() + DAY)));
  };
  const refused = (res: { status: number; body: any }, reason: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'MATCH_REFUSED', message, fields: { reason } });
  };

  it('Find Match: a break taken after pairing stops the stake; a new seek is refused before the queue', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    await pairUp(server, a, b, wbxSeek(50));
    const text = await takeBreak(a);
    expect((await a.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    expect((await b.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    expect(await changed(a, (m) => m.state === 'error')).toMatchObject({ message: text });
    expect(await changed(b, (m) => m.state === 'error')).toMatchObject({ message: MATCH_TEXTS.couldNotStartGame });
    expect(await rc(server, a.uid)).toBe(100_000n);
    expect(await rc(server, b.uid)).toBe(100_000n);
    // Past matchmaking's debounce (SPEC 9: 3 s), on the suite's clock.
    clock.advance(3_001);
    refused(await a.http.post(MATCH_ROUTES.seek, wbxSeek(50)), 'coolOff', text);
    a.close();
    b.close();
  });

  it('a loss limit refuses a seek whose stake could pass it, with its text', async () => {
    const p = await matchPlayer(server, admin, { wbx: 100_000n });
    const set = await p.http.put(WALLET_ROUTES.lossLimits, { currency: 'wbx', period: 'week', max: 4_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    refused(
      await p.http.post(MATCH_ROUTES.seek, wbxSeek(50)),
      'lossLimit',
      TEXTS.lossLimitPassed('weekly', '40.00 RC'),
    );
    expect(await current(p)).toBeNull();
    p.close();
  });

  it('challenges: a player on a break can neither send nor accept one', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const body = (to: Player) => ({ uid: to.uid, gameType: 'wmgt_000001', c: 'wbx', bet: 50 });
    const sent = await a.http.post(MATCH_ROUTES.challenges, body(b));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await b.event(MatchmakingUserEvents.challenge, (d) => d.challenge.id === sent.body.id);
    const text = await takeBreak(b);
    refused(await b.http.post(MATCH_ROUTES.acceptChallenge(sent.body.id), {}), 'coolOff', text);
    refused(await b.http.post(MATCH_ROUTES.challenges, body(a)), 'coolOff', text);
    expect(await rc(server, b.uid)).toBe(100_000n);
    a.close();
    b.close();
  });

  it('giveaways: the creator on a break cannot send one, and a break taken before it starts stops the stake', async () => {
    const creator = await matchPlayer(server, admin, { wbx: 100_000n, level: 'contentCreator' });
    const friend = await matchPlayer(server, admin);
    const giveaway = { uid: friend.uid, gameType: 'wmgt_000001', c: 'wbx', bet: 100, giveaway: true };
    const sent = await creator.http.post(MATCH_ROUTES.challenges, giveaway);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await friend.event(MatchmakingUserEvents.challenge, (d) => d.challenge.id === sent.body.id);
    const text = await takeBreak(creator);
    // The friend may accept (they stake nothing); the creator's stake is what the break stops.
    const accepted = await friend.http.post(MATCH_ROUTES.acceptChallenge(sent.body.id), {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await changed(creator, (m) => m.state === 'error')).toMatchObject({ message: text });
    expect(await rc(server, creator.uid)).toBe(100_000n);
    refused(await creator.http.post(MATCH_ROUTES.challenges, giveaway), 'coolOff', text);
    creator.close();
    friend.close();
  });
});
