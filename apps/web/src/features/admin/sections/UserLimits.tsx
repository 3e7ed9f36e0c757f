import { useState, type FormEvent } from 'react';
import { parseAmount, TEXTS } from '@rush/domain';
import type { AdminUserDetail } from '@rush/protocol';
import { setUserLimit } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { formatTime, fromLocalInput, InputField } from '../parts.tsx';
import { useAdminMutation } from '../queries.ts';

type Kind = 'bet' | 'deposit';
export const LIMIT_AMOUNT_TEXT = 'Please enter an amount of 0 or more.'; // ours
export const LIMIT_UNTIL_TEXT = 'Please choose a date in the future.'; // ours

/** SPEC 6 limitBet / limitDeposit {bet, until}, after SPEC 5's confirmation. */
function LimitForm({ user, kind }: { user: AdminUserDetail; kind: Kind }) {
  const word = kind === 'bet' ? 'bet' : 'deposit';
  const [amount, setAmount] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; until?: string }>({});
  const [asking, setAsking] = useState<{ max: number; until: string } | null>(null);
  const save = useAdminMutation(['users'], (v: { max: number; until: string }) =>
    setUserLimit(user.uid, kind, v.max, v.until),
  );
  const current = user.limits[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const max = parseAmount(amount, 'usd');
    const iso = fromLocalInput(until);
    const next = {
      amount: max === null ? LIMIT_AMOUNT_TEXT : undefined,
      until: iso === null || Date.parse(iso) <= Date.now() ? LIMIT_UNTIL_TEXT : undefined,
    };
    setErrors(next);
    if (max !== null && iso !== null && !next.until) setAsking({ max: Number(max), until: iso });
  };
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label={`Limit ${word}`}>
      <p className="admin-muted">
        Current {word} limit:{' '}
        {current ? (
          <>
            <Amount minor={current.max} currency="usd" /> until {formatTime(current.until)}
          </>
        ) : (
          'none'
        )}
      </p>
      <InputField label={`Limit ${word} amount ($)`} value={amount} onValueChange={setAmount} error={errors.amount} />
      <InputField
        label={`Limit ${word} until`}
        type="datetime-local"
        value={until}
        onValueChange={setUntil}
        error={errors.until}
      />
      <Button type="submit" variant="secondary">
        Limit {word}
      </Button>
      <FormMessage text={save.isSuccess && !asking ? `The ${word} limit is set.` : null} tone="success" />
      {asking ? (
        <ConfirmDialog
          title={`Limit ${word}`}
          message={TEXTS.confirmLimit}
          confirmLabel={`Limit ${word}`}
          busy={save.isPending}
          error={save.isError ? errorText(save.error) : null}
          onCancel={() => setAsking(null)}
          onConfirm={() => save.mutate(asking, { onSuccess: () => setAsking(null) })}
        />
      ) : null}
    </form>
  );
}

export function UserLimits({ user }: { user: AdminUserDetail }) {
  return (
    <div className="admin-section">
      <LimitForm user={user} kind="bet" />
      <LimitForm user={user} kind="deposit" />
    </div>
  );
}
