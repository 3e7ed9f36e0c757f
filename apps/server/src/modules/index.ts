import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import type { SocketAuthenticator } from '../platform/realtime/types.ts';
import { registerAccounts } from './accounts/index.ts';
import type { EngineService } from './engine/index.ts';
import { createAdminTrail, registerAdmin } from './admin/index.ts';
import { registerBots } from './bots/index.ts';
import { registerMatchmaking } from './matchmaking/index.ts';
import { registerOnline } from './online/index.ts';
import { registerPlay } from './play/index.ts';
import { FriendshipStore, registerSocial } from './social/index.ts';
import { registerBattle, registerPuzzles } from './puzzles/index.ts';
import { registerReports } from './reports/index.ts';
import { registerStats } from './stats/index.ts';
import { readHeaderBalances, registerWallet } from './wallet/index.ts';

export interface Modules {
  authenticateSocket: SocketAuthenticator;
  close(): Promise<void>;
}

/** Every capability registers its routes, topics and commands here. */
export interface ModuleDeps {
  /** The Stockfish pool behind a service, made by the composition root (closed after the modules). */
  engine: EngineService;
}

export async function registerModules(app: FastifyInstance, ctx: AppContext, deps: ModuleDeps): Promise<Modules> {
  // `Me` reads the ledger's balances and the friends list's badge; accounts depends on neither.
  const accounts = await registerAccounts(app, ctx, {
    readBalances: (uid) => readHeaderBalances(ctx.db, uid),
    readPendingFriendInvites: (uid) => new FriendshipStore(ctx.db).pendingInviteCount(uid),
  });
  const wallet = await registerWallet(app, ctx, accounts.profile);
  // The audit log and the consoles' notices, for every capability with admin writes.
  const admin = createAdminTrail(ctx);
  const play = await registerPlay(app, ctx, {
    // The wallet pays the 500 RC link reward under its idempotency key (once per user ever).
    reward: { grantLinkReward: async (uid) => (await wallet.rewards.grantLinkReward(uid)).status === 'applied' },
    profile: accounts.profile,
  });
  // The wallet's top-up rule asks whether a game is running.
  wallet.rewards.setGameActivity({ isGameRunning: (uid) => play.isGameRunning(uid) });
  const matchmaking = await registerMatchmaking(app, ctx, { wallet, play, admin });
  // Bot games: built-in games against a system user per level, moves from the engine service.
  const bots = await registerBots(app, ctx, { wallet, play, engine: deps.engine });
  // Casual and Solo Rush; the battle lobbies build on what it returns (attempts, selection, ratingOf).
  const puzzles = await registerPuzzles(app, ctx);
  const battle = registerBattle(app, ctx, { wallet, puzzles });
  const stats = registerStats(app, ctx);
  // The landing's online users with their activities; player and bug reports.
  const online = registerOnline(app, ctx);
  const reports = await registerReports(app, ctx, admin);
  registerSocial(app, ctx);
  // The console acts through the capabilities above (ban: out of the queue and the lobbies).
  registerAdmin(app, ctx, admin, {
    wallet,
    profile: accounts.profile,
    isAdmin: (uid) => accounts.isAdmin(uid),
    queue: matchmaking.queue,
    battle: battle.battle,
    reports,
    stats,
  });
  return {
    authenticateSocket: accounts.authenticateSocket,
    async close() {
      await online.close();
      await puzzles.close();
      await bots.close();
      await matchmaking.close();
      await play.close();
      await wallet.close();
      await accounts.close();
    },
  };
}
