import type { FastifyInstance } from 'fastify';
import { PUZZLE_TOPICS } from '@rush/protocol';
import type { AppContext } from '../../../platform/context.ts';
import { FactsReader } from '../../matchmaking/index.ts';
import type { Escrow, EscrowRegistry, WalletFacts } from '../../wallet/index.ts';
import { Attempts } from '../attempts.service.ts';
import { BattleService } from './battle.service.ts';
import { Eligibility } from './eligibility.ts';
import { LobbyStore } from './lobbies.store.ts';
import { LOBBY_PREFIX, LobbyMoney } from './money.ts';
import { battleRoutes } from './routes.ts';
import { LobbyViews } from './views.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';

export interface BattleOptions {
  /** How often the auto-start and end deadlines are swept (any instance). */
  sweepEveryMs: number;
}

export const DEFAULT_BATTLE_OPTIONS: BattleOptions = { sweepEveryMs: 250 };

export interface BattleModule {
  battle: BattleService;
  /** The lobby the user is seated in (created or started), for GET active. */
  activeBattleOf(uid: string): Promise<string | null>;
  close(): Promise<void>;
}

/** What the battle lobbies use of the wallet: their escrow's pot operations and sweep, the players' facts. */
export interface BattleWallet {
  escrow: Pick<Escrow, 'hold' | 'release' | 'refund' | 'settle'>;
  escrows: EscrowRegistry;
  facts: WalletFacts;
}

export interface BattleDepsIn {
  wallet: BattleWallet;
  /** The puzzles module's attempts (shared judging) and its GET active hook, when registered. */
  puzzles?: { attempts?: Attempts; setActiveBattleOf?: (lookup: (uid: string) => Promise<string | null>) => void };
}

/**
 * Battle Puzzle Rush (issue 6 items 5, 6): staked lobbies in the database, their topics
 * (`lobby:{id}`, `lobbies`), the `lobby:` escrow resolver and the deadline sweep.
 */
export function registerBattle(
  app: FastifyInstance,
  ctx: AppContext,
  deps: BattleDepsIn,
  options = DEFAULT_BATTLE_OPTIONS,
): BattleModule {
  const { db, clock, hub, log } = ctx;
  const views = new LobbyViews(db, clock, hub, log);
  const money = new LobbyMoney(db, deps.wallet.escrow, log);
  const eligibility = new Eligibility(db, new FactsReader(db, clock, deps.wallet.facts));
  const attempts = deps.puzzles?.attempts ?? new Attempts(clock);
  const battle = new BattleService({ db, clock, log, money, views, attempts, eligibility });

  deps.wallet.escrows.register(LOBBY_PREFIX, money.resolver());
  const idOf = (topic: string) => topic.slice(topic.indexOf(':') + 1);
  // lobby:{id} — a public lobby for anyone signed in; a private one for whoever is or was in it, unless kicked.
  hub.registerTopic('lobby', {
    authorize: async (conn, topic) => {
      if (!conn.userId) return false;
      const store = new LobbyStore(db);
      const lobby = await store.find(idOf(topic));
      if (!lobby) return false;
      if (lobby.settings.privacy === 'public') return true;
      return store.canRead(lobby.id, conn.userId);
    },
    snapshot: async (_conn, topic) => {
      const lobby = await new LobbyStore(db).find(idOf(topic));
      return lobby ? { lobby: await views.view(lobby, null) } : null;
    },
  });
  hub.registerTopic(PUZZLE_TOPICS.lobbies, {
    authorize: (conn) => conn.userId !== null,
    snapshot: async () => ({ lobbies: await views.summaries() }),
  });

  battleRoutes(app, { battle, views });

  const activeBattleOf = async (uid: string) => (await battle.activeOf(uid))?.id ?? null;
  deps.puzzles?.setActiveBattleOf?.(activeBattleOf);

  const jobs = new JobRunner([{ name: 'battle-sweep', everyMs: options.sweepEveryMs, run: () => battle.sweep() }], log);
  jobs.start();
  // Stopped with the app, so the composition root only has to register the module.
  app.addHook('onClose', () => jobs.stop());
  return { battle, activeBattleOf, close: () => jobs.stop() };
}
