import { CURRENCIES, type Currency } from '@rush/domain';
import { WON_TITLES } from './format.ts';

/** SPEC 2: switch between Total Dollars Won and Total RushCoins Won. */
export function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  return (
    <div className="currency-switch" role="group" aria-label="Leaderboard currency">
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          className="currency-switch-option"
          aria-pressed={c === value}
          onClick={() => {
            if (c !== value) onChange(c);
          }}
        >
          {WON_TITLES[c]}
        </button>
      ))}
    </div>
  );
}
