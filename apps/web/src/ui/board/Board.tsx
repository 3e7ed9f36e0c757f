import { memo, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { PieceImage } from './PieceImage.tsx';
import {
  describePosition,
  displayOrder,
  FILES,
  READ_POSITION_KEY,
  squareLabel,
  type BoardColor,
  type BoardPosition,
} from './squares.ts';
import './board.css';

/**
 * The chess board: a group (named by `label`) holding an ARIA grid of 8 rows (ranks) by 8
 * columns (files), each cell a button in a roving tabindex, so it works with a mouse (click or
 * drag), a finger (pointer events) and a keyboard or screen reader. The grid's rows and columns
 * carry rank and file headers for assistive tools; each square is a control named by its square
 * and piece ("e2 white pawn", "e4 empty"); arrow keys move the focus as the board is seen, Enter
 * or Space selects a piece and then plays it to the focused square, Escape drops the selection,
 * and P reads the whole position aloud through a live region (as Lichess's accessible mode
 * does). It knows nothing of chess rules: the legal destinations come in `dests`.
 */

interface BoardProps {
  /** Accessible name of the board ("Chess board"). */
  label: string;
  pieces: BoardPosition;
  orientation: BoardColor;
  /** Legal destinations by origin square; without it (or empty) the board is read-only. */
  dests?: ReadonlyMap<string, readonly string[]>;
  lastMove?: readonly [string, string] | null;
  /** The square of a king in check. */
  check?: string | null;
  onMove?: (from: string, to: string) => void;
  className?: string;
  /** Not ready for moves yet (its rules still loading): announced as busy to assistive tools. */
  busy?: boolean;
}

const DRAG_THRESHOLD_PX = 4;

interface DragState {
  from: string;
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
}

function BoardImpl({
  label,
  pieces,
  orientation,
  dests,
  lastMove,
  check,
  onMove,
  className,
  busy = false,
}: BoardProps) {
  const id = useId();
  const order = displayOrder(orientation);
  const [selectedRaw, setSelected] = useState<string | null>(null);
  const [focusRaw, setFocus] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<string | null>(null);
  // What the live region says; the trailing space alternates so the same position, asked for
  // twice, is read again (screen readers skip an unchanged region).
  const [spoken, setSpoken] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const gridRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const suppressClick = useRef(false);

  // A selection lasts while its piece can still move (the position may change under it).
  const selected = selectedRaw && dests?.get(selectedRaw)?.length ? selectedRaw : null;
  const targets = new Set(selected ? (dests?.get(selected) ?? []) : []);
  const focusSquare = focusRaw ?? order[56] ?? 'a1';

  const canMoveFrom = (square: string) => Boolean(dests?.get(square)?.length);

  const play = (from: string, to: string) => {
    setSelected(null);
    onMove?.(from, to);
  };

  /** A click, a tap, Enter or Space on a square. */
  const activate = (square: string) => {
    if (selected && targets.has(square)) {
      play(selected, square);
      return;
    }
    if (selected === square) {
      setSelected(null);
      return;
    }
    setSelected(canMoveFrom(square) ? square : null);
  };

  const moveFocus = (square: string) => {
    setFocus(square);
    buttons.current.get(square)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, square: string) => {
    const index = order.indexOf(square);
    const row = Math.floor(index / 8);
    const col = index % 8;
    let next: number | null;
    switch (event.key) {
      case 'ArrowUp':
        next = row > 0 ? index - 8 : null;
        break;
      case 'ArrowDown':
        next = row < 7 ? index + 8 : null;
        break;
      case 'ArrowLeft':
        next = col > 0 ? index - 1 : null;
        break;
      case 'ArrowRight':
        next = col < 7 ? index + 1 : null;
        break;
      case 'Home':
        next = row * 8;
        break;
      case 'End':
        next = row * 8 + 7;
        break;
      case READ_POSITION_KEY:
      case READ_POSITION_KEY.toUpperCase():
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        setSpoken((before) => {
          const text = describePosition(pieces);
          return before === text ? `${text}\u00a0` : text;
        });
        return;
      case 'Escape':
        if (selected) {
          event.preventDefault();
          event.stopPropagation();
          setSelected(null);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    const target = next === null ? undefined : order[next];
    if (target) moveFocus(target);
  };

  // Dragging: pointer events (mouse, pen and touch alike); the ghost follows through a ref, so
  // a drag re-renders nothing but its start and end.
  const squareAt = (x: number, y: number): string | null => {
    const rect = gridRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    const col = Math.floor(((x - rect.left) / rect.width) * 8);
    const row = Math.floor(((y - rect.top) / rect.height) * 8);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    return order[row * 8 + col] ?? null;
  };

  const moveGhost = (x: number, y: number) => {
    const ghost = ghostRef.current;
    const rect = gridRef.current?.getBoundingClientRect();
    if (!ghost || !rect) return;
    const size = rect.width / 8;
    ghost.style.width = `${size}px`;
    ghost.style.height = `${size}px`;
    ghost.style.transform = `translate(${x - rect.left - size / 2}px, ${y - rect.top - size / 2}px)`;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, square: string) => {
    if (event.button !== 0 || !canMoveFrom(square)) return;
    drag.current = {
      from: square,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      dragging: false,
    };
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // capture unsupported (tests): moves still arrive while over the board
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    if (!state.dragging) {
      const distance = Math.hypot(event.clientX - state.startX, event.clientY - state.startY);
      if (distance < DRAG_THRESHOLD_PX) return;
      state.dragging = true;
      setSelected(state.from);
      setDragFrom(state.from);
    }
    moveGhost(event.clientX, event.clientY);
  };

  const endDrag = (event: ReactPointerEvent<HTMLButtonElement>, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return; // a plain click: the click handler decides
    suppressClick.current = true;
    setDragFrom(null);
    const to = cancelled ? null : squareAt(event.clientX, event.clientY);
    if (to && to !== state.from && dests?.get(state.from)?.includes(to)) play(state.from, to);
  };

  const movedPiece = dragFrom ? pieces[dragFrom] : undefined;
  const interactive = Boolean(dests && dests.size > 0);
  const hintIds = {
    dest: `${id}-dest`,
    last: `${id}-last`,
    check: `${id}-check`,
    selected: `${id}-selected`,
    keys: `${id}-keys`,
  };
  const columns = order.slice(0, 8).map((square) => square[0] ?? 'a');
  const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((row) => order.slice(row * 8, row * 8 + 8));

  const renderSquare = (square: string, index: number) => {
    const piece = pieces[square];
    const file = square[0] ?? 'a';
    const rank = square[1] ?? '1';
    const dark = (FILES.indexOf(file as (typeof FILES)[number]) + Number(rank)) % 2 === 1;
    const isTarget = targets.has(square);
    const isLast = Boolean(lastMove && (lastMove[0] === square || lastMove[1] === square));
    const isCheck = check === square;
    const describedBy = [
      square === selected ? hintIds.selected : null,
      isTarget ? hintIds.dest : null,
      isLast ? hintIds.last : null,
      isCheck ? hintIds.check : null,
    ]
      .filter(Boolean)
      .join(' ');
    const classes = [
      'board-square',
      dark ? 'is-dark' : 'is-light',
      square === selected ? 'is-selected' : null,
      isTarget ? (piece ? 'is-capture' : 'is-dest') : null,
      isLast ? 'is-last' : null,
      isCheck ? 'is-check' : null,
      square === dragFrom ? 'is-drag-origin' : null,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div key={square} role="gridcell" className={`board-cell ${dark ? 'is-dark' : 'is-light'}`}>
        <button
          ref={(el) => {
            if (el) buttons.current.set(square, el);
            else buttons.current.delete(square);
          }}
          type="button"
          className={classes}
          data-square={square}
          aria-label={squareLabel(square, piece)}
          aria-describedby={describedBy || undefined}
          aria-pressed={canMoveFrom(square) ? square === selected : undefined}
          tabIndex={square === focusSquare ? 0 : -1}
          onFocus={() => setFocus(square)}
          onClick={() => activate(square)}
          onKeyDown={(event) => onKeyDown(event, square)}
          onPointerDown={(event) => onPointerDown(event, square)}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, false)}
          onPointerCancel={(event) => endDrag(event, true)}
        >
          {piece ? (
            <span className="board-piece" aria-hidden="true">
              <PieceImage piece={piece} />
            </span>
          ) : null}
        </button>
        {/* The printed coordinates sit beside the button, not in it: its name says the square. */}
        {index % 8 === 0 ? (
          <span className="board-coord board-coord-rank" aria-hidden="true">
            {rank}
          </span>
        ) : null}
        {index >= 56 ? (
          <span className="board-coord board-coord-file" aria-hidden="true">
            {file}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div
      className={['board', className].filter(Boolean).join(' ')}
      data-orientation={orientation}
      role="group"
      aria-label={label}
      aria-busy={busy || undefined}
    >
      <div
        ref={gridRef}
        role="grid"
        aria-label="Squares"
        aria-describedby={hintIds.keys}
        aria-keyshortcuts={READ_POSITION_KEY.toUpperCase()}
        className="board-grid"
        data-interactive={interactive || undefined}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.stopPropagation();
          event.preventDefault();
        }}
      >
        {/* Headers for assistive tools only: the files over the columns, the rank at the start of each row. */}
        <div role="row" className="visually-hidden">
          <span role="columnheader" className="visually-hidden">
            Rank
          </span>
          {columns.map((file) => (
            <span key={file} role="columnheader" className="visually-hidden">
              {`file ${file}`}
            </span>
          ))}
        </div>
        {rows.map((squares, row) => {
          const rank = squares[0]?.[1] ?? '';
          return (
            <div key={rank} role="row" className="board-row">
              <span role="rowheader" className="visually-hidden">
                {`rank ${rank}`}
              </span>
              {squares.map((square, col) => renderSquare(square, row * 8 + col))}
            </div>
          );
        })}
        <div ref={ghostRef} className="board-ghost" aria-hidden="true" hidden={!movedPiece}>
          {movedPiece ? <PieceImage piece={movedPiece} /> : null}
        </div>
      </div>
      <span hidden id={hintIds.keys}>
        Arrow keys move between squares, Enter or Space selects a piece and plays it, Escape cancels, P reads the
        position.
      </span>
      <span hidden id={hintIds.selected}>
        selected
      </span>
      <span hidden id={hintIds.dest}>
        possible move
      </span>
      <span hidden id={hintIds.last}>
        last move
      </span>
      <span hidden id={hintIds.check}>
        in check
      </span>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="board-announcer">
        {spoken}
      </p>
    </div>
  );
}

/** Memoised: clocks and chat around it re-render without touching the 64 squares. */
export const Board = memo(BoardImpl);
