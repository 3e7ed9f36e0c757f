import { currencyName, playedText } from '@rush/domain';
import type { RealityCheckState } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './reality-check.css';

/** What the player chose: keep playing, or go to the Gaming pane for a limit or a break. */
export type RealityCheckChoice = 'continue' | 'limit' | 'break';

interface Props {
  state: RealityCheckState;
  onChoose: (choice: RealityCheckChoice) => void;
}

function resultWord(net: number): string {
  if (net > 0) return 'Up';
  if (net < 0) return 'Down';
  return 'Even';
}

/**
 * Issue 37: the reality check. Time played this session and the net result in each currency
 * (games only: won plus stakes given back minus staked), then Continue, Set a limit or Take a
 * break; every one of them answers the check. Closing it (Escape, the close button) is Continue.
 */
export function RealityCheckDialog({ state, onChoose }: Props) {
  return (
    <Dialog title="Reality check" onClose={() => onChoose('continue')} className="reality-check">
      <p>
        You have been playing for <strong data-testid="reality-check-time">{playedText(state.timePlayedMs)}</strong>{' '}
        this session.
      </p>
      <h3 className="reality-check-subtitle">Net result this session</h3>
      <dl className="reality-check-results">
        {state.net.map(({ currency, net }) => (
          <div key={currency} className="reality-check-result">
            <dt>{currencyName(currency)}</dt>
            <dd data-testid={`reality-check-net-${currency}`}>
              {resultWord(net)} <Amount minor={net < 0 ? -net : net} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="reality-check-actions">
        <Button data-autofocus onClick={() => onChoose('continue')}>
          Continue
        </Button>
        <Button variant="secondary" onClick={() => onChoose('limit')}>
          Set a limit
        </Button>
        <Button variant="secondary" onClick={() => onChoose('break')}>
          Take a break
        </Button>
      </div>
    </Dialog>
  );
}
