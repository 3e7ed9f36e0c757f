import { useState, type ReactNode } from 'react';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { InputField } from '../parts.tsx';
import { ADMIN_LIMITS } from '../limits.ts';

/** What the dialog needs of the caller's mutation (reported players, held payouts). */
interface ReasonMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: (reason: string, options: { onSuccess: () => void }) => void;
}

/**
 * "Confirm cheating" asked first, with a reason (SPEC 4: the player is banned with it): from a
 * player's reports and from a held payout (issue 14). The caller says what confirming does.
 */
export function ConfirmCheatingDialog({
  username,
  explanation,
  mutation,
  onClose,
  onConfirmed,
}: {
  username: string;
  explanation: ReactNode;
  mutation: ReasonMutation;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const [reason, setReason] = useState('Cheating');
  return (
    <Dialog title={`Confirm cheating by ${username}`} onClose={onClose} className="admin-dialog">
      <p>{explanation}</p>
      <InputField label="Reason" value={reason} onValueChange={setReason} maxLength={ADMIN_LIMITS.reason} />
      <FormMessage text={mutation.isError ? errorText(mutation.error) : null} />
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={mutation.isPending}
          onClick={() => mutation.mutate(reason.trim(), { onSuccess: onConfirmed })}
        >
          Confirm cheating
        </Button>
      </div>
    </Dialog>
  );
}
