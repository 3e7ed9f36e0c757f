import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gameMode } from '@rush/domain';
import { analyzePath, type HeldGameView } from '@rush/protocol';
import { errorText } from '../../../api/http.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { clearHeldGame, confirmHeldGame, fetchHeldGames, SideFiguresTable } from '../../fairplay/index.ts';
import { ConfirmCheatingDialog } from './ConfirmCheatingDialog.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { sectionKey } from '../queries.ts';

/**
 * Issue 14: the games whose payout is held because the winner was flagged, with the evidence
 * (both sides' figures, the reasons, the per-move chart) and the review: Clear (the payout goes
 * out) or Confirm cheating (asked first). Part of System-flagged users: the server announces
 * changes as `admin.changed {section: 'flags'}`, which reads this list again with the flags.
 */
export const heldKey = [...sectionKey('flags'), 'held'] as const;

export const HELD_TEXTS = {
  empty: 'No payouts are held.',
  confirmCheating: (winner: string, loser: string) =>
    `Confirm cheating? The game ends as 'Cheating detected', the stakes go back to ${loser} and ${winner} is banned.`,
  // Issue 33: against a bot the wronged party is the house.
  confirmBotCheating: (winner: string) =>
    `Confirm cheating? The game ends as 'Cheating detected', the house keeps the whole pot and ${winner} is banned.`,
  cleared: (winner: string) => `Cleared: the payout of ${winner} is on its way.`,
  confirmed: (winner: string) => `Cheating confirmed: ${winner} is banned.`,
} as const; // ours

/**
 * A review decision. Whatever the answer (done, or refused because another admin was first),
 * the list is read again, so it never offers a game that is no longer held.
 */
function useReview<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    // Starts with 'admin': a 403 sends the viewer to / like every console write.
    mutationKey: ['admin', 'flags', 'held'],
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: sectionKey('flags') });
      void client.invalidateQueries({ queryKey: sectionKey('balances') });
      void client.invalidateQueries({ queryKey: sectionKey('bans') });
    },
  });
}

function ConfirmHeldDialog({
  game,
  onClose,
  onDone,
}: {
  game: HeldGameView;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const confirm = useReview((reason: string) => confirmHeldGame(game.gameId, { reason }));
  return (
    <ConfirmCheatingDialog
      username={game.winner.username}
      explanation={
        game.againstBot
          ? HELD_TEXTS.confirmBotCheating(game.winner.username)
          : HELD_TEXTS.confirmCheating(game.winner.username, game.loser.username)
      }
      mutation={confirm}
      onClose={onClose}
      onConfirmed={() => onDone(HELD_TEXTS.confirmed(game.winner.username))}
    />
  );
}

function HeldGame({
  game,
  onConfirm,
  onDone,
}: {
  game: HeldGameView;
  onConfirm: () => void;
  onDone: (text: string) => void;
}) {
  const clear = useReview(() => clearHeldGame(game.gameId));
  const winner = game.winner.username;
  const loser = game.loser.username;
  const [white, black] = game.winnerColor === 'white' ? [winner, loser] : [loser, winner];
  const about = `${winner} against ${loser}`;
  return (
    <li className="admin-card held-game">
      <h4>
        {winner} ({game.winnerColor === 'white' ? 'White' : 'Black'}) won against {loser}
      </h4>
      <dl className="held-facts">
        <dt>Game</dt>
        <dd>
          <code>{game.gameId}</code>, {gameMode(game.mode).name}
        </dd>
        <dt>Stake</dt>
        <dd>
          {game.againstBot ? (
            <>
              <Amount minor={game.stake.amount} currency={game.stake.currency} /> against the house&rsquo;s{' '}
              <Amount minor={game.stake.pot - game.stake.amount} currency={game.stake.currency} />, pot{' '}
            </>
          ) : (
            <>
              <Amount minor={game.stake.amount} currency={game.stake.currency} /> each, pot{' '}
            </>
          )}
          <Amount minor={game.stake.pot} currency={game.stake.currency} />
        </dd>
        <dt>Held since</dt>
        <dd>
          <time dateTime={game.heldAt}>{formatTime(game.heldAt)}</time>
        </dd>
      </dl>
      <h5>Reasons</h5>
      {game.reasons.length ? (
        <ul className="held-reasons">
          {game.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">No reason given.</p>
      )}
      <SideFiguresTable
        caption={`Figures of ${about}`}
        white={{ name: white, figures: game.white }}
        black={{ name: black, figures: game.black }}
      />
      <span className="admin-actions">
        <a
          className="btn btn-secondary"
          href={analyzePath(game.gameId, game.winnerColor)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Per-move chart of ${about} (opens in a new tab)`}
        >
          Per-move chart
        </a>
        <Button
          busy={clear.isPending}
          aria-label={`Clear the held payout of ${winner}`}
          onClick={() => clear.mutate(undefined, { onSuccess: () => onDone(HELD_TEXTS.cleared(winner)) })}
        >
          Clear
        </Button>
        <Button
          variant="danger"
          aria-haspopup="dialog"
          aria-label={`Confirm cheating by ${winner}`}
          onClick={onConfirm}
        >
          Confirm cheating
        </Button>
      </span>
      <FormMessage text={clear.isError ? errorText(clear.error) : null} />
    </li>
  );
}

/** Held payouts, oldest first, under System-flagged users. */
export function HeldPayouts() {
  const query = useQuery({ queryKey: heldKey, queryFn: fetchHeldGames });
  const [confirming, setConfirming] = useState<HeldGameView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <SectionFrame title="Held payouts" level={3}>
      <FormMessage text={done} tone="success" />
      <QueryState query={query} loading="Loading held payouts…" subject="held payouts">
        {(data) =>
          data.games.length === 0 ? (
            <p className="table-empty">{HELD_TEXTS.empty}</p>
          ) : (
            <ul className="admin-list" aria-label="Held payouts">
              {data.games.map((g) => (
                <HeldGame key={g.gameId} game={g} onConfirm={() => setConfirming(g)} onDone={setDone} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {confirming ? (
        <ConfirmHeldDialog
          game={confirming}
          onClose={() => setConfirming(null)}
          onDone={(text) => {
            setConfirming(null);
            setDone(text);
          }}
        />
      ) : null}
    </SectionFrame>
  );
}
