import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COOL_OFF_CHOICES,
  COOL_OFF_LABELS,
  currencyName,
  LOSS_PERIOD_WORDS,
  LOSS_PERIODS,
  parseAmount,
  TEXTS,
  type CoolOffChoice,
  type Currency,
  type LossPeriod,
} from '@rush/domain';
import type { LossLimitView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { SESSION_KEY } from '../../api/session.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { setLossLimit, startCoolOff } from './api.ts';
import { formatUtc } from './format.ts';
import { WALLET_SUMMARY_KEY } from './queries.ts';

/** Ours (issue 37): the plain words of the Take a break and Loss limits sections. */
export const RG_TEXTS = {
  breakIntro:
    'Need time away? Take a break for 24 hours, 7 days or 30 days. During a break you cannot start games for money or make deposits. You can still withdraw. A break cannot be shortened once it starts.',
  breakActive: 'You are taking a break until',
  breakLonger: 'You can choose a longer break, but not a shorter one.',
  breakStarted: 'Your break has started',
  lossIntro:
    'A loss limit caps how much you can lose in a day, a week (from Monday) or a month, in each currency, counted in UTC. Before each game the whole stake is counted as if you lost it. Lowering a limit works at once; raising or removing it takes effect after 24 hours.',
  lossMaxInvalid: 'Please enter an amount, e.g. 20.00, or leave it empty to remove the limit',
  lossSaved: 'Your loss limit is saved',
  noLimit: 'No limit',
} as const;

const CURRENCIES_SHOWN: readonly Currency[] = ['usd', 'wbx'];
const PERIOD_TITLES: Record<LossPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

/** Take a break (issue 37): three lengths, the SPEC's confirmation style, the end once running. */
export function TakeBreak({ until }: { until: Date | null }) {
  const headingId = useId();
  const client = useQueryClient();
  const [asking, setAsking] = useState<CoolOffChoice | null>(null);
  const take = useMutation({
    mutationFn: startCoolOff,
    onSuccess: (summary) => {
      setAsking(null);
      client.setQueryData(WALLET_SUMMARY_KEY, summary);
      // The header and the game screens read the break from the session.
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Take a break</h3>
      <p className="settings-preview">{RG_TEXTS.breakIntro}</p>
      {/* The server sends the end only while the break runs. */}
      {until ? (
        <p className="limit-status limit-status-active" role="status">
          {RG_TEXTS.breakActive} <time dateTime={until.toISOString()}>{formatUtc(until)}</time>. {RG_TEXTS.breakLonger}
        </p>
      ) : null}
      <div className="settings-actions break-actions">
        {COOL_OFF_CHOICES.map((choice) => (
          <Button
            key={choice}
            variant="secondary"
            aria-label={`${COOL_OFF_LABELS[choice]} break`}
            onClick={() => {
              take.reset();
              setAsking(choice);
            }}
          >
            {COOL_OFF_LABELS[choice]}
          </Button>
        ))}
      </div>
      <FormMessage tone="success" text={take.isSuccess ? RG_TEXTS.breakStarted : null} />
      {asking ? (
        <ConfirmDialog
          title="Take a break"
          message={TEXTS.confirmCoolOff(COOL_OFF_LABELS[asking])}
          confirmLabel="Yes, take a break"
          busy={take.isPending}
          error={take.isError ? errorText(take.error) : null}
          onConfirm={() => {
            if (!take.isPending) take.mutate(asking);
          }}
          onCancel={() => {
            if (take.isPending) return;
            take.reset();
            setAsking(null);
          }}
        />
      ) : null}
    </section>
  );
}

function LimitLine({ view }: { view: LossLimitView }) {
  const c = view.currency;
  return (
    <li className="loss-limit-line">
      <strong>{PERIOD_TITLES[view.period]}:</strong>{' '}
      {view.max === null ? RG_TEXTS.noLimit : <Amount minor={view.max} currency={c} />}
      {view.max !== null ? (
        <>
          {' '}
          (used <Amount minor={view.used} currency={c} />)
        </>
      ) : null}
      {view.pending ? (
        <>
          {' '}
          — changes to {view.pending.max === null ? (
            'no limit'
          ) : (
            <Amount minor={view.pending.max} currency={c} />
          )} on <time dateTime={view.pending.effectiveAt}>{formatUtc(new Date(view.pending.effectiveAt))}</time>
        </>
      ) : null}
    </li>
  );
}

/** One currency's three limits and a form to set one (confirmed first, the server decides the timing). */
function CurrencyLossLimits({ currency, views }: { currency: Currency; views: LossLimitView[] }) {
  const name = currencyName(currency);
  const client = useQueryClient();
  const periodId = useId();
  const [period, setPeriod] = useState<LossPeriod>('day');
  const [max, setMax] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ period: LossPeriod; max: number | null } | null>(null);
  const save = useMutation({
    mutationFn: (asked: { period: LossPeriod; max: number | null }) => setLossLimit({ currency, ...asked }),
    onSuccess: (summary) => {
      setAsking(null);
      setMax('');
      client.setQueryData(WALLET_SUMMARY_KEY, summary);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.reset();
    const text = max.trim();
    const minor = text === '' ? null : parseAmount(text, currency);
    if (text !== '' && minor === null) {
      setError(RG_TEXTS.lossMaxInvalid);
      return;
    }
    setError(null);
    setAsking({ period, max: minor === null ? null : Number(minor) });
  };
  return (
    <div className="loss-limits-currency">
      <h4>{name}</h4>
      <ul className="loss-limit-lines">
        {views.map((v) => (
          <LimitLine key={v.period} view={v} />
        ))}
      </ul>
      <form className="limit-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={periodId}>{`Period (${name})`}</label>
          <select id={periodId} value={period} onChange={(e) => setPeriod(e.target.value as LossPeriod)}>
            {LOSS_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_TITLES[p]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={`Loss limit (${name})`}
          name={`loss-${currency}`}
          inputMode="decimal"
          autoComplete="off"
          value={max}
          onValueChange={setMax}
          onFocus={() => setError(null)}
          error={error ?? undefined}
        />
        <div className="settings-actions limit-actions">
          <Button type="submit" variant="secondary" busy={save.isPending} aria-label={`Set ${name} loss limit`}>
            Set
          </Button>
        </div>
      </form>
      <FormMessage tone="success" text={save.isSuccess ? RG_TEXTS.lossSaved : null} />
      {asking ? (
        <ConfirmDialog
          title={`Limit your ${LOSS_PERIOD_WORDS[asking.period]} losses`}
          message={TEXTS.confirmLossLimit}
          confirmLabel="Yes, set the limit"
          busy={save.isPending}
          error={save.isError ? errorText(save.error) : null}
          onConfirm={() => {
            if (!save.isPending) save.mutate(asking);
          }}
          onCancel={() => {
            if (save.isPending) return;
            save.reset();
            setAsking(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** Loss limits (issue 37): daily, weekly and monthly per currency, used this period, a waiting raise. */
export function LossLimits({ views }: { views: LossLimitView[] }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Loss limits</h3>
      <p className="settings-preview">{RG_TEXTS.lossIntro}</p>
      {CURRENCIES_SHOWN.map((c) => (
        <CurrencyLossLimits key={c} currency={c} views={views.filter((v) => v.currency === c)} />
      ))}
    </section>
  );
}
