import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  BATTLE_TIMES_MS,
  currencyName,
  DIFFICULTIES,
  LOBBY,
  PUZZLE_TEXTS,
  PUZZLE_THEMES,
  type Currency,
  type Difficulty,
  type PrizeMode,
  type PuzzleTheme,
} from '@rush/domain';
import type { BattleSettingsInput, WagerOptionView } from '@rush/protocol';
import { RefusalNotice, useAppState } from '../../matchmaking/index.ts';
import { useSession } from '../../../api/session.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { SandboxMark } from '../../../ui/SandboxMark.tsx';
import { createLobby } from './api.ts';
import { failureText, withLocation } from './errors.ts';
import { humanize, minutesText, PRIZE_MODE_LABEL } from './format.ts';
import { storeLobby, useBattleOptions } from './queries.ts';
import { BATTLE_PATH, lobbyPath } from './query.ts';
import { BreakNotice, breakEndOf } from '../../wallet/index.ts';

/** SPEC 9 "error banner 4 s": a creation failure shows above the form this long. */
export const CREATE_ERROR_MS = 4_000;

const MAX_PLAYERS = Array.from(
  { length: LOBBY.maxPlayersMax - LOBBY.maxPlayersMin + 1 },
  (_, i) => LOBBY.maxPlayersMin + i,
);

type BattleTime = (typeof BATTLE_TIMES_MS)[number];

/** A pick among fixed values: the one chosen, the values, their words and the change. */
interface FixedChoice<T> {
  value: T;
  values: readonly T[];
  text: (v: T) => string;
  onChange: (v: T) => void;
}

/** A labelled select over fixed values. */
function Select<T extends string | number>({
  label,
  value,
  values,
  text,
  onChange,
}: FixedChoice<T> & { label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => {
          const found = values.find((v) => String(v) === e.target.value);
          if (found !== undefined) onChange(found);
        }}
      >
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {text(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Radio buttons over fixed values, in a fieldset named by `legend`. */
function Choices<T extends string>({ legend, value, values, text, onChange }: FixedChoice<T> & { legend: string }) {
  const name = useId();
  return (
    <fieldset className="battle-choices">
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v} className={`wizard-choice${v === value ? ' selected' : ''}`}>
          <input type="radio" name={name} checked={v === value} onChange={() => onChange(v)} />
          <span>{text(v)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The stake amounts of one currency; ones the user may not play are shown disabled with why. */
function StakeAmounts({
  currency,
  options,
  amount,
  onChoose,
}: {
  currency: Currency;
  options: readonly WagerOptionView[];
  amount: number | null;
  onChoose: (value: number) => void;
}) {
  const name = useId();
  if (options.length === 0) return <p className="muted">No amounts are available in this currency.</p>;
  return (
    <fieldset className="battle-choices">
      <legend>Amount in {currencyName(currency)}</legend>
      {options.map((o) => {
        const why = `${name}-${o.key}-why`;
        return (
          <div key={o.key} className={`wizard-choice${amount === o.value ? ' selected' : ''}`}>
            <label className="stake-choice">
              <input
                type="radio"
                name={name}
                checked={amount === o.value}
                disabled={o.refusal !== null}
                aria-describedby={o.refusal ? why : undefined}
                onChange={() => onChoose(o.value)}
              />
              <span>{o.name}</span>
              <SandboxMark currency={currency} />
            </label>
            {o.refusal ? (
              <span id={why} className="stake-refusal muted">
                {o.refusal.message}
              </span>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

const firstAllowed = (options: readonly WagerOptionView[]): number | null =>
  options.find((o) => o.refusal === null)?.value ?? null;

/**
 * SPEC 2 battle settings (battleStep=2) and SPEC 5 creation rules: difficulty, theme, time,
 * privacy, max players 2-8, prize mode (a choice for content creators only; pool otherwise),
 * stakes currency and an integer amount among the user's allowed wagers for wmgt_000001.
 */
export function BattleSettingsForm() {
  const headingId = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const options = useBattleOptions();
  const appState = useAppState();
  const { me } = useSession();
  const [difficulty, setDifficulty] = useState<Difficulty>('normal');
  const [theme, setTheme] = useState<PuzzleTheme>('healthyMix');
  const [time, setTime] = useState<BattleTime>(BATTLE_TIMES_MS[1]);
  const [privacy, setPrivacy] = useState<'public' | 'private'>('public');
  const [maxParticipants, setMax] = useState<number>(LOBBY.maxPlayersMax);
  const [prizeChoice, setPrizeMode] = useState<PrizeMode>('pool');
  const [currency, setCurrency] = useState<Currency>('wbx');
  const [chosenAmount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // SPEC 8: the creation failure stays 4 s.
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), CREATE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  if (options.isError || !options.data) {
    return (
      <QueryState
        query={options}
        loading="Loading…"
        subject="the battle settings"
        describe={failureText}
        className="page"
      />
    );
  }
  const data = options.data;
  const creator = data.contentCreator;
  // SPEC 5: only content creators choose the prize mode; everyone else plays for the pool.
  const prizeMode: PrizeMode = creator ? prizeChoice : 'pool';
  const amounts = data.wagers[currency];
  const amount =
    chosenAmount !== null && amounts.some((o) => o.value === chosenAmount && o.refusal === null)
      ? chosenAmount
      : firstAllowed(amounts);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (data.account) {
      setError(data.account.message);
      return;
    }
    if (amount === null) {
      setError(PUZZLE_TEXTS.stakeRequired);
      return;
    }
    const settings: BattleSettingsInput = {
      difficulty,
      theme,
      time,
      privacy,
      maxParticipants,
      prizeMode,
      stakesCurrency: currency,
      stakesAmount: Math.trunc(amount),
    };
    setBusy(true);
    setError(null);
    withLocation(currency, (gps) => createLobby(settings, gps)).then(
      (view) => {
        setBusy(false);
        storeLobby(client, view);
        void navigate(lobbyPath(view.id), { replace: true });
      },
      (err: unknown) => {
        setBusy(false);
        setError(failureText(err));
      },
    );
  };

  return (
    <section className="page battle-page" aria-labelledby={headingId}>
      <title>Battle settings</title>
      <h1 id={headingId}>Battle settings</h1>
      {error ? (
        <p className="form-message form-message-error battle-create-error" role="alert">
          {error}
        </p>
      ) : null}
      {/* As the Play step shows it: no funds comes with the way to the wallet and the top-up (issue 36). */}
      <RefusalNotice refusal={data.account} announcement={appState.data?.announcement} />
      <form className="battle-settings" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Select label="Difficulty" value={difficulty} values={DIFFICULTIES} text={humanize} onChange={setDifficulty} />
        <Select label="Theme" value={theme} values={PUZZLE_THEMES} text={humanize} onChange={setTheme} />
        <Choices
          legend="Time"
          value={String(time)}
          values={BATTLE_TIMES_MS.map(String)}
          text={(v) => minutesText(Number(v))}
          onChange={(v) => setTime(BATTLE_TIMES_MS.find((t) => String(t) === v) ?? BATTLE_TIMES_MS[1])}
        />
        <Choices
          legend="Privacy"
          value={privacy}
          values={['public', 'private'] as const}
          text={(v) => (v === 'public' ? 'Public' : 'Private')}
          onChange={setPrivacy}
        />
        <Select label="Max players" value={maxParticipants} values={MAX_PLAYERS} text={String} onChange={setMax} />
        {creator ? (
          <Choices
            legend="Prize mode"
            value={prizeMode}
            values={['pool', 'giveaway'] as const}
            text={(v) => PRIZE_MODE_LABEL[v]}
            onChange={setPrizeMode}
          />
        ) : (
          <p className="battle-fixed">
            Prize mode: <strong>{PRIZE_MODE_LABEL.pool}</strong>
          </p>
        )}
        <div className="currency-switch" role="group" aria-label="Stakes currency">
          {(['usd', 'wbx'] as const).map((c) => (
            <Button
              key={c}
              variant={currency === c ? 'primary' : 'secondary'}
              aria-pressed={currency === c}
              onClick={() => {
                setCurrency(c);
                setAmount(null);
              }}
            >
              {currencyName(c)}
            </Button>
          ))}
        </div>
        <StakeAmounts currency={currency} options={amounts} amount={amount} onChoose={setAmount} />
        <BreakNotice me={me} />
        <div className="battle-actions">
          <Link className={buttonClass('secondary')} to={BATTLE_PATH}>
            Back
          </Link>
          <Button type="submit" busy={busy} disabled={breakEndOf(me) !== null}>
            Create
          </Button>
        </div>
      </form>
    </section>
  );
}
