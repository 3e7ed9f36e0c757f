import { currencyLabel, type Currency } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { Amount } from '../../../ui/Amount.tsx';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';
import { useSettingToggle } from '../useSettingToggle.ts';

type BalanceSetting = 'showDollar' | 'showWbx';

interface BalanceProps {
  currency: Currency;
  minor: number | null;
  shown: boolean;
  onToggle: () => void;
}

function Balance({ currency, minor, shown, onToggle }: BalanceProps) {
  const code = currencyLabel(currency);
  return (
    <div className="balance" role="group" aria-label={`${code} balance`}>
      <span className="balance-code">{code}</span>
      <Amount minor={minor} currency={currency} hidden={!shown} mark="none" className="balance-amount" />
      <button
        type="button"
        className="icon-button balance-toggle"
        aria-label={`${shown ? 'Hide' : 'Show'} ${code} balance`}
        onClick={onToggle}
      >
        {shown ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </div>
  );
}

/** SPEC 2 header balances: USD and RC, each with show/hide saved to the account settings. */
export function Balances({ me }: { me: Me }) {
  const toggle = useSettingToggle();
  const flip = (key: BalanceSetting) => toggle.mutate({ [key]: !me.settings[key] });
  return (
    <div className="balances">
      <Balance
        currency="usd"
        minor={me.balances.usd}
        shown={me.settings.showDollar}
        onToggle={() => flip('showDollar')}
      />
      {/* SPEC 6: a banned user's wagerbucks show 0 */}
      <Balance
        currency="wbx"
        minor={me.banned ? 0 : me.balances.wbx}
        shown={me.settings.showWbx}
        onToggle={() => flip('showWbx')}
      />
    </div>
  );
}
