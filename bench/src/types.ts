/** What every benchmark returns: measured rows and their ratios to a baseline measured in the same run. */
export interface BenchResult {
  title: string;
  columns: string[];
  rows: Array<{ label: string; values: number[] }>;
  ratios: { label: string; values: number[] };
  /** Lines printed under the table (counts, a goal met or not: information, never an assertion). */
  notes?: string[];
}

export interface Benchmark {
  name: string;
  /** One table, or several when a benchmark measures more than one thing in the same run. */
  run(): Promise<BenchResult | BenchResult[]>;
}
