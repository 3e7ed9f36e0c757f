import type { Me } from '@rush/protocol';
import { ResendEmail } from '../accounts/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** SPEC 2 dashboard: an unverified email gets this popup with "Resend email". */
export function VerifyEmailPopup({ me, onClose }: { me: Me; onClose: () => void }) {
  return (
    <Dialog title="Verify your email" onClose={onClose}>
      <p>
        We sent a verification link to <strong>{me.email}</strong>. Verify your email to unlock the wallet and
        real-money play.
      </p>
      <ResendEmail />
    </Dialog>
  );
}
