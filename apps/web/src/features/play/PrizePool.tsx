import type { StakeView } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';

/**
 * The pot of a staked game (both stakes, as the server reports it); a friendly game has none.
 * `note`: a giveaway's word on whose money the prize is (SPEC 3 isGiveawayMode), beside it.
 */
export function PrizePool({ stake, note }: { stake: StakeView | null; note?: string | null }) {
  return (
    <section className="prize-pool" aria-label="Prize pool">
      <h2 className="panel-title">Prize pool</h2>
      {stake ? (
        <p className="prize-amount">
          <strong>
            <Amount minor={stake.pot} currency={stake.currency} testId="prize-pool" />
          </strong>
          {/* A giveaway's pot is one player's stake: no "each". */}
          {stake.pot !== stake.amount ? (
            <span className="muted">
              {' '}
              (stake <Amount minor={stake.amount} currency={stake.currency} /> each)
            </span>
          ) : null}
        </p>
      ) : (
        <p className="muted">Friendly game, no stake.</p>
      )}
      {note ? <p className="prize-note">{note}</p> : null}
    </section>
  );
}
