import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideLimit, isLimitActive, parseAmount, TEXTS, type SelfLimit } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { closeAccount, setSelfLimit } from './api.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FieldError, FormMessage, TextField } from '../../ui/Field.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { formatUtc } from './format.ts';
import { toSelfLimit, useWalletSummary, WALLET_SUMMARY_KEY } from './queries.ts';
import { SESSION_KEY, setMe } from '../../api/session.ts';
import { useFieldErrors } from '../accounts/index.ts';
import { RealityCheckSection } from '../reality-check/index.ts';
import { LossLimits, TakeBreak } from './ResponsibleGaming.tsx';

type LimitKind = 'bet' | 'deposit';

/** Ours: the form's own texts beyond the domain's (the server's refusals are shown as sent). */
export const LIMIT_TEXTS = {
  maxInvalid: 'Please enter a maximum in US dollars, e.g. 50.00',
  applied: 'Your limit is active',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the viewer's calendar, as a date input wants it (YYYY-MM-DD). */
export const todayInput = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The chosen expiration date (YYYY-MM-DD) is sent as is; the server reads it as the end of that
 * day in UTC, and so does this form's own check. Null when it is not a date.
 */
export function endOfDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T23:59:59.999Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const COPY: Record<LimitKind, { title: string; max: string; date: string; apply: string; confirmTitle: string }> = {
  bet: {
    title: 'Self-limit betting',
    max: 'Maximum bet (USD)',
    date: 'Bet limit expiration date',
    apply: 'Apply bet limit',
    confirmTitle: 'Limit your betting',
  },
  deposit: {
    title: 'Self-limit deposits',
    max: 'Maximum deposit (USD)',
    date: 'Deposit limit expiration date',
    apply: 'Apply deposit limit',
    confirmTitle: 'Limit your deposits',
  },
};

function ActiveLimit({ limit, now }: { limit: SelfLimit | null; now: Date }) {
  if (!isLimitActive(limit, now)) return <p className="limit-status">No active limit.</p>;
  return (
    <p className="limit-status limit-status-active">
      Active limit:{' '}
      <strong>
        <Amount minor={limit.max} currency="usd" />
      </strong>{' '}
      until <time dateTime={limit.until.toISOString()}>{formatUtc(limit.until)}</time>
    </p>
  );
}

const FIELDS = ['max', 'until'] as const;

/**
 * One self-limit (SPEC 2 Gaming pane): a maximum and an expiration date, Apply, then the SPEC's
 * confirmation. A stricter limit applies at once; a looser one waits for the active one to expire
 * (domain decideLimit), and the server has the last word.
 */
function LimitForm({ kind, current, known }: { kind: LimitKind; current: SelfLimit | null; known: boolean }) {
  const copy = COPY[kind];
  const headingId = useId();
  const client = useQueryClient();
  const [max, setMax] = useState('');
  const [date, setDate] = useState('');
  const [pending, setPending] = useState<{ date: string; limit: SelfLimit } | null>(null);
  const { errors, setErrors, clear, formError, setFormError, fromServer, reset } = useFieldErrors(FIELDS);
  const now = new Date();

  const save = useMutation({
    mutationFn: (asked: { date: string; limit: SelfLimit }) =>
      setSelfLimit({ kind, max: Number(asked.limit.max), until: asked.date }),
    onSuccess: (summary) => {
      setMax('');
      setDate('');
      client.setQueryData(WALLET_SUMMARY_KEY, summary);
    },
    onError: fromServer,
    onSettled: () => setPending(null),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    reset();
    save.reset();
    const maxMinor = parseAmount(max, 'usd');
    const until = endOfDay(date);
    const found: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (maxMinor === null) found.max = LIMIT_TEXTS.maxInvalid;
    if (!until) found.until = TEXTS.limitInvalidDate;
    if (maxMinor === null || !until) {
      setErrors(found);
      return;
    }
    const decision = decideLimit(current, { max: maxMinor, until }, new Date());
    if (!decision.ok) {
      if (decision.reason === 'expired') setErrors({ until: TEXTS.limitPast });
      else if (decision.reason === 'negative' || !current) setErrors({ max: LIMIT_TEXTS.maxInvalid });
      else setFormError(TEXTS.limitLooser(formatUtc(current.until)));
      return;
    }
    setPending({ date, limit: decision.limit });
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.title}</h3>
      {known ? <ActiveLimit limit={current} now={now} /> : null}
      <form className="limit-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={copy.max}
          name={`${kind}Max`}
          inputMode="decimal"
          autoComplete="off"
          value={max}
          onValueChange={(v) => {
            setMax(v);
            if (save.isSuccess) save.reset();
          }}
          onFocus={() => clear('max')}
          error={errors.max}
        />
        <DateField
          label={copy.date}
          name={`${kind}Until`}
          value={date}
          min={todayInput(now)}
          onValueChange={(v) => {
            setDate(v);
            if (save.isSuccess) save.reset();
          }}
          onFocus={() => clear('until')}
          error={errors.until}
        />
        <div className="settings-actions limit-actions">
          <Button type="submit" variant="secondary" busy={save.isPending} aria-label={copy.apply}>
            Apply
          </Button>
        </div>
      </form>
      <FormMessage text={formError} />
      <FormMessage tone="success" text={save.isSuccess ? LIMIT_TEXTS.applied : null} />
      {pending ? (
        <ConfirmDialog
          title={copy.confirmTitle}
          message={TEXTS.confirmLimit}
          confirmLabel="Yes, apply the limit"
          busy={save.isPending}
          onConfirm={() => {
            if (!save.isPending) save.mutate(pending);
          }}
          onCancel={() => {
            if (!save.isPending) setPending(null);
          }}
        />
      ) : null}
    </section>
  );
}

interface DateFieldProps {
  label: string;
  name: string;
  value: string;
  min: string;
  onValueChange: (value: string) => void;
  onFocus: () => void;
  error: string | undefined;
}

/** A labelled native date input with its error line (keyboard and screen-reader friendly). */
function DateField({ label, name, value, min, onValueChange, onFocus, error }: DateFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        value={value}
        min={min}
        onChange={(e) => onValueChange(e.target.value)}
        onFocus={onFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** SPEC 2 self-exclusion: closing the account for good, after the SPEC's confirmation. */
function SelfExclusion() {
  const headingId = useId();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const close = useMutation({
    mutationFn: closeAccount,
    onSuccess: (me) => {
      setAsking(false);
      if (me) setMe(client, me);
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Self-exclusion</h3>
      <p className="settings-preview">
        Close your account permanently. You will not be able to play or use your wallet again.
      </p>
      <div className="settings-actions">
        <Button variant="danger" onClick={() => setAsking(true)}>
          Close account
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title="Close account"
          message={TEXTS.confirmCloseAccount}
          confirmLabel="Yes, close my account"
          busy={close.isPending}
          error={close.isError ? errorText(close.error) : null}
          onConfirm={() => {
            if (!close.isPending) close.mutate();
          }}
          onCancel={() => {
            if (close.isPending) return;
            close.reset();
            setAsking(false);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * Account Settings, Gaming (SPEC 2): self-limit betting, self-limit deposits, a break and loss
 * limits (issue 37), self-exclusion.
 * The limits belong to the wallet, which needs a verified email (SPEC 6); closing the account
 * is always possible.
 */
export function GamingPane({ me }: { me: Me }) {
  const summary = useWalletSummary(me.emailVerified);
  const limits = summary.data?.limits;
  // The forms stay usable while the active limits are unknown: the server has the last word.
  const known = summary.data !== undefined && !summary.isError;
  return (
    <div className="settings-pane">
      {me.emailVerified ? (
        <>
          <QueryState query={summary} loading="Loading your limits…" subject="your limits" />
          <LimitForm kind="bet" current={toSelfLimit(limits?.bet)} known={known} />
          <LimitForm kind="deposit" current={toSelfLimit(limits?.deposit)} known={known} />
          <TakeBreak until={summary.data?.coolOffUntil ? new Date(summary.data.coolOffUntil) : null} />
          <LossLimits views={summary.data?.lossLimits ?? []} />
        </>
      ) : (
        <section className="settings-section" aria-label="Self-limits">
          <p className="settings-preview">{TEXTS.onlyVerified}</p>
        </section>
      )}
      <RealityCheckSection me={me} />
      <SelfExclusion />
    </div>
  );
}
