/** What every benchmark returns: measured rows and their ratios to a baseline measured in the same run. */
export interface BenchResult {
  title: string;
  columns: string[];
  rows: Array<{ label: string; values: number[] }>;
  ratios: { label: string; values: number[] };
}

export interface Benchmark {
  name: string;
  run(): Promise<BenchResult>;
}
