import { TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { ResendEmail } from '../accounts/index.ts';

/** SPEC 4 wallet flow, email unverified: the wallet waits for the address; Resend email. */
export function VerifyEmailPrompt({ me }: { me: Me }) {
  return (
    <div className="wallet-card wallet-verify">
      <p className="wallet-verify-lead">{TEXTS.onlyVerified}</p>
      <p>
        Verify your email address <strong>{me.email}</strong> with the link we sent you to open your wallet.
      </p>
      <ResendEmail />
    </div>
  );
}
