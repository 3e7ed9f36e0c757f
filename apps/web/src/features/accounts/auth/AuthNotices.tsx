import { Link } from 'react-router';
import { useAppConfig } from '../../../api/session.ts';

/** SPEC 2 notices: chess-platform account needed, captcha, age attestation and terms. */
export function AuthNotices() {
  const { productName, captchaSiteKey } = useAppConfig();
  return (
    <ul className="auth-notices">
      <li>An active Lichess account is required to play on {productName}; you link it after signing up.</li>
      {captchaSiteKey ? <li>This form is protected by a captcha to keep automated sign-ups out.</li> : null}
      <li>
        By continuing you confirm that you are at least 18 years old and agree to the{' '}
        <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </li>
    </ul>
  );
}
