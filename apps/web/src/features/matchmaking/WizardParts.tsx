import type { ReactNode } from 'react';

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
