import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { TEXTS } from '@rush/domain';
import { ApiError, NETWORK_ERROR_TEXT } from '../api/http.ts';
import { Button } from '../ui/Button.tsx';
import { useSecondsLeft } from '../ui/useSecondsLeft.ts';

/**
 * The failure of a read some page is showing: its final error, or while it is still retrying,
 * its last failure (so the wait is explained during the retries, not only after them).
 */
function failureOf(query: Query): ApiError | null {
  if (query.getObserversCount() === 0) return null;
  const error = query.state.status === 'error' ? query.state.error : query.state.fetchFailureReason;
  return error instanceof ApiError ? error : null;
}

const isRateLimited = (e: ApiError | null) => e?.status === 429;
const isNetwork = (e: ApiError | null) => e?.isNetwork === true;

/**
 * What the notice shows, as a string so the store snapshot compares by value: "rate:<retryAt>"
 * (the latest deadline of the rate-limited reads; "rate:" when none named one), "network", or
 * "" when no read shown on the page is failing that way.
 */
function failureSummary(client: QueryClient): string {
  let retryAt: number | null = null;
  let rateLimited = false;
  let network = false;
  for (const query of client.getQueryCache().getAll()) {
    const failure = failureOf(query);
    if (isRateLimited(failure)) {
      rateLimited = true;
      if (failure!.retryAt !== null) retryAt = Math.max(retryAt ?? 0, failure!.retryAt);
    } else if (isNetwork(failure)) {
      network = true;
    }
  }
  if (rateLimited) return `rate:${retryAt ?? ''}`;
  return network ? 'network' : '';
}

/**
 * Refetches the failed reads the page shows. A person's Retry also restarts those waiting on a
 * retry; the automatic one after the wait leaves them to their own retry (no second request).
 */
async function refetchFailed(
  client: QueryClient,
  which: (e: ApiError | null) => boolean,
  onlyIdle = false,
): Promise<void> {
  const failed = client.getQueryCache().findAll({
    type: 'active',
    predicate: (q) => which(failureOf(q)) && (!onlyIdle || q.state.fetchStatus === 'idle'),
  });
  if (failed.length === 0) return;
  // A read waiting out its retry's delay would otherwise keep waiting: stop it, fetch now.
  if (!onlyIdle) await Promise.all(failed.map((q) => q.cancel({ revert: true, silent: true })));
  await client.refetchQueries({ predicate: (q) => failed.includes(q) });
}

function RateLimitedNotice({ retryAt }: { retryAt: number | null }) {
  const client = useQueryClient();
  const seconds = useSecondsLeft(retryAt);
  // When the wait is over the reads come back by themselves, also those that do not retry.
  useEffect(() => {
    if (seconds === 0) void refetchFailed(client, isRateLimited, true);
  }, [seconds, client]);
  if (seconds === null) {
    return (
      <div className="notice notice-error api-error-notice" role="alert">
        <span>{TEXTS.rateLimited}</span>
        <Button variant="secondary" onClick={() => void refetchFailed(client, isRateLimited)}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="notice notice-error api-error-notice" role="alert">
      <span>{TEXTS.rateLimitedRetryIn(Math.max(1, seconds))}</span>
    </div>
  );
}

function NetworkNotice() {
  const client = useQueryClient();
  return (
    <div className="notice notice-error api-error-notice" role="alert">
      <span>{NETWORK_ERROR_TEXT}</span>
      <Button variant="secondary" onClick={() => void refetchFailed(client, isNetwork)}>
        Retry
      </Button>
    </div>
  );
}

/**
 * The one place the pages' failed reads are explained: "Too many requests, try again in N s"
 * counting down from the server's Retry-After (then the reads are fetched again), or the
 * network text with a Retry control. Other errors stay with the page that shows them; `fallback`
 * is shown when there is nothing of this kind to say.
 */
export function ApiErrorNotice({ fallback = null }: { fallback?: ReactNode }) {
  const client = useQueryClient();
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const read = () => failureSummary(client);
  const summary = useSyncExternalStore(subscribe, read, read);
  if (summary.startsWith('rate:')) {
    const at = summary.slice('rate:'.length);
    return <RateLimitedNotice retryAt={at === '' ? null : Number(at)} />;
  }
  return summary === 'network' ? <NetworkNotice /> : fallback;
}
