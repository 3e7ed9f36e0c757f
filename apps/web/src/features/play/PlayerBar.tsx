import { memo, useMemo } from 'react';
import { remainingAt, type Color } from '@rush/domain';
import type { PlayerView } from '@rush/protocol';
import { Avatar } from '../../ui/Avatar.tsx';
import { PieceImage } from '../../ui/board/PieceImage.tsx';
import { PIECE_NAMES, type PieceKind } from '../../ui/board/squares.ts';
import { Clock } from '../../ui/Clock.tsx';
import { Username } from '../../ui/Username.tsx';
import { PlayerName } from '../players/index.ts';
import type { ClockReading } from './liveGame.ts';

const COLOR_NAME: Readonly<Record<Color, string>> = { white: 'White', black: 'Black' };
export const colorName = (c: Color): string => COLOR_NAME[c];

/** "2 pawns, knight": the pieces a player has taken, for screen readers. */
export function capturedText(kinds: readonly PieceKind[]): string {
  if (kinds.length === 0) return 'none';
  const counts = new Map<PieceKind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n === 1 ? PIECE_NAMES[k] : `${n} ${PIECE_NAMES[k]}s`)).join(', ');
}

export function CapturedPieces({ kinds, of }: { kinds: readonly PieceKind[]; of: Color }) {
  return (
    <div className="captured">
      <span className="visually-hidden">Captured: {capturedText(kinds)}</span>
      <span className="captured-pieces" aria-hidden="true">
        {kinds.map((kind, i) => (
          <span key={`${kind}-${i}`} className="captured-piece">
            <PieceImage piece={{ color: of, kind }} />
          </span>
        ))}
      </span>
    </div>
  );
}

interface PlayerBarProps {
  color: Color;
  player: PlayerView;
  reading: ClockReading;
  /** The game is live (clocks may tick). */
  live: boolean;
  /** The pieces this player has captured (of the opposite colour). */
  captured: readonly PieceKind[];
  /** The viewer's own clock with sound on: beeps on low time. */
  own: boolean;
  /** Hide the chess-platform name? (the player's choice is applied by the server; this is the layout). */
  position: 'top' | 'bottom';
  /** A chess engine plays this side (a bot game): its name opens no profile. */
  engine?: boolean;
}

/** One player: picture, name, rating, presence, captured pieces and clock. */
function PlayerBarImpl({ color, player, reading, live, captured, own, position, engine = false }: PlayerBarProps) {
  const remaining = useMemo(
    () => () => remainingAt(reading.state, reading.turn, reading.serverNow())[color],
    [reading, color],
  );
  const running = live && reading.state.runningSince !== null && reading.turn === color;
  const diff = player.ratingDiff;
  return (
    <div className={`player-bar player-bar-${position}`} data-color={color}>
      <div className="player-identity">
        <Avatar url={player.avatarUrl} name={player.username} size={36} />
        <div className="player-text">
          <div className="player-name-row">
            <span
              className={`presence-dot ${player.connected ? 'is-online' : 'is-offline'}`}
              title={player.connected ? 'Online' : 'Offline'}
              aria-hidden="true"
            />
            {engine ? (
              <Username name={player.username} color={player.usernameColor} className="player-name" />
            ) : (
              // Issue 19: the name opens the player's profile (a bot has none).
              <PlayerName uid={player.uid} username={player.username}>
                <Username name={player.username} color={player.usernameColor} className="player-name" />
              </PlayerName>
            )}
            <span className="visually-hidden">
              {' '}
              ({colorName(color)}, {player.connected ? 'online' : 'offline'})
            </span>
            <span className="player-rating">
              {player.rating}
              {player.provisional ? '?' : ''}
              {diff !== null ? (
                <span className={diff >= 0 ? 'rating-up' : 'rating-down'}> {diff >= 0 ? `+${diff}` : diff}</span>
              ) : null}
            </span>
          </div>
          <CapturedPieces kinds={captured} of={color === 'white' ? 'black' : 'white'} />
        </div>
      </div>
      <Clock
        label={`${colorName(color)} clock`}
        remaining={remaining}
        running={running}
        initialMs={reading.initialMs}
        sound={own}
      />
    </div>
  );
}

export const PlayerBar = memo(PlayerBarImpl);
