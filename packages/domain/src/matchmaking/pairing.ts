import type { Currency } from '../money/currency.ts';
import type { GameModeId } from '../play/modes.ts';
import { ELO_GAP } from './eligibility.ts';

/** SPEC 4 timings of matchmaking (ours where the SPEC gives none). */
export const MATCHMAKING = {
  /** A search with no opponent ends as matchNotFound ('No match found'). */
  searchTimeoutMs: 120_000,
  /** Both matched players must accept within this time, or the match is declined. */
  acceptTimeoutMs: 20_000,
  /** SPEC 9: calls within 3 s of the previous one are ignored. */
  debounceMs: 3_000,
  /** The rating window starts here and widens by `widenBy` every `widenEveryMs` of waiting. */
  initialWindow: 100,
  widenBy: 50,
  widenEveryMs: 5_000,
  /** A pending challenge lapses after this. */
  challengeTtlMs: 120_000,
} as const;

export interface Seek {
  id: string;
  uid: string;
  mode: GameModeId;
  currency: Currency;
  /** Wager value in whole units. */
  value: number;
  rating: number;
  /** When the search started, ms since the epoch. */
  since: number;
}

/** The widest rating gap a seeker accepts after waiting `waitedMs`: widens with time, under ELO_GAP. */
export function ratingWindow(waitedMs: number): number {
  const steps = Math.floor(Math.max(0, waitedMs) / MATCHMAKING.widenEveryMs);
  return Math.min(ELO_GAP - 1, MATCHMAKING.initialWindow + MATCHMAKING.widenBy * steps);
}

const sameBucket = (a: Seek, b: Seek) => a.mode === b.mode && a.currency === b.currency && a.value === b.value;

/** Two seeks may be paired: same mode, currency and stake; two people; a gap both windows allow. */
export function compatible(a: Seek, b: Seek, now: number): boolean {
  if (a.id === b.id || a.uid === b.uid || !sameBucket(a, b)) return false;
  const gap = Math.abs(a.rating - b.rating);
  return gap <= Math.min(ratingWindow(now - a.since), ratingWindow(now - b.since));
}

/**
 * Pairs the seeks that can be paired now: the longest-waiting seek first, each with its
 * closest compatible partner (ties to the longer waiting). Nobody is paired twice, nobody with
 * themselves (even through a second seek), never across modes, currencies or stakes.
 */
export function pairSeeks(seeks: readonly Seek[], now: number): Array<[Seek, Seek]> {
  const order = [...seeks].sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const busy = new Set<string>();
  const pairs: Array<[Seek, Seek]> = [];
  for (const a of order) {
    if (taken.has(a.id) || busy.has(a.uid)) continue;
    let best: Seek | null = null;
    for (const b of order) {
      if (taken.has(b.id) || busy.has(b.uid) || !compatible(a, b, now)) continue;
      if (!best || Math.abs(a.rating - b.rating) < Math.abs(a.rating - best.rating)) best = b;
    }
    if (!best) continue;
    taken.add(a.id).add(best.id);
    busy.add(a.uid).add(best.uid);
    pairs.push([a, best]);
  }
  return pairs;
}

/** Minutes:seconds of the wait timer (SPEC 2). */
export function formatWait(ms: number): string {
  // A clock glitch (NaN, a negative wait) shows 0:00 rather than "NaN:NaN".
  const s = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
