import type { PGlite } from '@electric-sql/pglite';

/** Runs a statement prepared once under its name; parameters and fields as text (pglite-named.mjs). */
export type RunNamed = (name: string, text: string, values: readonly (string | null)[]) => Promise<(string | null)[][]>;

export function namedRunner(pg: PGlite): RunNamed;
