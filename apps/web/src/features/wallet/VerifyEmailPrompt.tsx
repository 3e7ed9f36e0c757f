import { useMutation } from '@tanstack/react-query';
import { TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { resendVerification } from '../../api/accounts.ts';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';

/** SPEC 4 wallet flow, email unverified: the wallet waits for the address; Resend email. */
export function VerifyEmailPrompt({ me }: { me: Me }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <div className="wallet-card wallet-verify">
      <p className="wallet-verify-lead">{TEXTS.onlyVerified}</p>
      <p>
        Verify your email address <strong>{me.email}</strong> with the link we sent you to open your wallet.
      </p>
      {resend.isSuccess ? (
        <FormMessage tone="success" text={TEXTS.checkEmail} />
      ) : (
        <Button onClick={() => resend.mutate()} busy={resend.isPending}>
          Resend email
        </Button>
      )}
      <FormMessage text={resend.isError ? errorText(resend.error) : null} />
    </div>
  );
}
