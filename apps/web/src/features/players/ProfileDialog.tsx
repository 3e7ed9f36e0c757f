import { useQuery } from '@tanstack/react-query';
import type { PlayerCardResponse, RatingView } from '@rush/protocol';
import { ApiError } from '../../api/http.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { Username } from '../../ui/Username.tsx';
import { useSession } from '../../api/session.ts';
import { fetchPlayerCard, playerCardKey } from './api.ts';
import { PlayerCharts } from './PlayerCharts.tsx';
import type { ProfileRequest } from './profileRequests.ts';
import './players.css';

/** "2026/03" (UTC), as History writes dates but to the month. */
export const memberSinceText = (iso: string): string => iso.slice(0, 7).replace('-', '/');

/** "1523", "1500?" while provisional (as the player bars write it). */
export const ratingText = (r: Pick<RatingView, 'rating' | 'provisional'>): string =>
  `${r.rating}${r.provisional ? '?' : ''}`;

function Card({ card }: { card: PlayerCardResponse }) {
  const { ratings, record } = card;
  return (
    <div className="profile-card">
      <Avatar url={card.avatarUrl} name={card.username} size={56} />
      <div>
        <p className="profile-card-name">
          <Username name={card.username} color={card.usernameColor} />
        </p>
        <ul className="profile-card-facts" aria-label="Public figures">
          <li>
            Blitz <strong>{ratingText(ratings.blitz)}</strong>
          </li>
          <li>
            Rapid <strong>{ratingText(ratings.rapid)}</strong>
          </li>
          <li>
            Games <strong>{record.played}</strong>: {record.won} won, {record.lost} lost, {record.drawn} drawn
          </li>
          <li>Member since {memberSinceText(card.memberSince)}</li>
        </ul>
      </div>
    </div>
  );
}

/**
 * A player's profile (issue 19), opened from their name: the public card and the same charts as
 * the History overlay. What is public is the server's decision (modules/stats/players.service.ts).
 */
export function ProfileDialog({ request, onClose }: { request: ProfileRequest; onClose: () => void }) {
  const { me } = useSession();
  const own = me?.uid === request.uid;
  const card = useQuery({ queryKey: playerCardKey(request.uid), queryFn: () => fetchPlayerCard(request.uid) });
  return (
    <Dialog title={`Profile of ${request.username}`} onClose={onClose} className="dialog-wide">
      <QueryState
        query={card}
        loading="Loading profile…"
        subject="profile"
        // No public profile (a closed or bot account) stays so: reading again cannot help.
        retry={!(card.error instanceof ApiError && card.error.status === 404)}
      >
        {(data) => (
          <>
            <Card card={data} />
            <PlayerCharts uid={request.uid} own={own} label={own ? 'Your charts' : `Charts of ${data.username}`} />
          </>
        )}
      </QueryState>
    </Dialog>
  );
}
