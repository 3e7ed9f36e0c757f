import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Database, DatabaseKind } from '../../src/platform/db/database.ts';
import { TokenCipher } from '../../src/modules/lichess/index.ts';
import { lichessAccounts } from '../../src/modules/lichess/schema.ts';
import { games } from '../../src/modules/play/schema.ts';
import type { Registered } from '../accounts/support.ts';
import { matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import type { Player } from '../play/support.ts';
import { createTestDatabase } from '../support/database.ts';
import {
  startLichessEmulator,
  type LichessEmulator,
  type LichessEmulatorOptions,
} from '../support/lichess-emulator/emulator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser } from '../wallet/support/wallet.ts';
import { link } from './link-support.ts';

/**
 * A server on Lichess (CHESS_PLATFORM=lichess) against the emulator, for the suites of games on
 * Lichess: linked, funded players, matched games, the tokens the server holds, and a restart on
 * the same database.
 */
export interface LichessWorld {
  emu: LichessEmulator;
  server: TestServer;
  clock: ManualClock;
  database: Database & { url?: string };
  admin: Registered;
  env(): Record<string, string>;
  lichessPlayer(opts?: { usd?: number }): Promise<Player & { lichess: string }>;
  matchedGame(stake?: number): Promise<{
    gameId: string;
    externalId: string;
    white: Player & { lichess: string };
    black: Player & { lichess: string };
  }>;
  tokenOf(uid: string): Promise<string>;
  rowOf(gameId: string): Promise<typeof games.$inferSelect>;
  /** A move made on Lichess itself with the player's token, not through us. */
  moveOnLichess(uid: string, externalId: string, uci: string): Promise<number>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

let names = 0;

export async function lichessWorld(
  kind: DatabaseKind,
  emuOpts: LichessEmulatorOptions = {},
  extraEnv: Record<string, string> = {},
): Promise<LichessWorld> {
  const tokenKey = crypto.randomBytes(32).toString('hex');
  const cipher = new TokenCipher(tokenKey);
  const emu = await startLichessEmulator({ keepAliveMs: 50, ...emuOpts });
  const database = await createTestDatabase(kind);
  const clock = new ManualClock();
  const bulkToken = emu.bulkToken();
  const env = () => ({
    ...ADMIN_ENV,
    CHESS_PLATFORM: 'lichess',
    LICHESS_URL: emu.url,
    LICHESS_TOKEN_KEY: tokenKey,
    LICHESS_BULK_TOKEN: bulkToken,
    ...extraEnv,
  });
  const world: LichessWorld = {
    emu,
    clock,
    database,
    server: await startTestServer({ kind, clock, database, env: env() }),
    admin: undefined as unknown as Registered,
    env,
    async lichessPlayer(opts = {}) {
      const p = await matchPlayer(world.server, world.admin, { usd: opts.usd ?? 2000 });
      const name = `Lq${process.pid % 1000}x${++names}`;
      emu.addUser(name, { blitz: { rating: 1600, games: 120 }, rapid: { rating: 1600, games: 120 } });
      const res = await link(world.server, emu, p.user, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Object.assign(p, { lichess: name });
    },
    async matchedGame(stake = 5) {
      const a = await world.lichessPlayer();
      const b = await world.lichessPlayer();
      const gameId = await startMatch(world.server, a, b, usdSeek(world.server, stake));
      const row = await world.rowOf(gameId);
      const white = row.whiteId === a.uid ? a : b;
      const black = white === a ? b : a;
      await white.watch(gameId);
      await black.watch(gameId);
      return { gameId, externalId: row.externalId!, white, black };
    },
    async tokenOf(uid) {
      const [row] = await database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, uid));
      return cipher.decrypt(row!.tokenEnc, uid);
    },
    async rowOf(gameId) {
      return (await database.db.select().from(games).where(eq(games.id, gameId)))[0]!;
    },
    async moveOnLichess(uid, externalId, uci) {
      const res = await fetch(`${emu.url}/api/board/game/${externalId}/move/${uci}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await world.tokenOf(uid)}` },
      });
      return res.status;
    },
    async restart() {
      await world.server.stop();
      world.server = await startTestServer({ kind, clock, database, env: env() });
    },
    async close() {
      await world.server?.stop();
      await database?.close();
      await emu?.close();
    },
  };
  world.admin = await adminUser(world.server);
  return world;
}
