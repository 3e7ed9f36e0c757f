import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { validateConfirm, validatePassword } from '@rush/domain';
import { resetPassword } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';

const FIELDS = ['password', 'confirmPassword'] as const;

/** The reset link (/forgot-password?token=...): a new password and its confirmation. */
export function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { setErrors, bind, formError, fromServer, reset } = useFieldErrors(FIELDS);
  const mutation = useMutation({ mutationFn: resetPassword, onError: fromServer });

  if (mutation.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage tone="success" text={mutation.data.message} />
        <p>
          <Link to="/login" className="btn btn-primary btn-block">
            Log In
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    reset();
    const found: Partial<Record<(typeof FIELDS)[number], string>> = {};
    const pw = validatePassword(password);
    const confirm = validateConfirm(password, confirmPassword);
    if (pw) found.password = pw;
    if (confirm) found.confirmPassword = confirm;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    mutation.mutate({ token, password, confirmPassword });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="8-20 characters with a symbol, a number and a capital letter"
        {...bind('password', password, setPassword)}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        {...bind('confirmPassword', confirmPassword, setConfirmPassword)}
      />
      <Button type="submit" className="btn-block" busy={mutation.isPending}>
        Reset password
      </Button>
      <FormMessage text={formError} />
    </form>
  );
}
