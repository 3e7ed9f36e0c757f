import { BOT_STRENGTH, sideToMove } from '@rush/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { EngineService } from '../engine/index.ts';
import type { GameRecord, PlayModule } from '../play/index.ts';
import { BOT_PREFIX } from './money.ts';
import { BotGameStore } from './store.ts';

/**
 * How long past the bot's move time an instance keeps its claim on a move. It covers the
 * engine pool's retries on a fresh process (a crash mid-search) and the queue; a claim whose
 * instance died expires after it and the sweep of any instance takes the move over.
 */
export const TURN_LEASE_MARGIN_MS = 15_000;

/**
 * Plays the bots' moves: when a bot is to move, exactly one instance (the one whose
 * conditional update claims the ply) asks the engine for the move at the bot's level within its
 * clock and plays it through the platform as the bot user, like a person's move (a refusal,
 * e.g. the game ended meanwhile, changes nothing). Triggered by this instance's game changes
 * and by a sweep on every instance, which resumes turns after a restart or a crash.
 */
export class BotDriver {
  private readonly running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly play: Pick<PlayModule, 'findGame' | 'platform'>,
    private readonly engine: Pick<EngineService, 'botMove'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A game changed on this instance: answer at once when its bot is to move. */
  onProgress(game: GameRecord): void {
    if (!game.source?.startsWith(BOT_PREFIX) || game.status !== 'started') return;
    void this.turn(game.source.slice(BOT_PREFIX.length));
  }

  /** The sweep: every bot move nobody holds. Answers how many were started here. */
  async sweep(): Promise<number> {
    const due = await new BotGameStore(this.db).turnsDue(this.clock.now(), 50);
    for (const d of due) void this.turn(d.id);
    return due.length;
  }

  /** Resolves when no turn started on this instance is still running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 10));
  }

  private async turn(botGameId: string): Promise<void> {
    if (this.running.has(botGameId)) return;
    this.running.add(botGameId);
    try {
      await this.playTurn(botGameId);
    } catch (err) {
      this.log.error({ err, botGameId }, 'bot move failed; the sweep tries again');
    } finally {
      this.running.delete(botGameId);
    }
  }

  private async playTurn(botGameId: string): Promise<void> {
    const store = new BotGameStore(this.db);
    const bot = await store.find(botGameId);
    if (!bot?.gameId || bot.state !== 'playing') return;
    const g = await this.play.findGame(bot.gameId);
    // On Lichess the bot is maia1 (or the Lichess AI): it moves there, and its moves come back mirrored.
    if (!g || g.status !== 'started' || g.platform !== 'builtin') return;
    const botColor = g.whiteId === bot.botId ? 'white' : 'black';
    if (sideToMove(g.ply) !== botColor) return;
    const level = bot.level;
    const now = this.clock.now();
    const until = new Date(now.getTime() + BOT_STRENGTH[level].moveTimeMs + TURN_LEASE_MARGIN_MS);
    if (!(await store.claimTurn(bot.id, g.ply, now, until))) return;
    let uci: string | null;
    try {
      const base = botColor === 'white' ? g.whiteMs : g.blackMs;
      const spent = g.turnStartedAt ? now.getTime() - g.turnStartedAt.getTime() : 0;
      uci = await this.engine.botMove(g.initialFen, g.moves, level, {
        remainingMs: Math.max(0, base - spent),
        incrementMs: g.incrementMs,
      });
    } catch (err) {
      // Every engine failed (or the pool closed): give the claim back for the next sweep.
      await store.releaseTurn(bot.id, g.ply);
      throw err;
    }
    if (!uci) return; // no legal move: the platform already ended the game (mate or stalemate)
    try {
      await this.play.platform.move(g.id, bot.botId, { ply: g.ply + 1, uci });
    } catch (err) {
      // The game moved on meanwhile (ended, flagged, aborted, a resend): nothing to play.
      if (err instanceof AppError) return;
      throw err;
    }
  }
}
