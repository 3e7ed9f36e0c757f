import { rankByPoints, settlePot, type BattleSettings } from '@rush/domain';
import type { LobbyRecord, ParticipantRecord } from './lobbies.store.ts';

export type StoredResults = NonNullable<LobbyRecord['results']>;

/** Who played the battle: seated at the start (a forfeit after it still counts; a leave before it does not). */
export const battlers = (ps: readonly ParticipantRecord[]) =>
  ps.filter((p) => p.leftAt === null || p.leftHow === 'forfeit');

/**
 * The end of a battle (SPEC 4, issue 6 item 5). Results are ordered by points and ties share a
 * place (domain `rankByPoints`). Decisions of ours:
 * - A player who forfeited keeps their points in the table but is placed after everyone who
 *   played to the end, and never wins: their stake stays in the pot.
 * - The owner who leaves the game early just stops playing: they keep their points and place.
 * - Pool: the winners are the first place among those who did not forfeit; they share the pot
 *   minus the 10% fee (ledger `settle`, same split as `settlePot`).
 * - Giveaway: the creator funds the prize and does not compete for it: the winners are the best
 *   guests who did not forfeit. With no such guest the creator's stake is refunded.
 */
export function battleResults(
  settings: BattleSettings,
  ownerUid: string,
  players: readonly ParticipantRecord[],
  pot: bigint,
): { results: StoredResults; winners: string[] } {
  const points = (p: ParticipantRecord) => p.points;
  const finishers = rankByPoints(
    players.filter((p) => p.leftHow !== 'forfeit'),
    points,
  );
  const forfeited = rankByPoints(
    players.filter((p) => p.leftHow === 'forfeit'),
    points,
  ).map((r) => ({ ...r, place: r.place + finishers.length }));
  const eligible = finishers.filter((r) => settings.prizeMode === 'pool' || r.item.uid !== ownerUid);
  const best = eligible.length > 0 ? Math.max(...eligible.map((r) => r.item.points)) : null;
  const winners = best === null ? [] : eligible.filter((r) => r.item.points === best).map((r) => r.item.uid);
  const payouts = winners.length > 0 && pot > 0n ? settlePot(pot, winners).payouts : new Map<string, bigint>();
  const results: StoredResults = {};
  for (const r of [...finishers, ...forfeited]) {
    results[r.item.uid] = {
      points: r.item.points,
      place: r.place,
      reward: String(payouts.get(r.item.uid) ?? 0n),
      currency: settings.stakesCurrency,
    };
  }
  return { results, winners: pot > 0n ? winners : [] };
}
