import type { PGlite, Transaction } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The type ids Drizzle asks PGlite to hand back as text (it maps them itself: timestamps,
 * intervals, dates and their arrays, numeric arrays), with every query it sends.
 */
export const TEXT_TYPES: ReadonlySet<string> = new Set([
  '1114',
  '1184',
  '1186',
  '1082',
  '1231',
  '1115',
  '1185',
  '1187',
  '1182',
]);
const asText = (value: string) => value;

/**
 * PGlite merges per-query parsers into its whole parser table on every query (a copy of some
 * hundreds of entries, about 90 µs: a third of a primary-key read). Drizzle sends the same
 * pass-through parsers with each one, so they are installed once on the instance and dropped
 * from each query. A query whose parsers are not only those (a Drizzle that asks for more) keeps
 * them: slower, never different.
 */
/** The query's options without its parsers when they are only the installed ones; else unchanged. */
export function withoutInstalledParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const id of Object.keys(parsers)) if (!TEXT_TYPES.has(id)) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

export function withParsersInstalled(client: PGlite): Pick<PGlite, 'query' | 'transaction'> {
  for (const id of TEXT_TYPES) client.parsers[id] = asText;
  const strip = withoutInstalledParsers;
  const queryOf =
    (target: Pick<Transaction, 'query'>): PGlite['query'] =>
    (query, params, options) =>
      target.query(query, params, strip(options));
  return {
    query: queryOf(client),
    // The transaction's other members (rollback, closed) stay the transaction's own.
    transaction: (work) =>
      client.transaction((tx) => work(Object.assign(Object.create(tx) as Transaction, { query: queryOf(tx) }))),
  };
}
