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
