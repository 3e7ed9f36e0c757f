/** SPEC 4: the streak multiplier: 1 for a streak up to 1, the streak for 2-5, capped at 5. */
export function streakMultiplier(streak: number): number {
  // `!(>= 2)` rather than `<= 1`: a NaN streak (a bad counter) must not turn a score into NaN.
  if (!(streak >= 2)) return 1;
  return Math.min(5, Math.floor(streak));
}

/**
 * SPEC 4: score = 10 x puzzlesCompleted x streak multiplier. The multiplier is taken on the
 * player's largest streak of the run, so a score never drops when a streak breaks.
 */
export function rushScore(puzzlesCompleted: number, largestStreak: number): number {
  return 10 * puzzlesCompleted * streakMultiplier(largestStreak);
}

/** SPEC 9 times. */
export const SOLO_RUSH_MS = 180_000;
export const BATTLE_TIMES_MS = [60_000, 180_000, 300_000] as const;
/** SPEC 4 pauses. */
export const FIRST_MOVE_DELAY_MS = 1_000;
export const REPLY_DELAY_MS = 700;
export const NEXT_PUZZLE_PAUSE_MS = 750;
export const SOLVE_STEP_MS = 1_000;
/** Rush modes fetch this many puzzles ahead. */
export const RUSH_BATCH = 5;
/** A rush run ends after this many strikes (failures), like Lichess Puzzle Storm/Rush. */
export const RUSH_MAX_STRIKES = 3;

export interface Ranked<T> {
  item: T;
  place: number;
  label: string;
}

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** SPEC 4: results ordered by points; ties share a place (1st, 1st, 3rd). */
export function rankByPoints<T>(items: readonly T[], points: (t: T) => number): Ranked<T>[] {
  const sorted = [...items].sort((a, b) => points(b) - points(a));
  const out: Ranked<T>[] = [];
  sorted.forEach((item, i) => {
    const prev = out[i - 1];
    const place = prev && points(prev.item) === points(item) ? prev.place : i + 1;
    out.push({ item, place, label: ordinal(place) });
  });
  return out;
}
