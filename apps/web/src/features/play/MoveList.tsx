import { memo, useEffect, useRef } from 'react';

interface MoveListProps {
  san: readonly string[];
  /** Replay: the ply shown (0 = start); the moves become buttons that select a ply. */
  selectedPly?: number;
  onSelectPly?: (ply: number) => void;
}

/** The moves in SAN, one row per full move ("1. f3 e5"). */
function MoveListImpl({ san, selectedPly, onSelectPly }: MoveListProps) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!onSelectPly) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [san.length, onSelectPly]);

  const rows: { number: number; white: string; black?: string }[] = [];
  for (let i = 0; i < san.length; i += 2) rows.push({ number: i / 2 + 1, white: san[i] ?? '', black: san[i + 1] });

  const cell = (text: string | undefined, ply: number, side: 'White' | 'Black') => {
    if (text === undefined) return <span className="move move-empty" />;
    if (!onSelectPly) return <span className="move">{text}</span>;
    return (
      <button
        type="button"
        className="move move-button"
        aria-current={selectedPly === ply ? 'step' : undefined}
        aria-label={`Move ${Math.ceil(ply / 2)}, ${side}: ${text}`}
        onClick={() => onSelectPly(ply)}
      >
        {text}
      </button>
    );
  };

  return (
    <section className="move-list-panel" aria-label="Moves">
      <h2 className="panel-title">Moves</h2>
      {san.length === 0 ? (
        <p className="muted">No moves yet.</p>
      ) : (
        <ol className="move-list">
          {rows.map((row, i) => (
            <li key={row.number} ref={i === rows.length - 1 ? end : undefined} className="move-row">
              <span className="move-number" aria-hidden="true">
                {row.number}.
              </span>
              {cell(row.white, row.number * 2 - 1, 'White')}
              {cell(row.black, row.number * 2, 'Black')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const MoveList = memo(MoveListImpl);
