import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TEXTS, validateEmail } from '@rush/domain';
import { forgotPassword } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { useCaptcha } from '../captcha/useCaptcha.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';

const FIELDS = ['email', 'captchaToken'] as const;

/** Forgot password: email (and the captcha when configured) and Submit, then the SPEC confirmation text. */
export function ForgotForm() {
  const [email, setEmail] = useState('');
  const { errors, setErrors, bind, formError, fromServer, reset } = useFieldErrors(FIELDS);
  const captcha = useCaptcha(errors.captchaToken);
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onError: (error) => {
      fromServer(error);
      captcha.reset(); // a token works once
    },
  });

  if (mutation.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage tone="success" text={mutation.data.message || TEXTS.resetSuccess} />
        <p>
          <Link to="/login">Back to Log In</Link>
        </p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    reset();
    const found: Partial<Record<(typeof FIELDS)[number], string>> = {};
    const error = validateEmail(email);
    if (error) found.email = error;
    if (captcha.enabled && !captcha.token) found.captchaToken = TEXTS.captchaFailed;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    mutation.mutate(captcha.token ? { email: email.trim(), captchaToken: captcha.token } : { email: email.trim() });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <TextField label="Email" name="email" type="email" autoComplete="email" {...bind('email', email, setEmail)} />
      {captcha.widget}
      <Button type="submit" className="btn-block" busy={mutation.isPending}>
        Submit
      </Button>
      <FormMessage text={formError} />
      <p className="auth-forgot">
        <Link to="/login">Back to Log In</Link>
      </p>
    </form>
  );
}
