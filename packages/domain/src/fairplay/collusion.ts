import type { CollusionSignal, PairGame } from './types.ts';
import {
  EARLY_END_GAMES,
  EARLY_END_PLIES,
  EARLY_END_STATUSES,
  FREQUENT_PAIR_GAMES,
  FREQUENT_PAIR_SHARE,
  ONE_WAY_MIN_GAMES,
  ONE_WAY_SHARE,
} from './thresholds.ts';

const KIND_ORDER: readonly CollusionSignal['kind'][] = ['frequentPair', 'earlyEnd', 'oneWayFlow', 'sharedAddress'];
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const pct = (share: number): string => `${Math.round(share * 100)}%`;

interface Pair {
  a: string;
  b: string;
  games: PairGame[];
}

/**
 * Collusion signals over a set of finished staked games (games with a zero stake are ignored):
 * - frequentPair: two accounts met at least FREQUENT_PAIR_GAMES times, and those games are at
 *   least FREQUENT_PAIR_SHARE of each one's games in the set (uids sorted);
 * - earlyEnd: one pair's games given up (EARLY_END_STATUSES) before EARLY_END_PLIES, at least
 *   EARLY_END_GAMES times (uids sorted);
 * - oneWayFlow (chip dumping): over at least ONE_WAY_MIN_GAMES decided games, one side received
 *   at least ONE_WAY_SHARE of the stakes that changed hands (uids [payer, receiver]).
 * sharedAddress needs sign-in addresses, which a PairGame does not carry: the server adds it.
 * Signals are signals for an admin, not verdicts. The output is sorted by kind then uids, so it
 * does not depend on the order of the input.
 */
export function collusionSignals(games: readonly PairGame[]): CollusionSignal[] {
  const staked = games.filter((g) => g.stake > 0n && g.whiteUid !== g.blackUid);
  const perPlayer = new Map<string, number>();
  const pairs = new Map<string, Pair>();
  for (const g of staked) {
    for (const uid of [g.whiteUid, g.blackUid]) perPlayer.set(uid, (perPlayer.get(uid) ?? 0) + 1);
    const [a, b] = [g.whiteUid, g.blackUid].sort(cmp) as [string, string];
    const key = JSON.stringify([a, b]);
    const pair = pairs.get(key) ?? { a, b, games: [] };
    pair.games.push(g);
    pairs.set(key, pair);
  }

  const out: CollusionSignal[] = [];
  for (const { a, b, games: together } of pairs.values()) {
    const n = together.length;
    const shareA = n / (perPlayer.get(a) ?? n);
    const shareB = n / (perPlayer.get(b) ?? n);
    if (n >= FREQUENT_PAIR_GAMES && shareA >= FREQUENT_PAIR_SHARE && shareB >= FREQUENT_PAIR_SHARE) {
      out.push({
        kind: 'frequentPair',
        uids: [a, b],
        detail: `${n} staked games together (${pct(shareA)} of ${a}'s, ${pct(shareB)} of ${b}'s)`,
      });
    }

    const early = together.filter((g) => g.plies < EARLY_END_PLIES && EARLY_END_STATUSES.includes(g.status));
    if (early.length >= EARLY_END_GAMES) {
      const byStatus = new Map<string, number>();
      for (const g of early) byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + 1);
      const counts = [...byStatus.entries()].sort((x, y) => cmp(x[0], y[0])).map(([s, k]) => `${s} ${k}`);
      out.push({
        kind: 'earlyEnd',
        uids: [a, b],
        detail: `${early.length} staked games ended before ply ${EARLY_END_PLIES} (${counts.join(', ')})`,
      });
    }

    let toA = 0n;
    let toB = 0n;
    let decided = 0;
    for (const g of together) {
      if (g.winnerUid === a) toA += g.stake;
      else if (g.winnerUid === b) toB += g.stake;
      else continue;
      decided += 1;
    }
    const moved = toA + toB;
    if (decided >= ONE_WAY_MIN_GAMES && moved > 0n) {
      const [payer, receiver, received] = toA >= toB ? [b, a, toA] : [a, b, toB];
      // received / moved >= ONE_WAY_SHARE, in integers (stakes are bigint minor units).
      if (received * 100n >= BigInt(Math.round(ONE_WAY_SHARE * 100)) * moved) {
        out.push({
          kind: 'oneWayFlow',
          uids: [payer, receiver],
          detail: `${receiver} received ${received} of ${moved} staked minor units over ${decided} decided games (net ${received - (moved - received)})`,
        });
      }
    }
  }
  return out.sort(
    (x, y) =>
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) || cmp(x.uids.join('\u0000'), y.uids.join('\u0000')),
  );
}
