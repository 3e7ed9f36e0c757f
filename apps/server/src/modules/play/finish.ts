import {
  defaultRating,
  isCancelled,
  ratingFamilyOf,
  rateGame,
  shownRating,
  stopClock,
  type Color,
  type FinishedStatus,
} from '@rush/domain';
import type { Tx } from '../../platform/db/database.ts';
import { GameStore, type GameRecord, type GamePatch } from './games.store.ts';
import { ProfileStore, type StoredRating } from './profiles.store.ts';
import { clockColumns, clockOf, modeOf, turnOf } from './record.ts';

/**
 * Called inside the transaction that finishes a game, after the row holds the result. Fair
 * play's payout gate registers here, so a wagered game's analysis is queued with its result or
 * not at all; the settlement itself runs after the commit (docs/architecture.md, how a move travels).
 */
export type GameFinishedHook = (tx: Tx, game: GameRecord) => Promise<void>;

export interface GameEnd {
  status: FinishedStatus;
  winner: Color | null;
}

/** Ends games: the result, the stopped clocks, ratings, the live-player claims, the hooks. */
export class GameFinisher {
  private readonly hooks: GameFinishedHook[] = [];

  onGameFinished(hook: GameFinishedHook): void {
    this.hooks.push(hook);
  }

  async finish(tx: Tx, g: GameRecord, end: GameEnd, now: Date, extra: GamePatch = {}): Promise<GameRecord> {
    const clock = g.turnStartedAt ? stopClock(clockOf(g), turnOf(g), now.getTime()) : clockOf(g);
    const rated = g.rated && !isCancelled(end.status) ? await this.rate(tx, g, end.winner, now) : {};
    const store = new GameStore(tx);
    const finished = await store.update(g.id, {
      ...extra,
      ...clockColumns(clock),
      ...rated,
      status: end.status,
      winner: end.winner,
      endedAt: now,
      deadlineAt: null,
      drawOffer: null,
      takebackOffer: null,
      rematchOffer: null,
      disconnectColor: null,
      disconnectGraceEndsAt: null,
    });
    await store.releaseLivePlayers(g.id);
    for (const hook of this.hooks) await hook(tx, finished);
    return finished;
  }

  /** Glicko-2 for both players in the mode's family, under the rating rows' locks. */
  private async rate(tx: Tx, g: GameRecord, winner: Color | null, now: Date): Promise<GamePatch> {
    const family = ratingFamilyOf(modeOf(g));
    const profiles = new ProfileStore(tx);
    const rows = await profiles.lockRatings([g.whiteId, g.blackId], family);
    const current = (userId: string): StoredRating =>
      rows.find((r) => r.userId === userId) ?? { userId, family, games: 0, ...defaultRating() };
    const white = current(g.whiteId);
    const black = current(g.blackId);
    const next = rateGame(white, black, winner);
    await profiles.saveRating({ ...white, ...next.white, games: white.games + 1 }, now);
    await profiles.saveRating({ ...black, ...next.black, games: black.games + 1 }, now);
    // The rating over time (issue 19): the same shown numbers as the diffs below.
    await profiles.recordRatings(
      g.id,
      family,
      [
        { userId: g.whiteId, rating: shownRating(next.white) },
        { userId: g.blackId, rating: shownRating(next.black) },
      ],
      now,
    );
    return {
      whiteRatingDiff: shownRating(next.white) - shownRating(white),
      blackRatingDiff: shownRating(next.black) - shownRating(black),
    };
  }
}
