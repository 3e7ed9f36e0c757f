import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import type { MetricSources } from '../platform/http/metrics.ts';
import type { SocketAuthenticator } from '../platform/realtime/types.ts';
import { registerAccounts } from './accounts/index.ts';
import type { EngineService } from './engine/index.ts';
import { registerAdmin } from './admin/index.ts';
import { createAdminTrail } from './audit/index.ts';
import { registerBots } from './bots/index.ts';
import { PayoutGate, registerFairplay, underSuspicion } from './fairplay/index.ts';
import { registerMatchmaking } from './matchmaking/index.ts';
import { registerOnline } from './online/index.ts';
import { createLichess, linkedLichessRatings } from './lichess/index.ts';
import { createPlayCore, gamesPlayedIn, isGameRunning, playersIn, registerPlay } from './play/index.ts';
import { FriendshipStore, registerSocial } from './social/index.ts';
import { registerBattle, registerPuzzles } from './puzzles/index.ts';
import { registerReports } from './reports/index.ts';
import { registerStats } from './stats/index.ts';
import { readCoolOffUntil, readHeaderBalances, registerWallet } from './wallet/index.ts';

export interface Modules {
  authenticateSocket: SocketAuthenticator;
  /** The figures the metrics report (platform/http/metrics.ts). */
  figures: Pick<MetricSources, 'liveFigures' | 'lastReconciliation'>;
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
    readCoolOffUntil: (uid) => readCoolOffUntil(ctx.db, uid, ctx.clock.now()),
  });
  // What the wallet asks of play (the top-up rule) and fair play (withdrawals stop while a user is
  // suspected) are reads of their tables, made here before either exists: no setter, no order.
  const wallet = await registerWallet(app, ctx, {
    profile: accounts.profile,
    games: {
      isGameRunning: (uid) => isGameRunning(ctx.db, uid),
      playedIn: (uid, from, to) => gamesPlayedIn(ctx.db, uid, from, to),
      playersIn: (from, to) => playersIn(ctx.db, from, to),
    },
    suspicion: (uid) => underSuspicion(ctx.db, uid),
  });
  // The audit log and the consoles' notices, for every capability with admin writes.
  const admin = createAdminTrail(ctx);
  // The wallet pays the 500 RC link reward under its idempotency key (once per user ever).
  const reward = {
    grantLinkReward: async (uid: string) => (await wallet.rewards.grantLinkReward(uid)).status === 'applied',
  };
  // Play's core first; with CHESS_PLATFORM=lichess the Lichess adapter and link are built on it
  // and handed to play. A Lichess-linked user's ratings are read from the lichess module's rows.
  const core = createPlayCore(ctx, (uid) => linkedLichessRatings(ctx.db, uid));
  const lichess = ctx.config.lichess
    ? createLichess(ctx, ctx.config.lichess, { ...core, reward, profile: accounts.profile })
    : null;
  const play = await registerPlay(app, ctx, core, { reward, profile: accounts.profile, lichess });
  // Fair play's gate on payouts and its analysis queue (issue 14): every game that finishes is
  // queued in its finishing transaction, and a decided staked game pays only after its analysis.
  const payoutGate = new PayoutGate(ctx.db, ctx.clock);
  play.onGameFinished((tx, game) => payoutGate.enqueueFinished(tx, game));
  // Each capability gets only the wallet's ports it names (wallet/ports.ts).
  const escrows = wallet.escrowResolvers;
  const matchmaking = await registerMatchmaking(app, ctx, {
    wallet: { escrow: wallet.escrow, rewards: wallet.rewards, escrows, facts: wallet.facts },
    play,
    admin,
    payoutGate,
  });
  // Bot games: built-in games against a system user per level, moves from the engine service.
  // A person's win against a bot waits for fair play too (issue 33).
  const bots = await registerBots(app, ctx, {
    wallet: { movements: wallet.movements, escrows, facts: wallet.facts },
    play,
    engine: deps.engine,
    payoutGate,
  });
  // Casual and Solo Rush; the battle lobbies build on what it returns (attempts, selection, ratingOf).
  const puzzles = await registerPuzzles(app, ctx);
  const battle = registerBattle(app, ctx, { wallet: { escrow: wallet.escrow, escrows, facts: wallet.facts }, puzzles });
  const fairplay = registerFairplay(app, ctx, {
    gate: payoutGate,
    engine: deps.engine,
    movements: wallet.movements,
    trail: admin,
    // Each settles only its own games (by the escrow prefix of the game's source).
    release: async (game) => {
      await matchmaking.money.finish(game);
      await bots.settler.onGameEnded(game);
    },
    accountRestricted: (uid) => accounts.profile.accountRestricted(uid),
    standingChanged: (uid) => accounts.profile.standingChanged(uid),
    kick: (uid) => matchmaking.queue.kick(uid),
    botClose: bots.reviewClose,
  });
  // A player's card shows the ratings play answers (the Lichess account's when linked).
  const stats = registerStats(app, ctx, { ratingsOf: (uid) => play.ratings(uid) });
  // The landing's online users with their activities; player and bug reports.
  const online = registerOnline(app, ctx);
  const reports = await registerReports(app, ctx, admin);
  registerSocial(app, ctx);
  // The console acts through the capabilities above (ban: out of the queue and the lobbies).
  registerAdmin(app, ctx, admin, {
    wallet: wallet.console,
    lossLimits: { inForce: (now) => wallet.responsible.inForce(now) },
    profile: accounts.profile,
    isAdmin: (uid) => accounts.isAdmin(uid),
    queue: matchmaking.queue,
    battle: battle.battle,
    reports,
    stats,
  });
  return {
    authenticateSocket: accounts.authenticateSocket,
    figures: {
      liveFigures: () => play.liveFigures(),
      async lastReconciliation() {
        const last = await wallet.reconciliation.last();
        return last && { ok: last.ok, checkedAt: last.checkedAt };
      },
    },
    async close() {
      await online.close();
      await fairplay.close();
      await puzzles.close();
      await bots.close();
      await matchmaking.close();
      // The follower stops before play's jobs and the last beat, as it did inside play.
      await lichess?.close();
      await play.close();
      await wallet.close();
      await accounts.close();
    },
  };
}
