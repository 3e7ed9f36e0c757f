import type { ReactNode } from 'react';
import { openProfile } from './profileRequests.ts';
import './player-name.css';

interface PlayerNameProps {
  uid: string;
  username: string;
  /** How the name is drawn (a coloured Username); the plain name when omitted. */
  children?: ReactNode;
  className?: string;
}

/**
 * A player's name that opens their profile (issue 19). Its accessible name starts with the
 * visible name ("bob, profile"; a label, since browsers join hidden text to it with differing
 * spaces); the name sits in a span of its own so it reads as text too.
 */
export function PlayerName({ uid, username, children, className }: PlayerNameProps) {
  return (
    <button
      type="button"
      className={['player-name-button', className].filter(Boolean).join(' ')}
      aria-haspopup="dialog"
      aria-label={`${username}, profile`}
      onClick={() => openProfile({ uid, username })}
    >
      {children ?? <span>{username}</span>}
    </button>
  );
}
