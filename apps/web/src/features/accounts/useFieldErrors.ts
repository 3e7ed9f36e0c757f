import { useState } from 'react';
import { ApiError } from '../../api/http.ts';

/**
 * Per-field errors of a form plus its single form message (SPEC 8). Focusing a field clears its
 * error; a server answer puts its `fields` under the fields and its message under the form.
 */
export function useFieldErrors<Field extends string>(fieldNames: readonly Field[]) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: Field) =>
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });

  const fromServer = (error: unknown) => {
    if (error instanceof ApiError) {
      const known: Partial<Record<Field, string>> = {};
      for (const name of fieldNames) {
        const text = error.fields[name];
        if (text) known[name] = text;
      }
      setErrors(known);
      setFormError(Object.keys(known).length > 0 ? null : error.message);
      return;
    }
    setErrors({});
    setFormError(error instanceof Error ? error.message : String(error));
  };

  const reset = () => {
    setErrors({});
    setFormError(null);
  };

  /** A field's value, setter and error as a text field takes them; focusing it clears its error. */
  const bind = (field: Field, value: string, onValueChange: (value: string) => void) => ({
    value,
    onValueChange,
    onFocus: () => clear(field),
    error: errors[field],
  });

  return { errors, setErrors, clear, bind, formError, setFormError, fromServer, reset };
}
