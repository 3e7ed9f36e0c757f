import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CANADA_TEXTS, CANADIAN_WITHDRAWAL_FEE, parseAmount, TEXTS, withdrawalPlan } from '@rush/domain';
import type { WalletSummary } from '@rush/protocol';
import { ApiError } from '../../api/http.ts';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { requestWithdrawal } from './api.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { transactionStatusLabel } from './format.ts';
import { refreshMoney } from './queries.ts';
import { locatedErrorText, locateDevice } from './location.ts';
import { TaxForm } from './TaxForm.tsx';
import { useShowWalletFlag, type Region } from './walletFlags.ts';

/** SPEC 9: the US$2.00 fee of Canadian withdrawals, and what arrives once it is taken. */
function CanadianFeeNote({ amount }: { amount: string }) {
  const minor = parseAmount(amount, 'usd');
  const plan = minor && minor > 0n ? withdrawalPlan(minor, 'ca') : null;
  return (
    <p className="wallet-note">
      Canadian withdrawals carry a <Amount minor={CANADIAN_WITHDRAWAL_FEE} currency="usd" mark="long" /> fee and are
      handled by email request.
      {plan && plan.payout > 0n ? (
        <>
          {' '}
          You receive <Amount minor={plan.payout} currency="usd" />.
        </>
      ) : null}
    </p>
  );
}

interface WithdrawFlowProps {
  region: Region;
  summary: WalletSummary;
  onDone: () => void;
}

/**
 * SPEC 4 withdraw: an amount, what may be withdrawn now, and the server's answer. Its refusals
 * (banned, reported, 48 hours after a deposit, not yet wagered, above the balance) are shown as
 * they come; when the summary already says why, there is no form at all.
 */
export function WithdrawFlow({ region, summary, onDone }: WithdrawFlowProps) {
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const showWalletFlag = useShowWalletFlag();
  // One Idempotency-Key per intended withdrawal: sent again after a failure (a network error, a
  // 5xx: the server may have made it and the answer was lost), the same amount and region keep it,
  // so the server answers the withdrawal it made; a success or another amount starts a new one.
  const intended = useRef<{ key: string; amount: number; region: Region } | null>(null);
  const keyFor = (amount: number, asked: Region): string => {
    const current = intended.current;
    if (current && current.amount === amount && current.region === asked) return current.key;
    const key = newIdempotencyKey();
    intended.current = { key, amount, region: asked };
    return key;
  };
  // Issue 16: the position is asked before every withdrawal, as before a deposit.
  const withdraw = useMutation({
    mutationFn: async ({ key, ...asked }: { amount: number; region: Region; key: string }) =>
      requestWithdrawal({ ...asked, deviceGps: await locateDevice() }, key),
    onSuccess: () => {
      intended.current = null;
      return refreshMoney(client);
    },
    onError: showWalletFlag,
  });

  if (summary.withdrawDisabledReason) {
    return <FormMessage text={summary.withdrawDisabledReason} />;
  }

  // SPEC 9: above $600.00 in the year a US withdrawal waits for the tax details, then goes on.
  const taxRefusal =
    withdraw.error instanceof ApiError && withdraw.error.code === 'TAX_INFO_REQUIRED' ? withdraw.error : null;
  if (taxRefusal && withdraw.variables) {
    const asked = withdraw.variables;
    return (
      <TaxForm reason={taxRefusal.message} onSaved={() => withdraw.mutate(asked)} onCancel={() => withdraw.reset()} />
    );
  }

  if (withdraw.isSuccess) {
    const tx = withdraw.data.transaction;
    return (
      <div className="withdraw-done">
        {/* FormMessage's success line, with the amount as an Amount (it may carry the Sandbox mark). */}
        <p className="form-message form-message-success" role="status">
          Your withdrawal of <Amount minor={tx.amount} currency={tx.currency} /> was received. Status:{' '}
          {transactionStatusLabel(tx.status)}.
        </p>
        <p className="wallet-note">
          {region === 'ca' ? CANADA_TEXTS.withdrawalRequested : 'Withdrawals take a couple of business days.'}
        </p>
        <div className="wallet-form-actions">
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    const minor = parseAmount(amount, 'usd');
    if (minor === null || minor <= 0n) {
      setAmountError(TEXTS.withdrawAmountRequired);
      return;
    }
    withdraw.mutate({ amount: Number(minor), region, key: keyFor(Number(minor), region) });
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      <p className="withdrawable">
        Withdrawable now:{' '}
        <strong>
          <Amount minor={summary.withdrawable} currency="usd" />
        </strong>
      </p>
      {region === 'ca' ? <CanadianFeeNote amount={amount} /> : null}
      <TextField
        label="Amount (USD)"
        name="withdrawAmount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setAmountError(null);
          intended.current = null;
          if (withdraw.isError) withdraw.reset();
        }}
        error={amountError}
        data-autofocus
      />
      <div className="wallet-form-actions">
        <Button type="submit" busy={withdraw.isPending}>
          Request withdrawal
        </Button>
      </div>
      <FormMessage text={withdraw.isError ? locatedErrorText(withdraw.error) : null} />
    </form>
  );
}
