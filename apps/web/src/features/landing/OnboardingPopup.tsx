import { Dialog } from '../../ui/Dialog.tsx';
import { dismissOnboarding } from './onboarding.ts';

const STEPS = [
  { title: 'Create account', text: 'Sign up with your email and link your Lichess account.' },
  { title: 'Verify wallet', text: 'Verify your identity and fund your wallet to play for real money.' },
  { title: 'Join and enjoy', text: 'Find an opponent at your level and play.' },
] as const;

/** SPEC 2 onboarding popup; Close hides it for now, "skip. don't show again" for good. */
export function OnboardingPopup({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Ready to start?" onClose={onClose} className="onboarding">
      <ol className="onboarding-steps">
        {STEPS.map((step, i) => (
          <li key={step.title}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-link onboarding-skip"
        onClick={() => {
          dismissOnboarding();
          onClose();
        }}
      >
        skip. don&apos;t show again
      </button>
    </Dialog>
  );
}
