import { formatMinor } from '@rush/domain';
import type { StakeView } from '@rush/protocol';

/** An amount with its currency: "$20.00" for USD, "200.00 RC" for RushCoins (SPEC 2 header style). */
export function formatAmount(currency: StakeView['currency'], minor: number): string {
  return currency === 'usd' ? `$${formatMinor(minor)}` : `${formatMinor(minor)} RC`;
}

/** The pot of a staked game (both stakes, as the server reports it); a friendly game has none. */
export function PrizePool({ stake }: { stake: StakeView | null }) {
  return (
    <section className="prize-pool" aria-label="Prize pool">
      <h2 className="panel-title">Prize pool</h2>
      {stake ? (
        <p className="prize-amount">
          <strong data-testid="prize-pool">{formatAmount(stake.currency, stake.pot)}</strong>
          <span className="muted"> (stake {formatAmount(stake.currency, stake.amount)} each)</span>
        </p>
      ) : (
        <p className="muted">Friendly game, no stake.</p>
      )}
    </section>
  );
}
