import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { classifyIdentifier, TEXTS } from '@rush/domain';
import type { LoginRequest } from '@rush/protocol';
import { login } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { useCaptcha } from '../captcha/useCaptcha.tsx';
import { setMe, useAppConfig } from '../../../api/session.ts';
import { useFieldErrors } from '../useFieldErrors.ts';

const FIELDS = ['identifier', 'password', 'captchaToken'] as const;

/**
 * The text for `/login?error=...` (the Google sign-in return puts its message there). Only our
 * own texts are shown, so a crafted link cannot put arbitrary words on the login page.
 */
export function loginErrorText(sent: string, supportEmail: string): string {
  const known: readonly unknown[] = Object.values(TEXTS);
  if (known.includes(sent) || sent === TEXTS.loginDisabled(supportEmail)) return sent;
  return TEXTS.googleSignInFailed;
}

/**
 * Log In: "Email or username" and password; Enter submits; an empty identifier sends nothing.
 * With a captcha configured the widget is shown and its token sent when solved: the server asks
 * for it only once an account draws many attempts, and then says so under the widget. A
 * throttled attempt shows the server's text naming the wait.
 */
export function LoginForm() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const { errors, bind, formError, fromServer, reset } = useFieldErrors(FIELDS);
  const [params] = useSearchParams();
  const { supportEmail } = useAppConfig();
  const client = useQueryClient();
  const navigate = useNavigate();
  const captcha = useCaptcha(errors.captchaToken);

  const mutation = useMutation({
    mutationFn: (body: LoginRequest) => login(body),
    onSuccess: ({ user }) => {
      setMe(client, user);
      void navigate('/', { replace: true });
    },
    onError: (error, body) => {
      fromServer(error);
      // A captcha token works once.
      if (body.captchaToken) captcha.reset();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = classifyIdentifier(identifier);
    if (!id || mutation.isPending) return; // SPEC 5: an empty identifier is ignored
    reset();
    const body: LoginRequest = { identifier: id.value, password };
    if (captcha.token) body.captchaToken = captcha.token;
    mutation.mutate(body);
  };

  const redirectError = params.get('error');
  const message = formError ?? (redirectError ? loginErrorText(redirectError, supportEmail) : null);

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="username"
        {...bind('identifier', identifier, setIdentifier)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        {...bind('password', password, setPassword)}
      />
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      {captcha.widget}
      <Button type="submit" className="btn-block" busy={mutation.isPending}>
        Log In
      </Button>
      <FormMessage text={message} />
    </form>
  );
}
