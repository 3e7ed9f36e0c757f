import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import type { SocketAuthenticator } from '../platform/realtime/types.ts';
import { registerAccounts } from './accounts/routes.ts';
import { registerAdmin } from './admin/module.ts';
import { registerMatchmaking } from './matchmaking/module.ts';
import { registerOnline } from './online/module.ts';
import { registerPlay } from './play/module.ts';
import { registerBattle } from './puzzles/battle/module.ts';
import { registerSocial } from './social/module.ts';
import { registerPuzzles } from './puzzles/module.ts';
import { registerReports } from './reports/module.ts';
import { registerStats } from './stats/module.ts';
import { registerWallet } from './wallet/module.ts';

export interface Modules {
  authenticateSocket: SocketAuthenticator;
  close(): Promise<void>;
}

/** Every capability registers its routes, topics and commands here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<Modules> {
  const accounts = await registerAccounts(app, ctx);
  const wallet = await registerWallet(app, ctx, accounts.profile);
  registerAdmin(app, wallet);
  const play = await registerPlay(app, ctx, {
    // The wallet pays the 500 RC link reward under its idempotency key (once per user ever).
    reward: { grantLinkReward: async (uid) => (await wallet.rewards.grantLinkReward(uid)).status === 'applied' },
    profile: accounts.profile,
  });
  // The wallet's top-up rule asks whether a game is running.
  wallet.rewards.setGameActivity({ isGameRunning: (uid) => play.isGameRunning(uid) });
  const matchmaking = await registerMatchmaking(app, ctx, { wallet, play });
  // Casual and Solo Rush; the battle lobbies build on what it returns (attempts, selection, ratingOf).
  const puzzles = await registerPuzzles(app, ctx);
  registerBattle(app, ctx, { wallet, puzzles });
  registerStats(app, ctx);
  // The landing's online users with their activities; player and bug reports.
  const online = registerOnline(app, ctx);
  await registerReports(app, ctx);
  registerSocial(app, ctx);
  return {
    authenticateSocket: accounts.authenticateSocket,
    async close() {
      await online.close();
      await puzzles.close();
      await matchmaking.close();
      await play.close();
      await wallet.close();
      await accounts.close();
    },
  };
}
