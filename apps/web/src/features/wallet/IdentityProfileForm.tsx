import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  citizenshipCountries,
  dateOfBirthError,
  formatDateOfBirth,
  formatIdentityPhone,
  ONBOARDING_TEXTS,
  SALUTATIONS,
  type IdentityProfileErrors,
} from '@rush/domain';
import type { IdentityView, Me } from '@rush/protocol';
import { submitIdentityProfile } from './api.ts';
import { ApiError } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../ui/Field.tsx';
import { ProcessingNotice, WALLET_IDENTITY_KEY } from './ProcessingNotice.tsx';
import { locatedErrorText, locateDevice } from './location.ts';
import { useFormFields } from './useFormFields.ts';

/**
 * SPEC 2 identity start form "Submit your profile to start": Salutation, First Name, Last Name,
 * Date Of Birth (##/##/####, judged once ten characters are typed), Email Address (the account's,
 * read-only), Phone Number ((###) ###-####), citizenship country (US first), Submit My Profile.
 * SPEC 5: no blocking validation on submit: the server's texts come back under the fields. The
 * browser's position (DeviceGPS) goes with it; while it is found and the profile is processed,
 * "We are processing your profile. Please wait." is shown.
 */
export function IdentityProfileForm({ me }: { me: Me }) {
  const client = useQueryClient();
  const countries = useMemo(() => citizenshipCountries(), []);
  const { form, errors, setErrors, set, field } = useFormFields<
    {
      salutation: string;
      firstName: string;
      lastName: string;
      dateOfBirth: string;
      phone: string;
      citizenshipCountryCode: string;
    },
    IdentityProfileErrors
  >(
    { salutation: '', firstName: '', lastName: '', dateOfBirth: '', phone: '', citizenshipCountryCode: 'US' },
    (key, value) =>
      key === 'dateOfBirth' ? formatDateOfBirth(value) : key === 'phone' ? formatIdentityPhone(value) : value,
  );
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: async () => {
      setLocating(true);
      try {
        const deviceGps = await locateDevice();
        return await submitIdentityProfile({ ...form, deviceGps });
      } finally {
        setLocating(false);
      }
    },
    onSuccess: (view: IdentityView) => {
      client.setQueryData(WALLET_IDENTITY_KEY, view);
      if (view.step === 'verified') void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure(locatedErrorText(error));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    submit.mutate();
  };
  if (locating || submit.isPending) return <ProcessingNotice />;
  const dobError = errors.dateOfBirth ?? dateOfBirthError(form.dateOfBirth);
  return (
    <form
      className="wallet-card wallet-onboarding"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="wallet-identity-title"
    >
      <h2 id="wallet-identity-title">{ONBOARDING_TEXTS.identityTitle}</h2>
      <div className="field">
        <label htmlFor="identity-salutation">Salutation</label>
        <select
          id="identity-salutation"
          value={form.salutation}
          onChange={(e) => set('salutation')(e.target.value)}
          aria-invalid={errors.salutation ? true : undefined}
          aria-describedby={errors.salutation ? 'identity-salutation-error' : undefined}
        >
          <option value="">Choose…</option>
          {SALUTATIONS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <FieldError id="identity-salutation-error" error={errors.salutation} />
      </div>
      <TextField label="First Name" {...field('firstName')} autoComplete="given-name" />
      <TextField label="Last Name" {...field('lastName')} autoComplete="family-name" />
      <TextField
        label="Date Of Birth"
        value={form.dateOfBirth}
        onValueChange={set('dateOfBirth')}
        error={dobError}
        inputMode="numeric"
        autoComplete="bday"
        placeholder="##/##/####"
      />
      <TextField label="Email Address" value={me.email} onValueChange={() => undefined} readOnly />
      <TextField
        label="Phone Number"
        {...field('phone')}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(###) ###-####"
      />
      <div className="field">
        <label htmlFor="identity-citizenship">Citizenship Country</label>
        <select
          id="identity-citizenship"
          value={form.citizenshipCountryCode}
          onChange={(e) => set('citizenshipCountryCode')(e.target.value)}
          aria-invalid={errors.citizenshipCountryCode ? true : undefined}
          aria-describedby={errors.citizenshipCountryCode ? 'identity-citizenship-error' : undefined}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id="identity-citizenship-error" error={errors.citizenshipCountryCode} />
      </div>
      <FormMessage text={failure} />
      <Button type="submit">{ONBOARDING_TEXTS.identitySubmit}</Button>
    </form>
  );
}
