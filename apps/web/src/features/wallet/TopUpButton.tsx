import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencyName, MINOR_PER_UNIT, RC_REWARDS } from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { topUpRushCoins } from './api.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { useSession } from '../../api/session.ts';
import { refreshMoney } from './queries.ts';

/** "100 RushCoins", as SPEC 9 words the top-up. */
export const TOP_UP_AMOUNT_TEXT = `${RC_REWARDS.topUp / MINOR_PER_UNIT} ${currencyName('wbx')}`;

/**
 * SPEC 9 "Out-of-coins top-up 100 RushCoins", offered where a player meets a zero RC balance
 * (the wallet, a refused RushCoin game). It shows only at exactly 0 RC; the server decides the
 * rest (no game running, once a day) and its refusal is shown as sent.
 */
export function TopUpButton() {
  const { me } = useSession();
  const client = useQueryClient();
  const topUp = useMutation({ mutationFn: topUpRushCoins, onSuccess: () => refreshMoney(client) });
  if (!me || me.banned || !me.emailVerified || me.balances.wbx !== 0) {
    return topUp.isSuccess ? (
      <p className="wallet-note" role="status">
        {TOP_UP_AMOUNT_TEXT} added to your balance.
      </p>
    ) : null;
  }
  return (
    <div className="top-up">
      <Button variant="secondary" busy={topUp.isPending} onClick={() => topUp.mutate()}>
        Top up {TOP_UP_AMOUNT_TEXT}
      </Button>
      <FormMessage text={topUp.isError ? errorText(topUp.error) : null} />
    </div>
  );
}
