import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealityCheckState } from '@rush/protocol';
import { acknowledgeRealityCheck, fetchRealityCheck, REALITY_CHECK_KEY } from './api.ts';

/** How often an open tab asks: it keeps the session going and notices a check within a minute. */
export const POLL_MS = 60_000;

/** The channel the tabs of one browser tell each other a check was answered on. */
export const CHANNEL = 'rush-reality-check';

interface Answered {
  dueAt: string;
  state: RealityCheckState;
}

function openChannel(onAnswered: (message: Answered) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Answered>) => onAnswered(event.data);
  return () => channel.close();
}

function tellOtherTabs(message: Answered): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * The reality check for this tab (issue 37). The server keeps the session and the answered check
 * (so a reload shows the same); this tab asks every minute, again when the check falls due and
 * when the player stops being busy, and shows the check only while `busy` is false (not in a
 * game, not searching). Answering it tells the server (one answer per check, whichever tab) and
 * the other tabs, which close theirs at once.
 */
export function useRealityCheck(busy: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: REALITY_CHECK_KEY,
    queryFn: fetchRealityCheck,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
  // The check this tab (or another) answered, hidden before the server's answer arrives.
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(
    () =>
      openChannel((message) => {
        setAnswered(message.dueAt);
        client.setQueryData(REALITY_CHECK_KEY, message.state);
      }),
    [client],
  );

  // Ask again the moment the next check falls due (by the server's clock), not a minute later.
  const state = query.data;
  useEffect(() => {
    if (!state?.dueAt || state.due) return;
    const wait = Date.parse(state.dueAt) - Date.parse(state.serverNow);
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: REALITY_CHECK_KEY }),
      Math.max(0, wait) + 500,
    );
    return () => clearTimeout(timer);
  }, [state?.dueAt, state?.due, state?.serverNow, client]);

  // A game that ends (or a search given up): the check that waited for it is asked for now.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void client.invalidateQueries({ queryKey: REALITY_CHECK_KEY });
    wasBusy.current = busy;
  }, [busy, client]);

  const answer = useMutation({
    mutationFn: acknowledgeRealityCheck,
    onMutate: (dueAt) => setAnswered(dueAt),
    onSuccess: (next, dueAt) => {
      client.setQueryData(REALITY_CHECK_KEY, next);
      tellOtherTabs({ dueAt, state: next });
    },
    // Not recorded: the check shows again on the next answer from the server.
    onError: () => setAnswered(null),
  });

  const shown = !busy && !!state?.due && !!state.dueAt && state.dueAt !== answered ? state : null;
  return { shown, answer: (dueAt: string) => answer.mutate(dueAt) };
}
