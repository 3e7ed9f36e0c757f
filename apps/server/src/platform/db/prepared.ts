import { is, Placeholder } from 'drizzle-orm';
/**
 * Statements built once per database handle instead of once per call (issue 17: building a
 * Drizzle query costs about as much as PGlite running a primary-key read). Keyed by the handle
 * so a transaction never runs a statement prepared on another; on PostgreSQL the name also makes
 * node-postgres prepare it once per connection. Only for the hottest paths (a move, the
 * per-command account check): everywhere else a plain query reads better.
 */
const built = new WeakMap<object, Map<string, unknown>>();

export function preparedOn<T>(db: object, name: string, build: () => T): T {
  let mine = built.get(db);
  if (!mine) built.set(db, (mine = new Map<string, unknown>()));
  if (!mine.has(name)) mine.set(name, build());
  return mine.get(name) as T;
}

/** A value as the text of a statement parameter (what PGlite's own serializers make of it). */
const asParameter = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  throw new Error('a named statement takes text, numbers and booleans only');
};

/**
 * A Drizzle statement as SQL text and the order of its parameters, for running it as a named
 * statement (named.ts): `order(values)` lists its placeholders' values, and its literal values,
 * as the text parameters `$1, $2, ...`. Built once, like the prepared statements above.
 */
export function textOf(query: { toSQL(): { sql: string; params: unknown[] } }): {
  text: string;
  order: (values: Record<string, unknown>) => (string | null)[];
} {
  const { sql: text, params } = query.toSQL();
  const slots = params.map((p): { name: string } | { name: null; literal: string | null } =>
    is(p, Placeholder) ? { name: String(p.name) } : { name: null, literal: asParameter(p) },
  );
  return {
    text,
    order: (values) => slots.map((s) => (s.name === null ? s.literal : asParameter(values[s.name]))),
  };
}
