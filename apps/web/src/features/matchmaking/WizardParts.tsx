import type { ReactNode } from 'react';
import { MATCH_TEXTS } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';

/** The step names of a wizard, the current one marked (the player wizard and the bot flow). */
export function StepList({ names, step }: { names: readonly string[]; step: number }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {names.map((name, i) => (
        <li key={name} aria-current={step === i + 1 ? 'step' : undefined} className={step === i + 1 ? 'current' : ''}>
          <span aria-hidden="true">{i + 1}</span> {name}
        </li>
      ))}
    </ol>
  );
}

export interface Choice {
  key: string;
  label: ReactNode;
  checked: boolean;
  onChoose: () => void;
}

/** One radio group of a wizard step (game types, amounts, levels); the URL holds the choice. */
export function ChoiceList({ legend, name, choices }: { legend: string; name: string; choices: readonly Choice[] }) {
  return (
    <fieldset className="wizard-choices">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((c) => (
        <label key={c.key} className={`wizard-choice${c.checked ? ' selected' : ''}`}>
          <input type="radio" name={name} checked={c.checked} onChange={c.onChoose} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Step 1 of both wizards: the active game types as radios, or the SPEC's text when none is. */
export function GameTypeChoice<Id extends string>({
  modes,
  chosen,
  onChoose,
}: {
  modes: ReadonlyArray<{ id: Id; name: string }>;
  chosen: string | null | undefined;
  onChoose: (id: Id) => void;
}) {
  if (modes.length === 0) return <p className="muted">{MATCH_TEXTS.gameTypeUnavailable}</p>;
  return (
    <ChoiceList
      legend="Game type"
      name="gameType"
      choices={modes.map((m) => ({
        key: m.id,
        label: m.name,
        checked: m.id === chosen,
        onChoose: () => onChoose(m.id),
      }))}
    />
  );
}

/** A wizard step's Back and Next (either may be absent); Next waits for the step's choice. */
export function WizardNav({
  onBack,
  onNext,
  nextDisabled = false,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
}) {
  return (
    <div className="wizard-nav">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : null}
      {onNext ? (
        <Button onClick={onNext} disabled={nextDisabled}>
          Next
        </Button>
      ) : null}
    </div>
  );
}
