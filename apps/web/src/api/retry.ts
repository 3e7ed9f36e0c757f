import { ApiError } from './http.ts';

/** Attempts after the first for a failed read; beyond that the page shows the error. */
export const MAX_QUERY_RETRIES = 3;
/** Backoff ceiling between retries when the server named no wait. */
const MAX_BACKOFF_MS = 30_000;
/** Longer Retry-After waits are not sat through by a retry: the page shows the wait instead. */
const MAX_RETRY_AFTER_S = 60;

/** A failure that a later identical GET may not repeat: no answer, rate limited, timed out, or a gateway's 5xx. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.isNetwork) return true;
  return (
    error.status === 408 || error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504
  );
}

/**
 * TanStack Query `retry` for reads (all of them idempotent GETs): retry transient failures a few
 * times, never other 4xx (the answer would not change) nor errors of our own code (a parse
 * failure or a bug would only repeat).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES || !isTransient(error)) return false;
  return !(
    error instanceof ApiError &&
    error.retryAfterSeconds !== null &&
    error.retryAfterSeconds > MAX_RETRY_AFTER_S
  );
}

/**
 * TanStack Query `retryDelay`: the server's Retry-After when it named one (retrying sooner is
 * refused again and spends the budget), else exponential backoff from 1 s (`failureCount` counts from 0 here).
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAt !== null) return Math.max(0, error.retryAt - Date.now());
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failureCount);
}
