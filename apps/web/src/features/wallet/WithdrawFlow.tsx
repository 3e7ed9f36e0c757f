import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CANADIAN_WITHDRAWAL_FEE, TEXTS, withdrawalPlan } from '@rush/domain';
import type { WalletSummary } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { requestWithdrawal } from '../../api/wallet.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { formatAmount, parseUsdInput, transactionStatusLabel, usd } from './format.ts';
import { refreshMoney } from './queries.ts';
import type { Region } from './walletFlags.ts';

/** SPEC 9: the US$2.00 fee of Canadian withdrawals, and what arrives once it is taken. */
function CanadianFeeNote({ amount }: { amount: string }) {
  const minor = parseUsdInput(amount);
  const plan = minor && minor > 0 ? withdrawalPlan(BigInt(minor), 'ca') : null;
  return (
    <p className="wallet-note">
      Canadian withdrawals carry a {usd(CANADIAN_WITHDRAWAL_FEE)} fee and are handled by email request.
      {plan && plan.payout > 0n ? ` You receive ${formatAmount(plan.payout, 'usd')}.` : null}
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
  const withdraw = useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => refreshMoney(client),
  });

  if (summary.withdrawDisabledReason) {
    return <FormMessage text={summary.withdrawDisabledReason} />;
  }

  if (withdraw.isSuccess) {
    const tx = withdraw.data.transaction;
    return (
      <div className="withdraw-done">
        <FormMessage
          tone="success"
          text={`Your withdrawal of ${formatAmount(tx.amount, tx.currency)} was received. Status: ${transactionStatusLabel(tx.status)}.`}
        />
        <p className="wallet-note">Withdrawals take a couple of business days.</p>
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
    const minor = parseUsdInput(amount);
    if (minor === null || minor <= 0) {
      setAmountError(TEXTS.withdrawAmountRequired);
      return;
    }
    withdraw.mutate({ amount: minor, region });
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      <p className="withdrawable">
        Withdrawable now: <strong className="money">{formatAmount(summary.withdrawable, 'usd')}</strong>
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
      <FormMessage text={withdraw.isError ? errorText(withdraw.error) : null} />
    </form>
  );
}
