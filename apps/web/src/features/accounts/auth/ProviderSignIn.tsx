import { ACCOUNT_ROUTES } from '@rush/protocol';
import { useAppConfig } from '../../../api/session.ts';

/**
 * "Continue with Google" and "Continue with Facebook": plain links (the server runs the redirect
 * dance), each only when the server says it is configured; nothing at all when neither is.
 */
export function ProviderSignIn() {
  const { googleEnabled, facebookEnabled } = useAppConfig();
  if (!googleEnabled && !facebookEnabled) return null;
  return (
    <>
      <div className="auth-providers">
        {googleEnabled ? (
          <a className="btn btn-google" href={ACCOUNT_ROUTES.googleStart}>
            <span className="google-g" aria-hidden="true">
              G
            </span>
            Continue with Google
          </a>
        ) : null}
        {facebookEnabled ? (
          <a className="btn btn-facebook" href={ACCOUNT_ROUTES.facebookStart}>
            <span className="facebook-f" aria-hidden="true">
              f
            </span>
            Continue with Facebook
          </a>
        ) : null}
      </div>
      <p className="auth-divider">
        <span>or</span>
      </p>
    </>
  );
}
