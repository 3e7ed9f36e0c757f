import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A query that a topic's events replace whole can lose an event to its own fetch: a GET begun
 * before the event and answered after it would store the older value over the event's, and no
 * further event comes to mend it. That left a player on /match looking at "starting" while the
 * game had begun (the record's GET was in flight when `matchmaking.changed` said `playing`).
 *
 * `replaceFromEvent` stores an event's value and marks the key; a fetch made through
 * `fetchUnlessReplaced` that was in flight at that moment answers the stored value instead of
 * what it read. The server sends an event after every change, so a value kept this way is never
 * older than the next event, which follows; a resync (`reloadOnce`) starts a fetch after the mark.
 */
const marks = new WeakMap<QueryClient, Map<string, number>>();

function markOf(client: QueryClient, queryKey: QueryKey): number {
  return marks.get(client)?.get(hashKey(queryKey)) ?? 0;
}

/**
 * The client's marks, created with it. A mark goes with its query when the cache drops it (unused
 * past its gcTime; never while a fetch runs), so a long session's lobbies do not pile up here.
 */
function marksOf(client: QueryClient): Map<string, number> {
  const byKey = marks.get(client);
  if (byKey) return byKey;
  const created = new Map<string, number>();
  marks.set(client, created);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') created.delete(event.query.queryHash);
  });
  return created;
}

/** How many keys the client holds a mark for (tests, diagnostics). */
export function markedKeys(client: QueryClient): number {
  return marks.get(client)?.size ?? 0;
}

/** Stores a value that arrived as an event (or any answer newer than a fetch in flight). */
export function replaceFromEvent<T>(client: QueryClient, queryKey: QueryKey, data: T): void {
  const byKey = marksOf(client);
  const hash = hashKey(queryKey);
  byKey.set(hash, (byKey.get(hash) ?? 0) + 1);
  client.setQueryData(queryKey, data);
}

/**
 * A query function whose answer gives way to an event stored while it was in flight. A fetch
 * that failed meanwhile gives way too: the event's value is newer than anything it could read,
 * so the page shows it rather than an error.
 */
export function fetchUnlessReplaced<T>(client: QueryClient, queryKey: QueryKey, fetcher: () => Promise<T>) {
  return async (): Promise<T> => {
    const before = markOf(client, queryKey);
    const replaced = (): T | undefined =>
      markOf(client, queryKey) === before ? undefined : client.getQueryData<T>(queryKey);
    let fetched: T;
    try {
      fetched = await fetcher();
    } catch (err) {
      const kept = replaced();
      if (kept === undefined) throw err;
      return kept;
    }
    return replaced() ?? fetched;
  };
}
