import { useMemo } from 'react';
import { opposite, type Color } from '@rush/domain';
import { Board } from '../../ui/board/Board.tsx';
import { capturedPieces, type PositionInfo } from '../../ui/board/fen.ts';
import type { ClockReading, LiveGame } from './liveGame.ts';
import { PlayerBar } from './PlayerBar.tsx';

interface PlayersAndBoardProps {
  view: LiveGame['view'];
  /** The colour at the bottom of the board (its orientation). */
  bottom: Color;
  /** The position shown. */
  info: PositionInfo;
  reading: ClockReading;
  live: boolean;
  dests: ReadonlyMap<string, readonly string[]>;
  lastMove: readonly [string, string] | null;
  /** The bottom player is the viewer with sound on: their clock beeps on low time. */
  ownBottom: boolean;
  onMove?: (from: string, to: string) => void;
  /** The rules are still loading: the board takes no move yet. */
  busy?: boolean;
}

/** The board between the two players (with their clocks and captured pieces), bottom player last. */
export function PlayersAndBoard({
  view,
  bottom,
  info,
  reading,
  live,
  dests,
  lastMove,
  ownBottom,
  onMove,
  busy = false,
}: PlayersAndBoardProps) {
  const captured = useMemo(() => capturedPieces(info.pieces), [info]);
  const top = opposite(bottom);
  return (
    <>
      <PlayerBar
        color={top}
        position="top"
        player={view[top]}
        reading={reading}
        live={live}
        captured={captured[bottom]}
        own={false}
        engine={view.engine === top}
      />
      <Board
        label="Chess board"
        pieces={info.pieces}
        orientation={bottom}
        dests={dests}
        lastMove={lastMove}
        check={info.check}
        onMove={onMove}
        busy={busy}
      />
      <PlayerBar
        color={bottom}
        position="bottom"
        player={view[bottom]}
        reading={reading}
        live={live}
        captured={captured[top]}
        own={ownBottom}
        engine={view.engine === bottom}
      />
    </>
  );
}
