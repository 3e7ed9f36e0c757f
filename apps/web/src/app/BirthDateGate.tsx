import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TEXTS, validateDateOfBirth } from '@rush/domain';
import { setDateOfBirth } from '../features/accounts/api.ts';
import { ApiError } from '../api/http.ts';
import { Button } from '../ui/Button.tsx';
import { BlockingOverlay } from '../ui/BlockingOverlay.tsx';
import { FormMessage } from '../ui/Field.tsx';
import {
  DateOfBirthField,
  EMPTY_DOB,
  toDateOfBirth,
  type DobParts,
} from '../features/accounts/auth/DateOfBirthField.tsx';
import { LogoutButton } from '../features/accounts/settings/LogoutButton.tsx';
import { SESSION_KEY, setMe } from '../api/session.ts';

/**
 * SPEC 5: an account a sign-in provider made (Google) gives its date of birth before anything
 * else, 18 or older. Until then this covers every page (the console too); the server refuses anything
 * else the account sends, so the overlay is the way on, or signing out.
 */
export function BirthDateGate() {
  const titleId = useId();
  const client = useQueryClient();
  const [dob, setDob] = useState<DobParts>(EMPTY_DOB);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = toDateOfBirth(dob);
    const invalid = validateDateOfBirth(value, new Date());
    setFieldError(invalid ?? undefined);
    setError(null);
    if (invalid || !value) return;
    setBusy(true);
    setDateOfBirth(value).then(
      (me) => {
        setBusy(false);
        if (me) setMe(client, me);
        else void client.invalidateQueries({ queryKey: SESSION_KEY });
      },
      (err: unknown) => {
        setBusy(false);
        if (err instanceof ApiError && err.fields.dob) setFieldError(err.fields.dob);
        else setError(err instanceof ApiError ? err.message : TEXTS.internal);
      },
    );
  };

  return (
    <BlockingOverlay labelledBy={titleId} className="birth-date-gate">
      <h2 id={titleId}>Date of birth</h2>
      <p>{TEXTS.dobFirst}</p>
      <form onSubmit={submit} noValidate>
        <DateOfBirthField
          value={dob}
          onChange={(next) => {
            setDob(next);
            setFieldError(undefined);
          }}
          error={fieldError}
          onFocus={() => {}}
          onBlur={() => {}}
        />
        <FormMessage text={error} />
        <Button type="submit" busy={busy}>
          Continue
        </Button>
      </form>
      <LogoutButton />
    </BlockingOverlay>
  );
}
