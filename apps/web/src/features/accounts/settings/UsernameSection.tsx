import { useState, type FormEvent } from 'react';
import { validateUsernameChange } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { changeUsername } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { useFieldErrors } from '../useFieldErrors.ts';
import { useMeUpdate } from './useMeUpdate.ts';

const FIELDS = ['username'] as const;

/** Change username (SPEC 5: the register rules without the minimum). */
export function UsernameSection({ me }: { me: Me }) {
  const [username, setUsername] = useState(me.username);
  const { errors, setErrors, clear, formError, fromServer, reset } = useFieldErrors(FIELDS);
  const save = useMeUpdate(changeUsername, fromServer);
  const unchanged = username.trim() === me.username;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || unchanged) return;
    reset();
    const error = validateUsernameChange(username);
    if (error) {
      setErrors({ username: error });
      return;
    }
    save.mutate(username.trim());
  };

  return (
    <form className="settings-section" onSubmit={onSubmit} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        hint="No special characters, max 10"
        value={username}
        onValueChange={(v) => {
          setUsername(v);
          if (save.isSuccess) save.reset();
        }}
        onFocus={() => clear('username')}
        error={errors.username}
      />
      <div className="settings-actions">
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={unchanged || save.isPending}>
          Save username
        </Button>
      </div>
      <FormMessage text={formError} />
      <FormMessage tone="success" text={save.isSuccess ? 'Username updated' : null} />
    </form>
  );
}
