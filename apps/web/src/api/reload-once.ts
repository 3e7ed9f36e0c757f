import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

const pending = new WeakMap<QueryClient, Set<string>>();

/**
 * Reloads a query after its topic resynced, once however many listeners ask in the same tick.
 * A topic's listeners hear one `subscribed` or `resync` frame together, and several components
 * often read the same query (the app state has one listener per screen part): each plain
 * invalidation would cancel the fetch the one before it began and start another (a landing asked
 * for the app state four times). The first call of the tick cancels any fetch begun before the
 * subscription was live, even one without data yet (which a plain invalidation would keep, though
 * its answer may predate the subscription), and starts one that misses nothing; the others share it.
 */
export function reloadOnce(client: QueryClient, queryKey: QueryKey): void {
  let keys = pending.get(client);
  if (!keys) pending.set(client, (keys = new Set()));
  const hash = hashKey(queryKey);
  if (keys.has(hash)) return;
  keys.add(hash);
  queueMicrotask(() => keys.delete(hash));
  void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
}
