import { Link, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon } from '../../../ui/icons.tsx';
import { TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { AuthNotices } from './AuthNotices.tsx';
import { ForgotForm } from './ForgotForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { ProviderSignIn } from './ProviderSignIn.tsx';
import { ResetForm } from './ResetForm.tsx';
import { SignupForm } from './SignupForm.tsx';
import './auth.css';

export type AuthMode = 'signup' | 'login' | 'forgot';

const TABS = [
  { id: 'signup', label: 'Sign Up' },
  { id: 'login', label: 'Log In' },
] as const;

const PATHS = { signup: '/signup', login: '/login' } as const;
const TITLES = { signup: 'Sign Up', login: 'Log In', forgot: 'Forgot password' } as const;

/** SPEC 2: /signup, /login and /forgot-password are modes of this one panel; Close returns to /. */
export function AuthPanel({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <div className="auth-page">
      <title>{TITLES[mode]}</title>
      <section className="auth-card" aria-labelledby="auth-title">
        <Link to="/" className="icon-button auth-close" aria-label="Close">
          <CloseIcon />
        </Link>
        <Tabs
          label="Sign up or log in"
          idPrefix="auth"
          items={TABS}
          selected={mode === 'forgot' ? null : mode}
          onSelect={(id) => void navigate(PATHS[id])}
        />
        {mode === 'forgot' ? (
          <div className="auth-body">
            <h1 id="auth-title">{token ? 'Choose a new password' : 'Forgot password'}</h1>
            {token ? <ResetForm token={token} /> : <ForgotForm />}
          </div>
        ) : (
          <TabPanel idPrefix="auth" id={mode} className="auth-body">
            <h1 id="auth-title">{mode === 'signup' ? 'Create your account' : 'Welcome back'}</h1>
            <ProviderSignIn />
            {mode === 'signup' ? <SignupForm /> : <LoginForm />}
            <AuthNotices />
          </TabPanel>
        )}
      </section>
    </div>
  );
}
