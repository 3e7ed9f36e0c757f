import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canSubmitCode, checkWalletCreate, formatWalletPhone, type WalletCreateErrors } from '@rush/domain';
import type { Me, WalletOnboardingView } from '@rush/protocol';
import { createProviderWallet, fetchWalletOnboarding, resendWalletCode, verifyProviderWallet } from './api.ts';
import { ApiError, errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { IdentityGate } from './IdentityGate.tsx';
import { useFormFields } from './useFormFields.ts';

export const WALLET_ONBOARDING_KEY = ['wallet', 'onboarding'] as const;

/**
 * SPEC 4 wallet flow after the e-mail: no provider user -> the create form (an SMS code is
 * sent), a code sent -> the verify form, verified -> the identity step (IdentityGate), then the
 * wallet itself (`children`).
 */
export function WalletGate({ me, children }: { me: Me; children: ReactNode }) {
  const query = useQuery({ queryKey: WALLET_ONBOARDING_KEY, queryFn: fetchWalletOnboarding });
  return (
    <QueryState query={query} loading="Loading wallet…" subject="the wallet">
      {(view) =>
        view.step === 'verified' ? (
          <IdentityGate me={me}>{children}</IdentityGate>
        ) : view.step === 'verify' ? (
          <VerifyWalletForm view={view} />
        ) : (
          <CreateWalletForm me={me} />
        )
      }
    </QueryState>
  );
}

function useOnboardingStep() {
  const client = useQueryClient();
  return (view: WalletOnboardingView) => client.setQueryData(WALLET_ONBOARDING_KEY, view);
}

/** SPEC 5 wallet create: e-mail (the account's, read-only), phone +1 (###) ###-####, names (max 20), nickname optional. */
function CreateWalletForm({ me }: { me: Me }) {
  const setStep = useOnboardingStep();
  const { form, setErrors, field } = useFormFields<
    { phone: string; firstName: string; lastName: string; nickname: string },
    WalletCreateErrors
  >({ phone: '', firstName: '', lastName: '', nickname: '' }, (key, value) =>
    key === 'phone' ? formatWalletPhone(value) : value,
  );
  const create = useMutation({
    mutationFn: createProviderWallet,
    onSuccess: setStep,
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWalletCreate(form);
    if (!checked.ok) return setErrors(checked.errors);
    create.mutate(form);
  };
  const otherError =
    create.isError && !(create.error instanceof ApiError && Object.keys(create.error.fields).length > 0);
  return (
    <form className="wallet-card wallet-onboarding" onSubmit={submit} noValidate aria-labelledby="wallet-create-title">
      <h2 id="wallet-create-title">Create your wallet</h2>
      <p>Your wallet holds your dollars with our payment provider. We will send a code to your phone to verify it.</p>
      <TextField label="E-mail" value={me.email} onValueChange={() => undefined} readOnly />
      <TextField
        label="Phone number"
        {...field('phone')}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="+1 (###) ###-####"
      />
      <TextField label="First name" {...field('firstName')} autoComplete="given-name" />
      <TextField label="Last name" {...field('lastName')} autoComplete="family-name" />
      <TextField label="Nickname (optional)" {...field('nickname')} />
      <FormMessage text={otherError ? errorText(create.error) : null} />
      <Button type="submit" busy={create.isPending}>
        Create wallet
      </Button>
    </form>
  );
}

/** The verify form: the SMS code; Verify disabled until one is typed (SPEC 5); the provider's refusal shown as is. */
function VerifyWalletForm({ view }: { view: WalletOnboardingView }) {
  const setStep = useOnboardingStep();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: verifyProviderWallet,
    onSuccess: (next) => {
      setStep(next);
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const resend = useMutation({ mutationFn: (channel: 'sms' | 'voice') => resendWalletCode(channel) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitCode(code)) verify.mutate(code);
  };
  return (
    <form className="wallet-card wallet-onboarding" onSubmit={submit} noValidate aria-labelledby="wallet-verify-title">
      <h2 id="wallet-verify-title">Verify your wallet</h2>
      <p>
        Enter the code we sent by SMS to your phone
        {view.phoneLast4 ? ` ending in ${view.phoneLast4}` : ''}.
      </p>
      <TextField
        label="Verification code"
        value={code}
        onValueChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={verify.isError ? errorText(verify.error) : null}
      />
      <div className="wallet-onboarding-actions">
        <Button type="submit" disabled={!canSubmitCode(code)} busy={verify.isPending}>
          Verify
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => resend.mutate('sms')}
          busy={resend.isPending && resend.variables === 'sms'}
        >
          Resend code
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => resend.mutate('voice')}
          busy={resend.isPending && resend.variables === 'voice'}
        >
          Call me with the code
        </Button>
      </div>
      <FormMessage tone="success" text={resend.isSuccess ? 'A new code is on its way.' : null} />
      <FormMessage text={resend.isError ? errorText(resend.error) : null} />
    </form>
  );
}
