import type { ReactNode } from 'react';
import { FAIRPLAY_TEXTS, resultTitle, type Color } from '@rush/domain';
import type { GameView } from '@rush/protocol';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { colorName } from './PlayerBar.tsx';
import type { OfferActionName } from './commands.ts';

// The game screen loads every dialog at once (useGameDialogs), the promotion choice among them.
export { PromotionDialog } from '../../ui/board/PromotionDialog.tsx';

const OFFER_TEXT = {
  draw: { title: 'Draw offer', text: 'Your opponent offers a draw.' },
  takeback: { title: 'Takeback request', text: 'Your opponent asks to take back their last move.' },
} as const;

interface OfferDialogProps {
  kind: 'draw' | 'takeback';
  busy: boolean;
  error: string | null;
  onAnswer: (action: Extract<OfferActionName, 'accept' | 'decline'>) => void;
  /** Closing without answering keeps the request pending (the badge shows it). */
  onClose: () => void;
}

/** An incoming draw offer or takeback request: Accept or Decline. */
export function OfferDialog({ kind, busy, error, onAnswer, onClose }: OfferDialogProps) {
  const copy = OFFER_TEXT[kind];
  return (
    <Dialog title={copy.title} onClose={onClose} className="confirm-dialog" closeLabel="Answer later">
      <p>{copy.text}</p>
      <FormMessage text={error} />
      <div className="confirm-actions">
        <Button variant="secondary" onClick={() => onAnswer('decline')} disabled={busy} data-autofocus>
          Decline
        </Button>
        <Button onClick={() => onAnswer('accept')} busy={busy}>
          Accept
        </Button>
      </div>
    </Dialog>
  );
}

/** "White wins", "Draw", "Game aborted": who won, in words, for everybody. */
export function winnerLine(view: Pick<GameView, 'status' | 'winner' | 'white' | 'black'>): string {
  if (view.status === 'aborted' || view.status === 'nostart') return 'No winner: the game did not count.';
  if (view.winner === null) return 'No winner.';
  const player = view.winner === 'white' ? view.white : view.black;
  return `${colorName(view.winner)} wins: ${player.username}`;
}

/**
 * Fair play (issue 14): the pot of this game is held while an admin reviews it, so the popup
 * says so instead of letting a win read as paid out.
 */
export function UnderReviewNotice({ className }: { className?: string }) {
  return (
    <div className={['under-review', className].filter(Boolean).join(' ')} role="status">
      <strong className="under-review-title">{FAIRPLAY_TEXTS.underReview}</strong>
      <p className="under-review-note">{FAIRPLAY_TEXTS.underReviewNote}</p>
    </div>
  );
}

/** The title of the result for this viewer (the server's, or domain's when an event ended it). */
export function titleFor(view: GameView): string {
  return (
    view.resultTitle ?? resultTitle({ status: view.status, winner: view.winner, viewer: view.you }) ?? 'GAME ENDED'
  );
}

interface ResultDialogProps {
  view: GameView;
  onClose: () => void;
  /** Players: the rematch flow. */
  onRematch?: (action: OfferActionName) => void;
  rematchBusy?: boolean;
  error?: string | null;
  /**
   * Players of a matchmaking game: the popup's own actions (Done, Rematch, Find New Match)
   * instead of the friendly rematch flow.
   */
  actions?: ReactNode;
}

/**
 * SPEC 4 result modal: CONGRATS / Unlucky / DRAW / ABORTED / GAME ENDED, the status text, rating
 * changes, and for players the rematch offer, accept and decline. Spectators see the same
 * popup with the winner (SPEC 4: at the end the winner popup shows).
 */
export function ResultDialog({ view, onClose, onRematch, rematchBusy = false, error, actions }: ResultDialogProps) {
  const you = view.you;
  const rematch = view.offers.rematch;
  const ratingLine = (color: Color) => {
    const p = color === 'white' ? view.white : view.black;
    if (p.ratingDiff === null) return null;
    return (
      <li key={color}>
        {p.username}: {p.rating + p.ratingDiff} ({p.ratingDiff >= 0 ? `+${p.ratingDiff}` : p.ratingDiff})
      </li>
    );
  };
  const ratings = [ratingLine('white'), ratingLine('black')].filter(Boolean);
  return (
    <Dialog title={titleFor(view)} onClose={onClose} className="result-dialog">
      {view.statusText ? <p className="result-status">{view.statusText}</p> : null}
      <p className="result-winner">{winnerLine(view)}</p>
      {ratings.length ? <ul className="result-ratings">{ratings}</ul> : null}
      {view.underReview ? <UnderReviewNotice /> : null}
      <FormMessage text={error} />
      {you && actions ? actions : null}
      {you && onRematch && !actions ? (
        <div className="result-rematch">
          {rematch === null ? (
            <Button onClick={() => onRematch('offer')} busy={rematchBusy} data-autofocus>
              Rematch
            </Button>
          ) : rematch === you ? (
            <p className="muted" role="status">
              Rematch offered. Waiting for your opponent.
            </p>
          ) : (
            <>
              <p role="status">Your opponent wants a rematch.</p>
              <div className="confirm-actions">
                <Button variant="secondary" onClick={() => onRematch('decline')} disabled={rematchBusy}>
                  Decline rematch
                </Button>
                <Button onClick={() => onRematch('accept')} busy={rematchBusy}>
                  Accept rematch
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
