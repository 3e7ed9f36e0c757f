import { ONBOARDING_TEXTS } from '@rush/domain';

/** The identity step's query key (IdentityGate reads it; the forms write the server's answer into it). */
export const WALLET_IDENTITY_KEY = ['wallet', 'identity'] as const;

/** SPEC 2: "We are processing your profile. Please wait." */
export function ProcessingNotice() {
  return (
    <section className="wallet-card wallet-onboarding" aria-labelledby="wallet-processing-title">
      <h2 id="wallet-processing-title">{ONBOARDING_TEXTS.identityTitle}</h2>
      <p role="status">{ONBOARDING_TEXTS.identityProcessing}</p>
    </section>
  );
}
