import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ONBOARDING_TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { fetchIdentity } from './api.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { IdentityProfileForm } from './IdentityProfileForm.tsx';
import { PhotoIdUpload } from './PhotoIdUpload.tsx';
import { ProcessingNotice, WALLET_IDENTITY_KEY } from './ProcessingNotice.tsx';

export { WALLET_IDENTITY_KEY };

/** While the provider looks at a profile, the step is read again this often. */
const PROCESSING_POLL_MS = 2_000;

/**
 * SPEC 4 "Wallet onboarding: profile form, processing, photo ID upload if not verified", after
 * the SMS-verified wallet: the identity start form, the processing notice, the photo ID step, the
 * refusal text, or a flag's text (SPEC 8); verified -> the wallet itself (`children`).
 */
export function IdentityGate({ me, children }: { me: Me; children: ReactNode }) {
  const query = useQuery({
    queryKey: WALLET_IDENTITY_KEY,
    queryFn: fetchIdentity,
    refetchInterval: (q) => (q.state.data?.step === 'processing' ? PROCESSING_POLL_MS : false),
  });
  return (
    <QueryState query={query} loading="Loading wallet…" subject="the identity step">
      {(view) => {
        switch (view.step) {
          case 'verified':
            return children;
          case 'profile':
            return <IdentityProfileForm me={me} />;
          case 'processing':
            return <ProcessingNotice />;
          case 'photo':
            return <PhotoIdUpload />;
          default:
            // refused, minor, flagged: the server's text (SPEC 8 for the refusal and the flags).
            return (
              <section className="wallet-card wallet-onboarding" aria-labelledby="wallet-identity-title">
                <h2 id="wallet-identity-title">Identity verification</h2>
                <p role="alert">{view.message ?? ONBOARDING_TEXTS.photoNeeded}</p>
              </section>
            );
        }
      }}
    </QueryState>
  );
}
