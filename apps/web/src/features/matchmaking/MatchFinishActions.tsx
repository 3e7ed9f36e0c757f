import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MatchmakingView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { SESSION_KEY } from '../../api/session.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { MATCH_KEYS, recordAction, seek } from './api.ts';
import { storeMatchmaking, useAppState } from './queries.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { useMatchStart } from './useMatchStart.ts';

/**
 * SPEC 4: after a matchmaking game the winner popup offers Done (clear the record, back to
 * /start), Rematch (the same stake against the same opponent) and Find New Match (a new search
 * with the same game type and stake). Until the record says finished, the game is still settling.
 */
export function MatchFinishActions({ record }: { record: MatchmakingView }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const appState = useAppState();
  const start = useMatchStart();
  const [rematchOffered, setRematchOffered] = useState(false);
  const done = useMutation({
    mutationFn: () => recordAction('done'),
    onSuccess: () => {
      storeMatchmaking(client, null);
      void navigate('/start');
    },
  });
  const rematch = useMutation({
    mutationFn: () => recordAction('rematch'),
    onSuccess: () => setRematchOffered(true),
    onSettled: () => void client.invalidateQueries({ queryKey: MATCH_KEYS.current }),
  });
  // SPEC 4: the winner popup refreshes the balances (payout, refund, rewards).
  useEffect(() => {
    if (record.state === 'finished') void client.invalidateQueries({ queryKey: SESSION_KEY });
  }, [client, record.state, record.id]);
  const findNew = () =>
    start.run(
      record.currency,
      (deviceGps) =>
        seek({ gameType: record.gameType, c: record.currency, bet: record.bet, ...(deviceGps ? { deviceGps } : {}) }),
      (next) => storeMatchmaking(client, next),
    );

  if (record.state !== 'finished') {
    return (
      <p className="muted" role="status">
        Settling the match…
      </p>
    );
  }
  const busy = done.isPending || rematch.isPending || start.busy;
  const error = done.isError ? errorText(done.error) : rematch.isError ? errorText(rematch.error) : null;
  return (
    <div className="match-finish">
      {rematchOffered ? (
        <p className="muted" role="status">
          Rematch offered. Waiting for your opponent.
        </p>
      ) : null}
      <div className="confirm-actions match-finish-actions">
        <Button variant="secondary" onClick={() => done.mutate()} busy={done.isPending} disabled={busy}>
          Done
        </Button>
        {/* A giveaway has no rematch (the server refuses it): the creator sends a new one. */}
        {record.isGiveawayMode ? null : (
          <Button
            variant="secondary"
            onClick={() => rematch.mutate()}
            busy={rematch.isPending}
            disabled={busy || rematchOffered}
          >
            Rematch
          </Button>
        )}
        <Button onClick={findNew} busy={start.busy} disabled={busy}>
          Find New Match
        </Button>
      </div>
      <FormMessage text={error} />
      <RefusalNotice refusal={start.refusal} announcement={appState.data?.announcement} />
    </div>
  );
}
