import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TAX_TEXTS, US_TAX_STATES, validateTaxDetails, type TaxField } from '@rush/domain';
import type { TaxInfoView } from '@rush/protocol';
import { ApiError, errorText } from '../../api/http.ts';
import { saveTaxInfo } from './api.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../ui/Field.tsx';

type Values = Record<TaxField, string>;
const EMPTY: Values = { legalName: '', street: '', city: '', state: '', zip: '', tin: '' };

interface TextFieldSpec {
  field: Exclude<TaxField, 'state'>;
  label: string;
  autoComplete: string;
  numeric?: boolean;
  hint?: string;
}

/** The text fields around the State select, in the order of a US mailing address. */
const NAME_AND_STREET: TextFieldSpec[] = [
  { field: 'legalName', label: 'Legal name', autoComplete: 'name' },
  { field: 'street', label: 'Street address', autoComplete: 'street-address' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
];
const ZIP_AND_TIN: TextFieldSpec[] = [
  { field: 'zip', label: 'ZIP code', autoComplete: 'postal-code', numeric: true },
  {
    field: 'tin',
    label: 'SSN or TIN',
    autoComplete: 'off',
    numeric: true,
    hint: '9 digits, as ###-##-####. Stored encrypted; only its last 4 digits are ever shown.',
  },
];

interface TaxFormProps {
  /** Why the form is shown (the server's refusal of the withdrawal, with this year's total). */
  reason: string;
  /** The details are on file: the caller sends the withdrawal again. */
  onSaved: (view: TaxInfoView) => void;
  onCancel: () => void;
}

/**
 * SPEC 9 "Tax information needed above $600 for US withdrawals" (issue 16): legal name, mailing
 * address and SSN/TIN, nothing more. The domain's `validateTaxDetails` checks the form as the
 * server does; the server's own field texts are shown too. The TIN is never shown back.
 */
export function TaxForm({ reason, onSaved, onCancel }: TaxFormProps) {
  const titleId = useId();
  const stateId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const save = useMutation({ mutationFn: saveTaxInfo, onSuccess: onSaved });
  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const errorOf = (field: TaxField) => errors[field] ?? serverFields[field] ?? null;

  const set = (field: TaxField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (save.isError) save.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const decision = validateTaxDetails(values);
    if (!decision.ok) {
      setErrors(decision.errors);
      return;
    }
    save.mutate(values);
  };

  const textField = (spec: TextFieldSpec) => (
    <TextField
      key={spec.field}
      label={spec.label}
      name={spec.field}
      autoComplete={spec.autoComplete}
      inputMode={spec.numeric ? 'numeric' : undefined}
      hint={spec.hint}
      value={values[spec.field]}
      onValueChange={set(spec.field)}
      error={errorOf(spec.field)}
      data-autofocus={spec.field === 'legalName' ? true : undefined}
    />
  );

  const stateError = errorOf('state');
  const hasFieldErrors = Object.keys(serverFields).length > 0;
  return (
    <form className="wallet-form tax-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{TAX_TEXTS.formTitle}</h3>
      <p className="form-message form-message-error" role="alert">
        {reason}
      </p>
      <p className="wallet-note">{TAX_TEXTS.formIntro}</p>
      {NAME_AND_STREET.map(textField)}
      <div className="field">
        <label htmlFor={stateId}>State</label>
        <select
          id={stateId}
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onChange={(e) => set('state')(e.target.value)}
          aria-invalid={stateError ? true : undefined}
          aria-describedby={stateError ? `${stateId}-error` : undefined}
        >
          <option value="">Choose…</option>
          {US_TAX_STATES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <FieldError id={`${stateId}-error`} error={stateError} />
      </div>
      {ZIP_AND_TIN.map(textField)}
      <div className="wallet-form-actions">
        <Button type="submit" busy={save.isPending}>
          Save and withdraw
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <FormMessage text={save.isError && !hasFieldErrors ? errorText(save.error) : null} />
    </form>
  );
}
