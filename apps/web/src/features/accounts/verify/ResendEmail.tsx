import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAIL_SPACING_MS, TEXTS, formatRetryWait } from '@rush/domain';
import { resendVerification } from '../api.ts';
import { ApiError, errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';

/** A refusal that names a wait (a 429 with Retry-After): its text follows the seconds left. */
const namesAWait = (error: unknown): error is ApiError & { retryAt: number } =>
  error instanceof ApiError && error.retryAt !== null;

/**
 * The refusal's text at `left` seconds. The server's message names the wait when it answered; shown
 * as is it would stand still while the button counts down (issue 36: 44 s beside 35 s), so a wait
 * refusal is written again from the same seconds the button shows, and goes once the wait is over.
 * The wait reads as the server writes it (domain formatRetryWait: "1 minute", not "60 seconds").
 */
export function refusalText(error: unknown, left: number | null): string | null {
  if (!namesAWait(error)) return errorText(error);
  if (left === null || left <= 0) return null;
  if (error.code === 'TOO_MANY_ATTEMPTS') return TEXTS.verificationMailWait(formatRetryWait(left * 1000));
  if (error.code === 'RATE_LIMITED') return TEXTS.rateLimitedRetryIn(left);
  return error.message;
}

/**
 * The refusal under the button. A wait's text changes every second; in a live region a screen
 * reader could read it again at each change, so the ticking text is only shown (aria-hidden: the
 * button's name carries the same count), and a live region beside it announces the refusal once,
 * with the wait as it stood when it came. Mounted afresh for each refusal (keyed by the caller).
 */
function Refusal({ error, left }: { error: unknown; left: number | null }) {
  const text = refusalText(error, left);
  // Read from the refusal itself: the first render may come before the caller's deadline is set.
  const [announced] = useState(() =>
    namesAWait(error) ? refusalText(error, Math.ceil((error.retryAt - Date.now()) / 1000)) : null,
  );
  if (!namesAWait(error)) return <FormMessage text={text} />;
  if (!text) return null;
  return (
    <>
      <p className="form-message form-message-error" aria-hidden="true" data-testid="resend-wait">
        {text}
      </p>
      <p className="visually-hidden" role="alert">
        {announced}
      </p>
    </>
  );
}

/**
 * "Resend email" for an unverified address (the dashboard popup and the wallet prompt). It says
 * "check your email" only when the server sent a mail; a resend within the minute is answered
 * with the wait, and the button counts down to when the next mail can go (issue 19). The button
 * and the refusal read one deadline through one `useSecondsLeft`, so they never disagree.
 */
export function ResendEmail() {
  const [nextAt, setNextAt] = useState<number | null>(null);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => setNextAt(Date.now() + MAIL_SPACING_MS),
    onError: (e) => setNextAt(e instanceof ApiError ? e.retryAt : null),
  });
  const left = useSecondsLeft(nextAt);
  const waiting = left !== null && left > 0;
  return (
    <>
      <Button onClick={() => resend.mutate()} busy={resend.isPending} disabled={waiting}>
        {waiting ? `Resend email in ${left} s` : 'Resend email'}
      </Button>
      {resend.isSuccess ? <FormMessage tone="success" text={TEXTS.checkEmail} /> : null}
      {resend.isError ? <Refusal key={resend.submittedAt} error={resend.error} left={left} /> : null}
    </>
  );
}
