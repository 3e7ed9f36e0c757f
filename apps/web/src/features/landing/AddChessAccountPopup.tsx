import type { Me } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { LICHESS_LINK_HINT, LINK_REWARD, linkedText, useChessLink } from '../accounts/index.ts';

/**
 * SPEC 2 dashboard: a verified user without a linked chess account is asked to add one. Linking
 * is once and for good, and earns the RushCoin reward (SPEC 9).
 */
interface AddChessAccountPopupProps {
  me: Me;
  onClose: () => void;
  /** Linked from here (the popup stays to show its success message). */
  onLinked?: () => void;
}

export function AddChessAccountPopup({ me, onClose, onLinked }: AddChessAccountPopupProps) {
  const link = useChessLink(onLinked);
  return (
    <Dialog title="Add chess account" onClose={onClose}>
      <p>
        Link your chess account to play. Your games and ratings live on it, and linking earns you {LINK_REWARD}. The
        link cannot be changed later.
      </p>
      {link.platform === 'lichess' ? <p className="field-hint">{LICHESS_LINK_HINT}</p> : null}
      {link.linked ? (
        <FormMessage tone="success" text={linkedText(link.linked)} />
      ) : (
        <Button onClick={link.start} busy={link.isPending} disabled={me.chessUsername !== null} data-autofocus>
          Link account
        </Button>
      )}
      <FormMessage text={link.error ? errorText(link.error) : null} />
    </Dialog>
  );
}
