import { describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { PUZZLE_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { CoolOffError } from '../../src/modules/wallet/index.ts';
import { createWalletCore } from '../../src/modules/wallet/module.ts';
import type { Registered } from '../accounts/support.ts';
import type { TestServer } from '../support/server.ts';
import { rc, testWalletLinks } from '../wallet/support/wallet.ts';
import { battler, createLobby, settings, startBattleServer } from './battle-support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const DAY = 86_400_000;
const shown = (d: Date) => `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;

/** Issue 37 on battle lobbies: creating or joining one is refused in a break or past a loss limit. */
describe('battle lobbies during a break or past a loss limit', () => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startBattleServer('pglite')));

  it('a player on a break can neither create nor join a lobby, and the lobby stake itself is refused', async () => {
    const p = await battler(server, admin);
    const res = await p.http.post(WALLET_ROUTES.coolOff, { choice: '24h' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = TEXTS.coolOffActive(shown(new Date(clock.now().getTime() + DAY)));
    const created = await p.http.post(PUZZLE_ROUTES.lobbies, { settings: settings() });
    expect([created.status, created.body.error]).toEqual([
      400,
      { code: 'MATCH_REFUSED', message: text, fields: { reason: 'coolOff' } },
    ]);
    const host = await battler(server, admin);
    const { id } = await createLobby(host);
    const joined = await p.http.post(PUZZLE_ROUTES.join(id), {});
    expect([joined.status, joined.body.error.message]).toEqual([400, text]);
    // The lobby's stake goes through the wallet's escrow: refused there too.
    // PGlite is enough: a second wallet core only to call the escrow directly, nothing side by side.
    const escrow = createWalletCore(server.ctx, testWalletLinks()).escrow;
    const err = await escrow
      .hold({ ref: `lobby:${id}`, uid: p.uid, currency: 'wbx', amount: 5_000n, seat: 'rg' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoolOffError);
    expect(await rc(server, p.uid)).toBe(100_000n);
    p.close();
    host.close();
  });

  it('a loss limit refuses joining a lobby whose stake could pass it', async () => {
    const host = await battler(server, admin);
    const { id } = await createLobby(host);
    const p = await battler(server, admin);
    const set = await p.http.put(WALLET_ROUTES.lossLimits, { currency: 'wbx', period: 'day', max: 4_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const joined = await p.http.post(PUZZLE_ROUTES.join(id), {});
    expect([joined.status, joined.body.error.message]).toEqual([400, TEXTS.lossLimitPassed('daily', '40.00 RC')]);
    expect(await rc(server, p.uid)).toBe(100_000n);
    p.close();
    host.close();
  });
});
