/**
 * A fresh Idempotency-Key (IDEMPOTENCY_HEADER) for one intended money operation: the client
 * keeps it while it sends that operation again (a double click, a retry after a failure), so the
 * server does it once, and makes another for the next one.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}
