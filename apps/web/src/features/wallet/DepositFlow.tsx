import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CANADA_TEXTS,
  CANADIAN_DEPOSIT_FEE,
  clampCustomDeposit,
  DEPOSIT_PRESETS,
  formatAmount,
  MAX_DEPOSIT,
  MIN_DEPOSIT,
  MINOR_PER_UNIT,
  presetVisible,
  TEXTS,
} from '@rush/domain';
import type { WalletSummary } from '@rush/protocol';
import { ApiError } from '../../api/http.ts';
import { startDeposit } from './api.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { SandboxMark } from '../../ui/SandboxMark.tsx';
import { locatedErrorText, locateDevice } from './location.ts';
import { refreshMoney, toSelfLimit } from './queries.ts';
import { useShowWalletFlag, type Region } from './walletFlags.ts';

/** Height of the provider's page in the modal (SPEC 2). */
export const PROVIDER_FRAME_HEIGHT = 480;

/** Only a web page may go into the iframe (never a javascript: or data: address). */
export function providerFrameUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The custom amount as typed, clamped to whole dollars 0-10000 (SPEC 5); '' while empty. */
export function clampedCustomText(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  const dollars = Number(trimmed);
  if (Number.isNaN(dollars)) return null;
  return String(clampCustomDeposit(dollars) / MINOR_PER_UNIT);
}

type ProviderOutcome = 'paid' | 'cancelled';

/**
 * What the provider's page tells the modal when the payer is done (a `postMessage` from the
 * iframe, `{ source: 'sandbox-pay', type: 'checkout.paid' | 'checkout.cancelled' }`). It is only
 * a cue to refresh: the money is credited from the provider's own confirmation to the server.
 */
export function providerOutcome(data: unknown): ProviderOutcome | null {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('source' in data)) return null;
  if (data.source !== 'sandbox-pay') return null;
  if (data.type === 'checkout.paid') return 'paid';
  if (data.type === 'checkout.cancelled') return 'cancelled';
  return null;
}

/** The provider's page in the 480px iframe, listening for its "done" message. */
function ProviderFrame({ url, region, onDone }: { url: string; region: Region; onDone: () => void }) {
  const client = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const [outcome, setOutcome] = useState<ProviderOutcome | null>(null);
  const onOutcome = useEffectEvent((next: ProviderOutcome) => {
    setOutcome(next);
    refreshMoney(client);
  });

  // The button that started the deposit is gone: keyboard users continue inside the provider.
  useEffect(() => {
    frame.current?.focus();
  }, []);

  useEffect(() => {
    const origin = new URL(url).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const next = providerOutcome(event.data);
      if (next) onOutcome(next);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);

  return (
    <div className="deposit-provider">
      <iframe
        ref={frame}
        src={url}
        title="Payment provider"
        height={PROVIDER_FRAME_HEIGHT}
        className="provider-frame"
        allow="payment"
      />
      <p className="wallet-note" role="status">
        {outcome === 'paid'
          ? region === 'ca'
            ? CANADA_TEXTS.depositPending
            : 'Payment received. Your balance updates as soon as the provider confirms it.'
          : outcome === 'cancelled'
            ? 'Payment cancelled.'
            : 'Your balance is credited once the provider confirms the payment. Close this window when you are done.'}
      </p>
      <div className="wallet-form-actions">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

interface DepositFlowProps {
  region: Region;
  summary: WalletSummary;
  onDone: () => void;
}

/**
 * SPEC 2 default deposit screen (presets and a custom amount), then the provider's page in an
 * iframe. The browser's position is asked first (SPEC 7); the server answers with the provider
 * session, or refuses with its message (e.g. 'Gaming in this location is restricted.').
 */
export function DepositFlow({ region, summary, onDone }: DepositFlowProps) {
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [providerUrl, setProviderUrl] = useState<string | null>(null);
  const showWalletFlag = useShowWalletFlag();
  const now = new Date();
  const depositLimit = toSelfLimit(summary.limits.deposit);

  const start = useMutation({
    mutationFn: async (amount: bigint) => {
      const deviceGps = await locateDevice();
      const session = await startDeposit({ amount: Number(amount), region, deviceGps });
      const url = providerFrameUrl(session.url);
      if (!url) throw new ApiError(500, 'INTERNAL', TEXTS.internal);
      return url;
    },
    onSuccess: setProviderUrl,
    onError: showWalletFlag,
  });

  if (providerUrl) return <ProviderFrame url={providerUrl} region={region} onDone={onDone} />;

  const deposit = (amount: bigint) => {
    if (start.isPending) return;
    start.mutate(amount);
  };

  const onCustomSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = custom === '' ? 0n : clampCustomDeposit(Number(custom));
    if (amount < MIN_DEPOSIT) {
      setCustomError(TEXTS.depositBelowMinimum);
      return;
    }
    deposit(amount);
  };

  const presets = DEPOSIT_PRESETS.filter((amount) => presetVisible(amount, depositLimit, now));

  return (
    <div className="deposit-choose">
      {region === 'ca' ? (
        <p className="wallet-note">
          Canadian deposits carry a <Amount minor={CANADIAN_DEPOSIT_FEE} currency="usd" mark="long" /> fee and are
          funded in about 12-24 hours.
        </p>
      ) : null}
      {presets.length > 0 ? (
        <div className="deposit-presets" role="group" aria-label="Deposit amounts">
          {presets.map((amount) => (
            <Button
              key={String(amount)}
              variant="secondary"
              className="deposit-preset"
              disabled={start.isPending}
              onClick={() => deposit(amount)}
            >
              {/* The name comes from the content, so it holds the visible "$20 Sandbox" (label in name). */}
              <span className="visually-hidden">Deposit</span> {formatAmount(amount, 'usd', { trimCents: true })}
              <SandboxMark />
            </Button>
          ))}
        </div>
      ) : null}
      <form className="wallet-form" onSubmit={onCustomSubmit} noValidate>
        <TextField
          label="Custom amount (USD)"
          name="customAmount"
          inputMode="numeric"
          autoComplete="off"
          hint={
            <>
              Whole dollars, from <Amount minor={MIN_DEPOSIT} currency="usd" /> to{' '}
              <Amount minor={MAX_DEPOSIT} currency="usd" />. You may deposit up to{' '}
              <Amount minor={summary.depositRoom} currency="usd" /> more this month.
            </>
          }
          value={custom}
          onValueChange={(typed) => {
            const next = clampedCustomText(typed);
            if (next === null) return;
            setCustom(next);
            setCustomError(null);
          }}
          error={customError}
        />
        <div className="wallet-form-actions">
          <Button type="submit" busy={start.isPending}>
            Deposit
          </Button>
        </div>
      </form>
      {start.isPending ? (
        <p className="wallet-note" role="status">
          Starting your deposit…
        </p>
      ) : null}
      <FormMessage text={start.isError ? locatedErrorText(start.error) : null} />
    </div>
  );
}
