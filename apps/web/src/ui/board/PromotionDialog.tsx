import type { Color } from '@rush/domain';
import { Dialog } from '../Dialog.tsx';
import { PieceImage } from './PieceImage.tsx';
import type { PieceKind } from './squares.ts';

const PROMOTIONS: readonly { kind: Exclude<PieceKind, 'p' | 'k'>; name: string }[] = [
  { kind: 'q', name: 'Queen' },
  { kind: 'r', name: 'Rook' },
  { kind: 'b', name: 'Bishop' },
  { kind: 'n', name: 'Knight' },
];

/** The promotion choice: four named buttons with the piece pictures. */
export function PromotionDialog({
  color,
  onChoose,
  onCancel,
}: {
  color: Color;
  onChoose: (kind: 'q' | 'r' | 'b' | 'n') => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title="Promote to" onClose={onCancel} className="promotion-dialog">
      <div className="promotion-choices">
        {PROMOTIONS.map((p, i) => (
          <button
            key={p.kind}
            type="button"
            className="promotion-choice"
            onClick={() => onChoose(p.kind)}
            data-autofocus={i === 0 ? true : undefined}
          >
            <span className="promotion-piece" aria-hidden="true">
              <PieceImage piece={{ color, kind: p.kind }} />
            </span>
            <span>{p.name}</span>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
