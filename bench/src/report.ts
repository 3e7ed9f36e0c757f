import type { BenchResult } from './types.ts';

/** A plain-text table: measured values with one decimal, ratios as "1.23x", then the notes. */
export function formatResult(result: BenchResult): string {
  const body = [
    ...result.rows.map((r) => [r.label, ...r.values.map((v) => v.toFixed(1))]),
    [result.ratios.label, ...result.ratios.values.map((v) => `${v.toFixed(2)}x`)],
  ];
  const table = [['', ...result.columns], ...body];
  const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    result.title,
    line(table[0]!),
    rule,
    ...body.slice(0, -1).map(line),
    rule,
    line(body.at(-1)!),
    ...(result.notes ?? []),
  ].join('\n');
}
