import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MATCH_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { DatabaseKind } from '../../src/platform/db/database.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { createWalletCore } from '../../src/modules/wallet/module.ts';
import { MatchMoney } from '../../src/modules/matchmaking/settlement.ts';
import { MatchViews } from '../../src/modules/matchmaking/view.ts';
import { matchRecords } from '../../src/modules/matchmaking/schema.ts';
import { setUserColumns, type Registered } from '../accounts/support.ts';
import { Player } from '../play/support.ts';
import type { TestServer } from '../support/server.ts';
import {
  adminDeposit,
  eventually,
  gpsAt,
  startWalletServer,
  testWalletLinks,
  verifiedUser,
} from '../wallet/support/wallet.ts';

export { eventually };

/** A suite's server on a manual clock (debounce and deadlines move with it), with its admin. */
export async function startMatchServer(kind: DatabaseKind) {
  const { server, admin } = await startWalletServer(kind, { clock: 'manual' });
  return { server, admin, clock: server.clock as ManualClock };
}

/**
 * A second instance's money side on the same database: its own wallet core (with its escrow
 * sweeper) and its own match settlement, registered as the `match:` escrow resolver, so a test
 * races a finish and a sweep the way two instances would.
 */
export function secondInstanceMoney(server: Pick<TestServer, 'ctx'>) {
  const { db, clock, hub, log } = server.ctx;
  const core = createWalletCore(server.ctx, testWalletLinks());
  const money = new MatchMoney(
    db,
    clock,
    core,
    { createGame: () => Promise.reject(new Error('unused')) },
    new MatchViews(db, clock, hub, log),
    log,
  );
  core.escrowResolvers.register('match:', money.resolver());
  return { sweeper: core.escrowSweeper, money };
}

/** RushCoins through the wallet (the issuance account), as a reward would credit them. */
export async function grantRc(server: Pick<TestServer, 'ctx'>, uid: string, minor: bigint) {
  const core = createWalletCore(server.ctx, testWalletLinks());
  const user = accountOf.user(uid, 'wbx');
  const issuance = accountOf.issuance();
  await core.movements.move({
    key: `test:rc:${crypto.randomUUID()}`,
    kind: 'reward',
    currency: 'wbx',
    accounts: [issuance, user],
    legs: () => [{ from: issuance, to: user, amount: minor }],
  });
}

export interface Funding {
  /** USD cents by admin deposit (also makes the wallet ready). */
  usd?: number;
  /** RushCoin minor units. */
  wbx?: bigint;
  /** Cash play without a provisional block unless told otherwise. */
  level?: string;
}

/** A verified, funded user with a socket following their own user topic. */
export async function matchPlayer(server: TestServer, admin: Registered, funding: Funding = {}): Promise<Player> {
  const user = await verifiedUser(server);
  if (funding.usd) expect((await adminDeposit(admin, user.uid, funding.usd)).status).toBe(200);
  if (funding.wbx) await grantRc(server, user.uid, funding.wbx);
  await setUserColumns(server, user.uid, { verifiedLevel: funding.level ?? 'bypassProvisional' });
  const p = await Player.join(server, user);
  await p.follow(`user:${user.uid}`);
  return p;
}

export const usdSeek = (server: TestServer, bet = 5, gameType = 'wmgt_000001') => ({
  gameType,
  c: 'usd',
  bet,
  deviceGps: gpsAt(server),
});
export const wbxSeek = (bet = 50, gameType = 'wmgt_000001') => ({ gameType, c: 'wbx', bet });

/** The user's current record over HTTP. */
export async function current(p: Player) {
  const res = await p.http.get(MATCH_ROUTES.current);
  expect(res.status).toBe(200);
  return res.body.matchmaking;
}

/** Waits for a `matchmaking.changed` whose record matches. */
export async function changed(p: Player, match: (m: any) => boolean, timeoutMs = 5_000): Promise<any> {
  return (await p.event('matchmaking.changed', (d) => d.matchmaking !== null && match(d.matchmaking), timeoutMs))
    .matchmaking;
}

export async function recordsOf(server: TestServer, uid: string) {
  return server.ctx.db.select().from(matchRecords).where(eq(matchRecords.uid, uid));
}

/** Seeks for both (the debounce is per user, so no wait) and waits until both are matched. */
export async function pairUp(server: TestServer, a: Player, b: Player, body: Record<string, unknown>) {
  const ra = await a.http.post(MATCH_ROUTES.seek, body);
  expect(ra.status, JSON.stringify(ra.body)).toBe(200);
  const rb = await b.http.post(MATCH_ROUTES.seek, body);
  expect(rb.status, JSON.stringify(rb.body)).toBe(200);
  await changed(a, (m) => m.state === 'matched');
  await changed(b, (m) => m.state === 'matched');
}

/** Pairs, both accept, waits for the game; answers its id. */
export async function startMatch(server: TestServer, a: Player, b: Player, body: Record<string, unknown>) {
  await pairUp(server, a, b, body);
  expect((await a.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
  expect((await b.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
  const started = await a.event('game.started');
  await b.event('game.started', (d) => d.gameId === started.gameId);
  const m = await changed(a, (x) => x.state === 'playing');
  expect(m.gameId).toBe(started.gameId);
  return started.gameId as string;
}

/** The two players of a started game by colour, each watching it. */
export async function seated(a: Player, b: Player, gameId: string): Promise<{ white: Player; black: Player }> {
  const view = await a.view(gameId);
  const [white, black] = view.white.uid === a.uid ? [a, b] : [b, a];
  await white.watch(gameId);
  await black.watch(gameId);
  return { white, black };
}
