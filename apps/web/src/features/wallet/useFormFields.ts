import { useState } from 'react';

/**
 * A form of text fields with an error under each: typing into a field formats its value
 * (`format`) and clears its error; `field(key)` gives a text field its value, setter and error.
 */
export function useFormFields<Form extends Record<string, string>, Errors extends Partial<Record<keyof Form, string>>>(
  initial: Form,
  format: (key: keyof Form, value: string) => string = (_key, value) => value,
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: format(key, value) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const field = (key: keyof Form) => ({ value: form[key], onValueChange: set(key), error: errors[key] });
  return { form, errors, setErrors, set, field };
}
