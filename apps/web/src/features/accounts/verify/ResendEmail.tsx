import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAIL_SPACING_MS, TEXTS } from '@rush/domain';
import { resendVerification } from '../api.ts';
import { ApiError, errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';

const secondsText = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;

/**
 * The refusal's text at `left` seconds. The server's message names the wait when it answered; shown
 * as is it would stand still while the button counts down (issue 36: 44 s beside 35 s), so a wait
 * refusal is written again from the same seconds the button shows, and goes once the wait is over.
 */
export function refusalText(error: unknown, left: number | null): string | null {
  if (!(error instanceof ApiError) || error.retryAt === null) return errorText(error);
  if (left === null || left <= 0) return null;
  if (error.code === 'TOO_MANY_ATTEMPTS') return TEXTS.verificationMailWait(secondsText(left));
  if (error.code === 'RATE_LIMITED') return TEXTS.rateLimitedRetryIn(left);
  return error.message;
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
      <FormMessage text={resend.isError ? refusalText(resend.error, left) : null} />
    </>
  );
}
