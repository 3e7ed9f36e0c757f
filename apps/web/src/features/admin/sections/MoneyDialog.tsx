import { useState, type FormEvent } from 'react';
import { parseAmount, TEXTS } from '@rush/domain';
import type { AdminBalancesResponse } from '@rush/protocol';
import { moveMoney } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { newIdempotencyKey } from '../../../api/idempotency.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { InputField } from '../parts.tsx';
import { useAdminMutation } from '../queries.ts';
import { useFlash } from '../useFlash.ts';

type Row = AdminBalancesResponse['users'][number];
export type MoneyOp = 'deposit' | 'withdraw';
export const ABOVE_BALANCE_MS = 5000;
export const AMOUNT_TEXT = 'Please enter an amount of 0 or more.'; // ours (SPEC 5: amount min 0)

/** SPEC 2 / 5 / 6 Deposit and Withdraw modals (USD): withdraw never above the balance (5 s message). */
export function MoneyDialog({ op, user, onClose }: { op: MoneyOp; user: Row; onClose: () => void }) {
  // One key per opening: a double click or a retry of this dialog's request pays once.
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [above, showAbove] = useFlash(ABOVE_BALANCE_MS);
  const move = useAdminMutation(['balances', 'transactions', 'users'], (minor: number) =>
    moveMoney(op, user.uid, minor, key),
  );
  const title = op === 'deposit' ? 'Deposit' : 'Withdraw';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    const minor = parseAmount(amount, 'usd');
    if (minor === null) {
      setAmountError(AMOUNT_TEXT);
      return;
    }
    setAmountError(null);
    if (op === 'withdraw' && minor > BigInt(user.balances.usd ?? 0)) {
      showAbove(TEXTS.adminWithdrawAboveBalance);
      return;
    }
    move.mutate(Number(minor), { onSuccess: onClose });
  };
  const serverText = move.isError ? errorText(move.error) : null;
  return (
    <Dialog title={`${title} for ${user.username}`} onClose={onClose} className="admin-dialog">
      <form onSubmit={submit} noValidate>
        <p>
          Current amount: <Amount minor={user.balances.usd} currency="usd" />
        </p>
        <InputField
          label="Amount ($)"
          type="number"
          min={0}
          step="0.01"
          value={amount}
          onValueChange={setAmount}
          error={amountError}
        />
        <FormMessage text={above ?? serverText} />
        <div className="confirm-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={move.isPending} disabled={!user.hasWallet}>
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
