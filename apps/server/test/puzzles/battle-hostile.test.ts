import { checkChatText } from '@rush/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CreateLobbyRequest,
  JoinLobbyRequest,
  KickRequest,
  LobbyChatRequest,
  PUZZLE_ROUTES,
  RushMoveRequest,
  SkipRequest,
} from '@rush/protocol';
import type { z } from 'zod';
import type { Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { describeBody, hostileBody, send, validFor } from '../support/hostile-input.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc } from '../wallet/support/wallet.ts';
import { battler, createLobby, join, startBattleServer } from './battle-support.ts';
import { samples } from '../support/samples.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(DB_KINDS)('battle routes under hostile input (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startBattleServer(kind)));

  it('hostile bodies and ids: never a 500, no money moved', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const lobby = await createLobby(owner, { maxParticipants: 3 });
    await join(guest, lobby.id);
    expect((await owner.http.post(PUZZLE_ROUTES.start(lobby.id), {})).status).toBe(200);
    const hostileValue = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(-1, 1e308, '', 'usd', null, [], {}, '__proto__', 'a'.repeat(200)),
    );
    const options = {
      value: hostileValue,
      protoPayloads: ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'],
      contentTypes: ['text/plain', 'application/x-www-form-urlencoded', null],
      controlChars: true,
    };
    const never = (s: z.ZodType) => s.refine(() => false);
    const id = lobby.id;
    // The guest is in a started battle: every valid body there is refused for a reason too (4xx).
    // Chat may take what decodes to a sendable line (raw bytes the parser repairs): 200 is fine there.
    const routes: Array<{ path: string; keys: string[]; schema: z.ZodType; mayAccept?: boolean }> = [
      { path: PUZZLE_ROUTES.lobbies, keys: ['settings', 'deviceGps'], schema: never(CreateLobbyRequest) },
      { path: PUZZLE_ROUTES.join(id), keys: ['code', 'deviceGps'], schema: never(JoinLobbyRequest) },
      { path: PUZZLE_ROUTES.joinByCode, keys: ['code', 'deviceGps'], schema: never(JoinLobbyRequest) },
      { path: PUZZLE_ROUTES.kick(id), keys: ['uid'], schema: never(KickRequest) },
      {
        path: PUZZLE_ROUTES.chat(id),
        keys: ['text'],
        schema: LobbyChatRequest.refine((b) => checkChatText(b.text).ok),
        mayAccept: true,
      },
      { path: PUZZLE_ROUTES.battleMove(id), keys: ['attemptId', 'ply', 'uci'], schema: never(RushMoveRequest) },
      { path: PUZZLE_ROUTES.battleSkip(id), keys: ['attemptId'], schema: never(SkipRequest) },
    ];
    const before = await rc(server, guest.uid);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody(options, route.keys), async (body) => {
          fc.pre(!validFor(route.schema, body));
          const res = await send(guest.http, 'POST', route.path, body);
          if (route.mayAccept && res.status === 200) return;
          if (res.status < 400 || res.status >= 500)
            throw new Error(
              `${route.path} ${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${describeBody(body)}`,
            );
          expect(res.body?.error?.code).toBeTypeOf('string');
        }),
        { numRuns: samples(25) },
      );
    }
    for (const bad of ['..', 'a'.repeat(200), '%00', "x' or 1=1", '__proto__', 'nope']) {
      const enc = encodeURIComponent(bad);
      for (const path of [PUZZLE_ROUTES.lobby(enc), PUZZLE_ROUTES.battlePuzzle(enc)]) {
        const res = await guest.http.get(path);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      for (const path of [
        PUZZLE_ROUTES.join(enc),
        PUZZLE_ROUTES.leave(enc),
        PUZZLE_ROUTES.start(enc),
        PUZZLE_ROUTES.forfeit(enc),
        PUZZLE_ROUTES.battleSkip(enc),
      ]) {
        const res = await guest.http.post(path, {});
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
    expect(await rc(server, guest.uid)).toBe(before);
    expect(
      (await guest.http.get(PUZZLE_ROUTES.lobby(id))).body.lobby.participants.find((p: any) => p.uid === guest.uid),
    ).toMatchObject({ left: false, strikes: 0 });
    await expectLedgerInvariants(server.ctx.db);
  });
});
