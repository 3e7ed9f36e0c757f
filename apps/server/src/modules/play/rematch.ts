import { accountRestriction, isFinished, opposite, PLAY_TEXTS } from '@rush/domain';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { BuiltinPlatform } from './builtin-platform.ts';
import { ok, type GameTransactions } from './game-tx.ts';
import { GameStore } from './games.store.ts';
import { ProfileStore } from './profiles.store.ts';
import type { OfferAnswer } from './platform-port.ts';
import { colorOf, modeOf, statusOf } from './record.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * SPEC 4 rematch: offer, accept, decline on a finished game. Accepting creates the new game
 * (colours swapped) in the same transaction that records it on the old one, so two accepts
 * racing create one game.
 */
export class Rematches {
  constructor(
    private readonly txs: GameTransactions,
    private readonly platform: BuiltinPlatform,
  ) {}

  answer(gameId: string, uid: string, answer: OfferAnswer): Promise<{ rematchGameId: string | null }> {
    return this.txs.run<{ rematchGameId: string | null }>(gameId, async (tx, changes) => {
      const store = new GameStore(tx);
      const g = await store.lock(gameId);
      if (!g) throw notFound(PLAY_TEXTS.gameNotFound);
      const me = colorOf(g, uid);
      if (!me) throw forbidden(PLAY_TEXTS.notAPlayer);
      if (!isFinished(statusOf(g))) throw conflict(PLAY_TEXTS.rematchUnavailable);
      // A wagered game's rematch needs both stakes again: matchmaking's rematch takes them.
      if (g.stakeCurrency !== null) throw conflict(PLAY_TEXTS.rematchStaked);
      if (g.rematchGameId) {
        // Already accepted: a resend of offer/accept gets the same game; a decline is too late.
        if (answer === 'decline') throw conflict(PLAY_TEXTS.rematchUnavailable);
        return ok({ rematchGameId: g.rematchGameId });
      }
      // A closed or banned player starts no new game (SPEC 4, 6), whichever side asks.
      if (answer !== 'decline') {
        const cards = await new ProfileStore(tx).cards([g.whiteId, g.blackId]);
        if (
          [g.whiteId, g.blackId].some((id) => {
            const c = cards.get(id);
            return !c || accountRestriction(c) !== null;
          })
        ) {
          throw conflict(PLAY_TEXTS.rematchUnavailable);
        }
      }
      const theirs = g.rematchOffer === opposite(me);
      if (answer === 'accept' || (answer === 'offer' && theirs)) {
        if (!theirs) throw conflict(PLAY_TEXTS.noOffer);
        const next = await this.platform.insertGame(tx, {
          whiteUid: g.blackId,
          blackUid: g.whiteId,
          mode: modeOf(g),
          rated: g.rated,
          source: `rematch:${g.id}`,
        });
        const updated = await store.update(g.id, { rematchGameId: next.id, rematchOffer: null });
        changes.push({ kind: 'offers', game: updated, offer: 'rematch', action: 'accept', by: me });
        changes.push({ kind: 'started', game: next });
        return ok({ rematchGameId: next.id });
      }
      if (answer === 'offer') {
        if (g.rematchOffer === me) return ok({ rematchGameId: null });
        changes.push({
          kind: 'offers',
          game: await store.update(g.id, { rematchOffer: me }),
          offer: 'rematch',
          action: 'offer',
          by: me,
        });
        return ok({ rematchGameId: null });
      }
      if (g.rematchOffer === null) throw conflict(PLAY_TEXTS.noOffer);
      changes.push({
        kind: 'offers',
        game: await store.update(g.id, { rematchOffer: null }),
        offer: 'rematch',
        action: 'decline',
        by: me,
      });
      return ok({ rematchGameId: null });
    });
  }
}
