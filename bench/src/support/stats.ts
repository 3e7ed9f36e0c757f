/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  samples: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Summary of durations in microseconds. */
export function summarize(durationsUs: number[]): LatencySummary {
  const sorted = [...durationsUs].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  return { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}
