import { useMutation } from '@tanstack/react-query';
import { TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { resendVerification } from '../../api/accounts.ts';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessage } from '../../ui/Field.tsx';

/** SPEC 2 dashboard: an unverified email gets this popup with "Resend email". */
export function VerifyEmailPopup({ me, onClose }: { me: Me; onClose: () => void }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <Dialog title="Verify your email" onClose={onClose}>
      <p>
        We sent a verification link to <strong>{me.email}</strong>. Verify your email to unlock the wallet and
        real-money play.
      </p>
      {resend.isSuccess ? (
        <FormMessage tone="success" text={TEXTS.checkEmail} />
      ) : (
        <Button onClick={() => resend.mutate()} busy={resend.isPending}>
          Resend email
        </Button>
      )}
      <FormMessage text={resend.isError ? errorText(resend.error) : null} />
    </Dialog>
  );
}
