import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { validateRegistration, type RegistrationInput } from '@rush/domain';
import type { RegisterRequest } from '@rush/protocol';
import { register } from '../../../api/accounts.ts';
import { Button } from '../../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../../ui/Field.tsx';
import { setMe } from '../session.ts';
import { DateOfBirthField, EMPTY_DOB, toDateOfBirth, type DobParts } from './DateOfBirthField.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';

const FIELDS = ['username', 'email', 'dob', 'password', 'confirmPassword', 'acceptTerms'] as const;
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

/** Sign Up (SPEC 2, 5): the domain's own rules give instant feedback; focusing a field clears its error. */
export function SignupForm() {
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { errors, setErrors, clear, formError, fromServer, reset } = useFieldErrors(FIELDS);
  const client = useQueryClient();
  const navigate = useNavigate();

  const mutation = useMutation({
    mutationFn: (body: RegisterRequest) => register(body),
    onSuccess: ({ user }) => {
      setMe(client, user);
      void navigate('/', { replace: true });
    },
    onError: fromServer,
  });

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setTouched((prev) => ({ ...prev, [key]: true }));
  };

  /** Instant feedback when leaving a field the user has typed in. */
  const checkOne = (field: Field) => {
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
    const found = validateRegistration(input, new Date());
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    mutation.mutate({ ...input, username: input.username.trim(), email: input.email.trim() });
  };

  const field = (name: Exclude<Field, 'dob' | 'acceptTerms'>) => ({
    onFocus: () => clear(name),
    onBlur: () => checkOne(name),
    error: errors[name],
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        hint="No special characters, max 10"
        value={values.username}
        onValueChange={(v) => set('username', v)}
        {...field('username')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onValueChange={(v) => set('email', v)}
        {...field('email')}
      />
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
        value={values.password}
        onValueChange={(v) => set('password', v)}
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(v) => set('confirmPassword', v)}
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
      <Button type="submit" className="btn-block" busy={mutation.isPending}>
        Sign Up
      </Button>
      <FormMessage text={formError} />
    </form>
  );
}
