import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TEXTS, validateConfirm, validateEmail, validatePassword } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { changePassword, setRecoveryEmail } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';
import { useMeUpdate } from './useMeUpdate.ts';

const EMAIL_FIELDS = ['email', 'currentPassword'] as const;

/**
 * Recovery email (issue 10): a change needs the current password, and the new address is only
 * pending (shown so) until the link mailed to it is opened; password resets never go to a
 * pending address.
 */
function RecoveryEmailForm({ me }: { me: Me }) {
  const headingId = useId();
  const [email, setEmail] = useState(me.pendingRecoveryEmail ?? me.recoveryEmail ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const { errors, setErrors, clear, bind, formError, fromServer, reset } = useFieldErrors(EMAIL_FIELDS);
  const save = useMeUpdate(setRecoveryEmail, fromServer);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    reset();
    const found: Partial<Record<(typeof EMAIL_FIELDS)[number], string>> = {};
    const error = validateEmail(email);
    if (error) found.email = error;
    if (!currentPassword) found.currentPassword = TEXTS.passwordRequired;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    save.mutate({ email: email.trim(), currentPassword }, { onSuccess: () => setCurrentPassword('') });
  };

  return (
    <form className="settings-section" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Recovery email</h3>
      <p className="settings-note">
        {me.recoveryEmail ? `Verified recovery email: ${me.recoveryEmail}` : 'No verified recovery email yet.'}
      </p>
      {me.pendingRecoveryEmail ? (
        <p className="settings-note" role="status">
          {TEXTS.recoveryEmailPending(me.pendingRecoveryEmail)}
        </p>
      ) : null}
      <TextField
        label="Recovery email"
        name="recoveryEmail"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={(v) => {
          setEmail(v);
          if (save.isSuccess) save.reset();
        }}
        onFocus={() => clear('email')}
        error={errors.email}
      />
      <TextField
        label="Your current password"
        name="recoveryCurrentPassword"
        type="password"
        autoComplete="current-password"
        {...bind('currentPassword', currentPassword, setCurrentPassword)}
      />
      <div className="settings-actions">
        <Button type="submit" variant="secondary" busy={save.isPending}>
          Save recovery email
        </Button>
      </div>
      <FormMessage text={formError} />
    </form>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the server's success or error message is shown under the form (SPEC 8). */
function ChangePasswordForm() {
  const headingId = useId();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const { errors, setErrors, clear, formError, fromServer, reset } = useFieldErrors(PASSWORD_FIELDS);
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => setValues(EMPTY_PASSWORDS),
    onError: fromServer,
  });

  const set = (key: keyof typeof EMPTY_PASSWORDS) => (value: string) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    reset();
    save.reset();
    const found: Partial<Record<(typeof PASSWORD_FIELDS)[number], string>> = {};
    if (!values.currentPassword) found.currentPassword = validatePassword('') ?? undefined;
    const pw = validatePassword(values.newPassword);
    const confirm = validateConfirm(values.newPassword, values.confirmPassword);
    if (pw) found.newPassword = pw;
    if (confirm) found.confirmPassword = confirm;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    save.mutate(values);
  };

  return (
    <form className="settings-section" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Password</h3>
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onValueChange={set('currentPassword')}
        onFocus={() => clear('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onValueChange={set('newPassword')}
        onFocus={() => clear('newPassword')}
        error={errors.newPassword}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={set('confirmPassword')}
        onFocus={() => clear('confirmPassword')}
        error={errors.confirmPassword}
      />
      <div className="settings-actions">
        <Button type="submit" variant="secondary" busy={save.isPending}>
          Change password
        </Button>
      </div>
      <FormMessage text={formError} />
      <FormMessage tone="success" text={save.isSuccess ? save.data.message : null} />
    </form>
  );
}

/**
 * Two forms each ask for the current password (issue 36): each form is named by its heading, so
 * a screen reader announces which one a field belongs to and tests find fields within their form.
 */
export function SecurityPane({ me }: { me: Me }) {
  return (
    <div className="settings-pane">
      <RecoveryEmailForm me={me} />
      <ChangePasswordForm />
    </div>
  );
}
