import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { checkPlayerReport, REPORT_CONFIRM_MS, REPORT_REASON_MAX, SOCIAL_TEXTS } from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { sendPlayerReport } from './api.ts';
import './reports.css';

interface ReportPlayerDialogProps {
  /** The reporter (null: a visitor, who cannot report). */
  reporter: string | null;
  /** Who is reported; without a uid nothing is sent (SPEC 5). */
  target: { uid: string | null | undefined; username: string };
  /** The game the report is about (the server checks the reporter played it against the target). */
  gameId: string;
  onClose: () => void;
}

/**
 * SPEC 2 player report dialog "Report opponent": a reason of at most 120 characters (SPEC 5),
 * Send; then "Report sent / Thank you for feedback!" for 2 s (SPEC 9) and the dialog closes.
 * The server's message shows when it refuses.
 */
export function ReportPlayerDialog({ reporter, target, gameId, onClose }: ReportPlayerDialogProps) {
  const reasonId = useId();
  const location = useLocation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onClose, REPORT_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  const send = () => {
    const check = checkPlayerReport({ reporter, target: target.uid, reason });
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setBusy(true);
    setError(null);
    // The page it was made from (SPEC 7 urlGame): the game or spectator screen.
    const url = location.pathname + location.search;
    sendPlayerReport({ uid: check.target, text: check.reason, gameId, url }).then(
      () => {
        setBusy(false);
        setSent(true);
      },
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };

  const count = [...reason].length;
  return (
    <Dialog title={SOCIAL_TEXTS.reportOpponent} onClose={onClose}>
      {sent ? (
        <div className="report-sent" role="status">
          <p className="report-sent-title">{SOCIAL_TEXTS.reportSent}</p>
          <p>{SOCIAL_TEXTS.thankYou}</p>
        </div>
      ) : (
        <form
          className="report-form"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <p className="muted">Reporting {target.username}</p>
          <div className="field">
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              data-autofocus
              rows={3}
              value={reason}
              aria-invalid={count > REPORT_REASON_MAX || undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            <p className={count > REPORT_REASON_MAX ? 'field-error' : 'field-hint'} data-testid="reason-count">
              {count}/{REPORT_REASON_MAX}
            </p>
          </div>
          <FormMessage text={error} />
          <Button type="submit" busy={busy}>
            {SOCIAL_TEXTS.send}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
