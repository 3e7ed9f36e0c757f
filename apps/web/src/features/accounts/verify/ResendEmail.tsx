import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAIL_SPACING_MS, TEXTS } from '@rush/domain';
import { resendVerification } from '../api.ts';
import { ApiError, errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';

/**
 * "Resend email" for an unverified address (the dashboard popup and the wallet prompt). It says
 * "check your email" only when the server sent a mail; a resend within the minute is answered
 * with the wait, and the button counts down to when the next mail can go (issue 19).
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
      <FormMessage text={resend.isError ? errorText(resend.error) : null} />
    </>
  );
}
