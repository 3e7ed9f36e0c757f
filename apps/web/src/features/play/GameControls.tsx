import { canProposeTakeback, endButton, offersAllowed, opposite, type Color } from '@rush/domain';
import type { GameView } from '@rush/protocol';
import { Button } from '../../ui/Button.tsx';

export interface ControlsState {
  end: 'abort' | 'resign';
  drawDisabled: boolean;
  takebackDisabled: boolean;
  /** The viewer's own offers waiting for an answer. */
  drawOffered: boolean;
  takebackOffered: boolean;
  /** Offers from the opponent waiting for the viewer's answer. */
  incoming: ('draw' | 'takeback')[];
}

/** What the controls offer a player at this point of the game (the rules come from domain). */
export function controlsState(view: Pick<GameView, 'ply' | 'offers'>, you: Color): ControlsState {
  const them = opposite(you);
  const drawOffered = view.offers.draw === you;
  const takebackOffered = view.offers.takeback === you;
  const incoming: ('draw' | 'takeback')[] = [];
  if (view.offers.draw === them) incoming.push('draw');
  if (view.offers.takeback === them) incoming.push('takeback');
  return {
    end: endButton(view.ply),
    drawDisabled: !offersAllowed(view.ply) || view.offers.draw !== null,
    takebackDisabled: !canProposeTakeback(view.ply, you) || view.offers.takeback !== null,
    drawOffered,
    takebackOffered,
    incoming,
  };
}

interface GameControlsProps {
  view: GameView;
  you: Color;
  busy: string | null;
  onAbort: () => void;
  onResign: () => void;
  onOfferDraw: () => void;
  onOfferTakeback: () => void;
  /** Pending requests the player closed without answering (badge); opens them again. */
  pendingRequests: number;
  onShowRequests: () => void;
  /** False against an engine: it answers no draw or takeback offer, so none is offered. */
  offers?: boolean;
}

/** Abort (fewer than 2 plies) or Resign, Offer draw, Takeback (not against an engine), and the pending-requests badge. */
export function GameControls({
  view,
  you,
  busy,
  onAbort,
  onResign,
  onOfferDraw,
  onOfferTakeback,
  pendingRequests,
  onShowRequests,
  offers = true,
}: GameControlsProps) {
  const state = controlsState(view, you);
  return (
    <section className="game-controls" aria-label="Game controls">
      <div className="game-controls-row">
        {state.end === 'abort' ? (
          <Button variant="secondary" onClick={onAbort} busy={busy === 'abort'}>
            Abort
          </Button>
        ) : (
          <Button variant="danger" onClick={onResign} busy={busy === 'resign'}>
            Resign
          </Button>
        )}
        {offers ? (
          <>
            <Button variant="secondary" onClick={onOfferDraw} disabled={state.drawDisabled} busy={busy === 'draw'}>
              Offer draw
            </Button>
            <Button
              variant="secondary"
              onClick={onOfferTakeback}
              disabled={state.takebackDisabled}
              busy={busy === 'takeback'}
            >
              Takeback
            </Button>
          </>
        ) : null}
        {pendingRequests > 0 ? (
          <Button variant="primary" className="requests-button" onClick={onShowRequests}>
            Requests{' '}
            <span className="badge" aria-hidden="true">
              {pendingRequests}
            </span>
            <span className="visually-hidden">({pendingRequests} pending)</span>
          </Button>
        ) : null}
      </div>
      {state.drawOffered ? <p className="muted">Draw offered. Waiting for your opponent.</p> : null}
      {state.takebackOffered ? <p className="muted">Takeback proposed. Waiting for your opponent.</p> : null}
    </section>
  );
}
