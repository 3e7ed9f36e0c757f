import { TEXTS } from '@rush/domain';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';

export interface SignupSentProps {
  /** The address the form sent: the server's answer never names it (issue 10: no enumeration). */
  email: string;
  /** When the next mail can go (`Date.now()` scale): one a minute, as the server allows. */
  nextAt: number;
  resent: boolean;
  busy: boolean;
  error: string | null;
  onResend: () => void;
  onChange: () => void;
}

/**
 * After Sign Up (issue 36): which address to check, Resend (the form sent again: the server
 * reads its own username and password as the same person) and "Change it" back to the form with
 * its fields kept. The mailed link signs the account in wherever it is opened; Log In works too.
 */
export function SignupSent({ email, nextAt, resent, busy, error, onResend, onChange }: SignupSentProps) {
  const left = useSecondsLeft(nextAt);
  const waiting = left !== null && left > 0;
  return (
    <>
      <FormMessage tone="success" text={TEXTS.registrationSentTo(email)} />
      <Button onClick={onResend} busy={busy} disabled={waiting}>
        {waiting ? `Resend email in ${left} s` : 'Resend email'}
      </Button>
      {resent && !error ? <p>{TEXTS.checkEmail}</p> : null}
      <FormMessage text={error} />
      <p>
        Wrong address?{' '}
        <Button variant="link" onClick={onChange}>
          Change it
        </Button>
      </p>
    </>
  );
}
