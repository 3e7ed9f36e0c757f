import { Link } from 'react-router';
import { MATCH_TEXTS } from '@rush/domain';
import type { AnnouncementView } from '@rush/protocol';
import { TopUpButton } from '../wallet/index.ts';
import { Announcement } from './Announcement.tsx';
import type { MatchRefusal } from './refusal.ts';

/**
 * The "challenge error text" under the Play button (and on the match screen and challenge card):
 * the refusal's text with what SPEC 6 puts next to it.
 */
export function RefusalNotice({
  refusal,
  announcement,
}: {
  refusal: MatchRefusal | null;
  announcement: AnnouncementView | null | undefined;
}) {
  if (!refusal) return null;
  if (refusal.code === 'paused') return <Announcement announcement={announcement} />;
  const walletLink =
    refusal.code === 'wallet' ? MATCH_TEXTS.depositFunds : refusal.code === 'noBalance' ? 'Go to Wallet' : null;
  return (
    <div className="match-refusal" role="alert">
      <p>{refusal.message}</p>
      {walletLink ? (
        <Link to="/wallet" className="btn btn-primary">
          {walletLink}
        </Link>
      ) : null}
      {/* Out of RushCoins: the top-up is offered right here (it shows only at 0 RC). */}
      {refusal.code === 'noBalance' || refusal.code === 'insufficient' ? <TopUpButton /> : null}
    </div>
  );
}
