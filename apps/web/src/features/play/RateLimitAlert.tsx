import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CommandError } from '../../api/realtime.ts';

/** The code a command fails with when the chess platform answered HTTP 429 (SPEC 8). */
export const RATE_LIMITED = 'RATE_LIMITED';

/** Whether a failed command was refused for too many requests (the alert, not an inline error). */
export const isRateLimited = (error: unknown): boolean => error instanceof CommandError && error.code === RATE_LIMITED;

/**
 * SPEC 8: on the chess platform's HTTP 429, an alert about too many tabs or quick reloads and
 * waiting (the server's text); nothing is sent with the player's token for a minute meanwhile.
 */
export function RateLimitAlert({ text, onClose }: { text: string | null; onClose: () => void }) {
  if (!text) return null;
  return (
    <Dialog title="Too many requests" onClose={onClose} className="confirm-dialog">
      <p className="confirm-message" role="alert">
        {text}
      </p>
      <div className="confirm-actions">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
