import { describe, expect, it } from 'vitest';
import { PUZZLE_TEXTS } from '@rush/domain';
import { PUZZLE_ROUTES, SoloRunView } from '@rush/protocol';
import type { Registered } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { rc } from '../wallet/support/wallet.ts';
import { battler, createLobby, settings, startBattleServer } from './battle-support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

type Player = Awaited<ReturnType<typeof battler>>;

/** Issue 20 item 8: one puzzle game at a time; a solo rush and a battle refuse each other. */
describe.each(POSTGRES_TOO)('one puzzle game at a time (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startBattleServer(kind)));

  const startSolo = (p: Player) => p.http.post(PUZZLE_ROUTES.soloStart, {});
  const refusal = (res: { status: number; body: { error?: { message: string } } }) => [
    res.status,
    res.body.error?.message,
  ];

  itOnPglite(
    'a solo rush in play: creating or joining a battle is refused, nothing is staked; after it, both work',
    async () => {
      const [player, owner] = [await battler(server, admin), await battler(server, admin)];
      const run = SoloRunView.parse((await startSolo(player)).body);
      const lobby = await createLobby(owner);
      const funds = await rc(server, player.uid);

      const create = await player.http.post(PUZZLE_ROUTES.lobbies, { settings: settings() });
      expect(refusal(create)).toEqual([409, PUZZLE_TEXTS.inSoloRush]);
      const join = await player.http.post(PUZZLE_ROUTES.join(lobby.id), {});
      expect(refusal(join)).toEqual([409, PUZZLE_TEXTS.inSoloRush]);
      expect(await rc(server, player.uid)).toBe(funds);

      expect((await player.http.post(PUZZLE_ROUTES.soloFinish(run.runId), {})).status).toBe(200);
      expect((await player.http.post(PUZZLE_ROUTES.join(lobby.id), {})).status).toBe(200);
    },
  );

  itOnPglite('a battle seat: a solo rush is refused until the player leaves the lobby', async () => {
    const owner = await battler(server, admin);
    const lobby = await createLobby(owner);
    expect(refusal(await startSolo(owner))).toEqual([409, PUZZLE_TEXTS.inBattle]);
    expect((await owner.http.get(PUZZLE_ROUTES.active)).body.active).toMatchObject({ mode: 'battle', id: lobby.id });
    expect((await owner.http.post(PUZZLE_ROUTES.leave(lobby.id), {})).status).toBe(200);
    expect((await startSolo(owner)).status).toBe(200);
  });

  it('a solo start and a battle create at once: exactly one puzzle game begins', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await battler(server, admin);
      const [solo, battle] = await Promise.all([
        startSolo(p),
        p.http.post(PUZZLE_ROUTES.lobbies, { settings: settings() }),
      ]);
      expect([solo.status, battle.status].sort()).toEqual([200, 409]);
      const active = (await p.http.get(PUZZLE_ROUTES.active)).body.active as { mode: string };
      expect(active.mode).toBe(solo.status === 200 ? 'solo' : 'battle');
    }
  });
});
