import type { FastifyBaseLogger } from 'fastify';
import type { Color, FinishedStatus } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { GameStore, ok, statusOf, type GameFinisher, type GameRecord, type GameTransactions } from '../play/index.ts';
import type { LichessClient } from './client.ts';
import { LichessLinkStore } from './link.store.ts';
import { confirmResult, type ExpectedGame } from './results.ts';

/** A result as a Lichess stream reported it (its status name, schemas/GameStatusName.yaml). */
export interface ReportedResult {
  status: string;
  winner?: Color | null;
}

/**
 * The end of a Lichess game, for money. A stream's result is never paid as such: the game's
 * export (GET /game/export/{id}) must show the same finished result between the linked
 * accounts with the clock we asked for (confirmResult). A confirmed result finishes the row
 * through the game finisher (ratings, live-player claims, the settlement hooks), in one game
 * transaction, once. A contradicted one finishes as an unknown result without a winner, which
 * refunds the stakes, and is logged for the operators; an export that does not show the end
 * yet leaves the game running for a later try.
 */
export class LichessResults {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
    private readonly finisher: Pick<GameFinisher, 'finish'>,
    private readonly client: LichessClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  async conclude(gameId: string, reported?: ReportedResult): Promise<'done' | 'pending'> {
    const g = await new GameStore(this.db).find(gameId);
    if (!g || statusOf(g) !== 'started' || g.externalId === null) return 'done';
    const exported = await this.client.exportGame(g.externalId);
    const verdict = confirmResult(exported, await this.expected(g), reported);
    if (!verdict.ok && verdict.reason === 'unfinished') return 'pending';
    let end: { status: FinishedStatus; winner: Color | null };
    if (verdict.ok) end = { status: verdict.status, winner: verdict.winner };
    else {
      this.log.error(
        { gameId, lichessId: g.externalId, reason: verdict.reason, reported },
        'lichess result not confirmed by its export: refunded, not paid',
      );
      end = { status: 'unknownfinish', winner: null };
    }
    await this.txs.run(gameId, async (tx, changes) => {
      const cur = await new GameStore(tx).lock(gameId);
      if (!cur || statusOf(cur) !== 'started') return ok(undefined);
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, cur, end, this.clock.now()) });
      return ok(undefined);
    });
    return 'done';
  }

  /** What the export must show: our players' linked accounts (the bot's side: maia1 or the AI), our clock, casual. */
  private async expected(g: GameRecord): Promise<ExpectedGame> {
    const links = new LichessLinkStore(this.db);
    const idOf = async (uid: string, color: Color) =>
      g.engineColor === color ? null : ((await links.account(uid))?.lichessId ?? `unlinked:${uid}`);
    return {
      whiteId: await idOf(g.whiteId, 'white'),
      blackId: await idOf(g.blackId, 'black'),
      clock: { limitSec: g.initialMs / 1000, incrementSec: g.incrementMs / 1000 },
      rated: false,
    };
  }
}
