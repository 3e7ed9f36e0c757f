import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TAX_TEXTS, US_TAX_STATES, validateTaxDetails, type TaxField } from '@rush/domain';
import type { TaxInfoView } from '@rush/protocol';
import { ApiError, errorText } from '../../api/http.ts';
import { saveTaxInfo } from '../../api/wallet.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../ui/Field.tsx';

type Values = Record<TaxField, string>;
const EMPTY: Values = { legalName: '', street: '', city: '', state: '', zip: '', tin: '' };

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

  const stateError = errorOf('state');
  const hasFieldErrors = Object.keys(serverFields).length > 0;
  return (
    <form className="wallet-form tax-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{TAX_TEXTS.formTitle}</h3>
      <p className="form-message form-message-error" role="alert">
        {reason}
      </p>
      <p className="wallet-note">{TAX_TEXTS.formIntro}</p>
      <TextField
        label="Legal name"
        name="legalName"
        autoComplete="name"
        value={values.legalName}
        onValueChange={set('legalName')}
        error={errorOf('legalName')}
        data-autofocus
      />
      <TextField
        label="Street address"
        name="street"
        autoComplete="street-address"
        value={values.street}
        onValueChange={set('street')}
        error={errorOf('street')}
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onValueChange={set('city')}
        error={errorOf('city')}
      />
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
      <TextField
        label="ZIP code"
        name="zip"
        autoComplete="postal-code"
        inputMode="numeric"
        value={values.zip}
        onValueChange={set('zip')}
        error={errorOf('zip')}
      />
      <TextField
        label="SSN or TIN"
        name="tin"
        autoComplete="off"
        inputMode="numeric"
        hint="9 digits, as ###-##-####. Stored encrypted; only its last 4 digits are ever shown."
        value={values.tin}
        onValueChange={set('tin')}
        error={errorOf('tin')}
      />
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
