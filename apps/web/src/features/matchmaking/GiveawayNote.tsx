import { GIVEAWAY_TEXTS } from '@rush/domain';
import type { MatchmakingView } from '@rush/protocol';
import { Button } from '../../ui/Button.tsx';

/**
 * SPEC 3 isGiveawayMode on the game screen: whose money the prize is (the other player staked
 * nothing). A card of the challenge host (see ChallengeHost), off the play page's first load.
 */
export function GiveawayNote({ record, onClose }: { record: MatchmakingView; onClose: () => void }) {
  const by = record.giveawayBy === record.me.uid ? record.me : record.opponent;
  // Closable: over the game screen it must never stay in the way of a control.
  return (
    <div className="invitation-card giveaway-card" role="status">
      <p className="giveaway-note">{GIVEAWAY_TEXTS.funded(by?.username ?? 'None')}</p>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
