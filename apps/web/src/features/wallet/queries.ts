import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SelfLimit } from '@rush/domain';
import { TOPICS, UserEvents, type Me, type WalletSummary } from '@rush/protocol';
import { fetchStatement, fetchStatementMonths, fetchTransactions, fetchWalletSummary } from './api.ts';
import { useTopic } from '../../api/realtime-react.tsx';
import { SESSION_KEY } from '../../api/session.ts';
import { reloadOnce } from '../../api/reload-once.ts';

export const WALLET_KEY = ['wallet'] as const;
export const WALLET_SUMMARY_KEY = ['wallet', 'summary'] as const;
export const transactionsKey = (page: number) => ['wallet', 'transactions', page] as const;

/**
 * The wallet summary; `enabled` false for users who have no wallet yet (unverified email). Money
 * may have moved while the wallet was off screen (a game settled elsewhere), so every mount
 * reloads it (no stale time); the cached value shows meanwhile.
 */
export function useWalletSummary(enabled = true) {
  return useQuery({ queryKey: WALLET_SUMMARY_KEY, queryFn: fetchWalletSummary, enabled });
}

/** One page (1-based) of the history; the previous page stays shown while the next one loads. */
export function useTransactions(page: number) {
  return useQuery({
    queryKey: transactionsKey(page),
    queryFn: () => fetchTransactions(page),
    placeholderData: keepPreviousData,
  });
}

/** Issue 37: the months a statement can be asked for. */
export function useStatementMonths() {
  return useQuery({ queryKey: [...WALLET_KEY, 'statements'], queryFn: fetchStatementMonths });
}

/** One month's statement; none asked until a month is chosen. */
export function useStatement(month: string | null) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'statements', month],
    queryFn: () => fetchStatement(month ?? ''),
    enabled: month !== null,
  });
}

/** Reloads what money changes: the wallet summary, the history, and the session (header balances). */
export function refreshMoney(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: WALLET_KEY });
  void client.invalidateQueries({ queryKey: SESSION_KEY });
}

/**
 * Balances move on the server (a deposit confirmed by the provider, a game settled, an admin
 * operation): `balances.changed` on the user's topic reloads the wallet while it is on screen.
 * The session itself is refetched by useUserEvents.
 */
export function useWalletEvents(me: Me): void {
  const client = useQueryClient();
  const reload = () => reloadOnce(client, WALLET_KEY);
  useTopic(TOPICS.user(me.uid), {
    onEvent: (event) => {
      if (event.type === UserEvents.balancesChanged) reload();
    },
    onResync: reload,
  });
}

/** The wire's self-limit (minor units as a number, ISO date) as the domain's. */
export function toSelfLimit(view: WalletSummary['limits']['bet'] | undefined): SelfLimit | null {
  if (!view) return null;
  const until = new Date(view.until);
  if (Number.isNaN(until.getTime())) return null;
  return { max: BigInt(view.max), until };
}
