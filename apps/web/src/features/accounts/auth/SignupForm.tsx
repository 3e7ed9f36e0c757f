import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MAIL_SPACING_MS, TEXTS, validateRegistration, type RegistrationInput } from '@rush/domain';
import type { RegisterRequest } from '@rush/protocol';
import { register } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../../ui/Field.tsx';
import { useCaptcha } from '../captcha/useCaptcha.tsx';
import { DateOfBirthField, EMPTY_DOB, toDateOfBirth, type DobParts } from './DateOfBirthField.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';
import { SignupSent } from './SignupSent.tsx';

const FIELDS = ['username', 'email', 'dob', 'password', 'confirmPassword', 'acceptTerms', 'captchaToken'] as const;
type Field = (typeof FIELDS)[number];

interface SignupValues {
  username: string;
  email: string;
  dob: DobParts;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

const EMPTY: SignupValues = {
  username: '',
  email: '',
  dob: EMPTY_DOB,
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

function toInput(values: SignupValues): RegistrationInput {
  return { ...values, dob: toDateOfBirth(values.dob) };
}

/** What was sent, and when the next mail may go. */
interface Sent {
  body: RegisterRequest;
  nextAt: number;
  resent: boolean;
}

/**
 * Sign Up (SPEC 2, 5): the domain's own rules give instant feedback; focusing a field clears its
 * error. The server signs nobody in here (issue 10: its answer is the same for a taken address),
 * so success names the address to check (SignupSent): the mailed link signs the new account in.
 * "Change it" comes back here with every field kept, the password too: sending the form again
 * with the same username and password is how the server knows it is the same person (issue 36).
 * The captcha widget stays mounted in both states, so Resend can carry a fresh token.
 */
export function SignupForm() {
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { errors, setErrors, clear, formError, setFormError, fromServer, reset } = useFieldErrors(FIELDS);
  const captcha = useCaptcha(errors.captchaToken);

  const [sent, setSent] = useState<Sent | null>(null);

  // Sign Up sits below the form: on a phone the first wrong field is out of view when the
  // errors come back (issue 36). It is scrolled into view, not focused: focusing clears its error.
  const formRef = useRef<HTMLFormElement>(null);
  const [reveal, setReveal] = useState(0);
  useEffect(() => {
    if (reveal === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.scrollIntoView?.({ block: 'center' });
  }, [reveal]);

  const mutation = useMutation({
    mutationFn: (body: RegisterRequest) => register(body),
    onSuccess: (_answer, body) => {
      setSent((prev) => ({ body, nextAt: Date.now() + MAIL_SPACING_MS, resent: prev !== null }));
      captcha.reset(); // a token works once
    },
    onError: (error) => {
      fromServer(error);
      captcha.reset();
      setReveal((n) => n + 1);
    },
  });

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setTouched((prev) => ({ ...prev, [key]: true }));
  };

  /** Instant feedback when leaving a field the user has typed in. */
  const checkOne = (field: Exclude<Field, 'captchaToken'>) => {
    if (!touched[field]) return;
    if (field === 'dob' && !toDateOfBirth(values.dob)) return;
    const error = validateRegistration(toInput(values), new Date())[field];
    if (error) setErrors((prev) => ({ ...prev, [field]: error }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    reset();
    const input = toInput(values);
    const found: Partial<Record<Field, string>> = validateRegistration(input, new Date());
    if (captcha.enabled && !captcha.token) found.captchaToken = TEXTS.captchaFailed;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setReveal((n) => n + 1);
      return;
    }
    const body: RegisterRequest = { ...input, username: input.username.trim(), email: input.email.trim() };
    send(body);
  };

  const send = (body: RegisterRequest) => {
    const { captchaToken: _used, ...rest } = body;
    mutation.mutate(captcha.token ? { ...rest, captchaToken: captcha.token } : rest);
  };

  const resend = () => {
    if (!sent || mutation.isPending) return;
    reset();
    if (captcha.enabled && !captcha.token) {
      setErrors({ captchaToken: TEXTS.captchaFailed });
      return;
    }
    send(sent.body);
  };

  const field = (name: Exclude<Field, 'dob' | 'acceptTerms' | 'captchaToken'>) => ({
    value: values[name],
    onValueChange: (v: string) => set(name, v),
    onFocus: () => clear(name),
    onBlur: () => checkOne(name),
    error: errors[name],
  });

  // One form in both states, the widget at the same place in it: the captcha renders once (useCaptcha).
  return (
    <form ref={formRef} className="auth-form" onSubmit={sent ? (e) => e.preventDefault() : onSubmit} noValidate>
      {sent ? (
        <SignupSent
          email={sent.body.email}
          nextAt={sent.nextAt}
          resent={sent.resent}
          busy={mutation.isPending}
          error={formError ?? Object.entries(errors).find(([name]) => name !== 'captchaToken')?.[1] ?? null}
          onResend={resend}
          onChange={() => {
            // A field error a resend drew stays under its field; the form message goes.
            setFormError(null);
            setSent(null);
          }}
        />
      ) : (
        <>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            hint="No special characters, max 10"
            {...field('username')}
          />
          <TextField label="Email" name="email" type="email" autoComplete="email" {...field('email')} />
          <DateOfBirthField
            value={values.dob}
            onChange={(dob) => set('dob', dob)}
            error={errors.dob}
            onFocus={() => clear('dob')}
            onBlur={() => checkOne('dob')}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="8-20 characters with a symbol, a number and a capital letter"
            {...field('password')}
          />
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <div className="terms-banner">
            <input
              id="accept-terms"
              type="checkbox"
              checked={values.acceptTerms}
              onChange={(e) => set('acceptTerms', e.target.checked)}
              onFocus={() => clear('acceptTerms')}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
            />
            <label htmlFor="accept-terms">
              I accept the <Link to="/terms">Terms and Conditions</Link>. I will not cheat or use chess engines; I
              understand that the funds of cheaters are seized and that they are banned.
            </label>
          </div>
          <FieldError id="accept-terms-error" error={errors.acceptTerms} />
        </>
      )}
      {captcha.widget}
      {sent ? (
        <p>
          <Link to="/login">Log In</Link>
        </p>
      ) : (
        <>
          <Button type="submit" className="btn-block" busy={mutation.isPending}>
            Sign Up
          </Button>
          <FormMessage text={formError} />
        </>
      )}
    </form>
  );
}
