/** One stage of `npm test` as it ended. */
export interface StageResult {
  name: string;
  /** skipped: a stage it needs failed, so running it would only repeat that failure. */
  outcome: 'passed' | 'failed' | 'skipped';
  ms: number;
}

/** 75_400 -> "1m 15s"; under a minute, seconds only. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m === 0 ? `${s}s` : `${m}m ${String(s).padStart(2, '0')}s`;
}

/**
 * The table printed at the end of `npm test`, so every CI log shows where the time went: one row
 * per stage with its outcome and wall time, then the total against the suite's budget.
 */
export function stageTable(results: StageResult[], budgetMs: number): string {
  const rows = results.map((r) => [r.name, r.outcome, formatDuration(r.ms)]);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  const failed = results.some((r) => r.outcome !== 'passed');
  rows.push([
    'total',
    failed ? 'failed' : 'passed',
    `${formatDuration(total)} (budget ${formatDuration(budgetMs)}${total > budgetMs ? ', OVER' : ''})`,
  ]);
  const header = ['stage', 'result', 'time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.slice(0, -1).map(line), rule, line(rows.at(-1)!)].join('\n');
}
