import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { FormMessage } from './Field.tsx';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  /** The question, word for word (SPEC 5 confirmations). */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: string | null;
}

/**
 * A yes/no question before an action that cannot be taken back. Focus starts on Cancel, so a
 * stray Enter never confirms; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel} className="confirm-dialog">
      <p className="confirm-message">{message}</p>
      <FormMessage text={error} />
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
