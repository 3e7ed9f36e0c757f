import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';

interface MoveInputProps {
  /** Plays the typed move; returns the error to show, or null when the move was taken. */
  onSubmit: (text: string) => string | null;
  disabled?: boolean;
}

/** Moves typed as text, SAN ("Nf3", "O-O", "e8=Q") or UCI ("g1f3"): the board without a pointer. */
export function MoveInput({ onSubmit, disabled = false }: MoveInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const problem = onSubmit(text);
    setError(problem);
    if (!problem) setText('');
  };
  return (
    <form className="move-input" onSubmit={submit}>
      <label htmlFor={`${id}-move`}>Enter move</label>
      <div className="move-input-row">
        <input
          id={`${id}-move`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={12}
          disabled={disabled}
          placeholder="e.g. Nf3 or g1f3"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <Button type="submit" variant="secondary" disabled={disabled}>
          Play
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          SAN or UCI, e.g. Nf3, O-O, e8=Q or g1f3.
        </p>
      )}
    </form>
  );
}
