import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CANADIAN_DEPOSIT_FEE, CANADIAN_WITHDRAWAL_FEE, type Currency } from '@rush/domain';
import type { Me, WalletSummary } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Overlay } from '../../ui/Overlay.tsx';
import { overlayLink, useCloseOverlay, useSwitchOverlay } from '../../ui/overlayFlags.ts';
import { useSession } from '../accounts/session.ts';
import { DepositFlow } from './DepositFlow.tsx';
import { formatAmount, usd } from './format.ts';
import { refreshMoney, useWalletEvents, useWalletSummary } from './queries.ts';
import { TransactionsSection } from './TransactionsSection.tsx';
import { VerifyEmailPrompt } from './VerifyEmailPrompt.tsx';
import { WALLET_FLAG, WALLET_SCREENS } from './walletFlags.ts';
import { WithdrawFlow } from './WithdrawFlow.tsx';
import './wallet.css';

/** Opens one of the wallet modals (`?wallet=...`) on top of the page, as a history entry. */
function useOpenWalletModal(): (screen: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (screen) => {
    const link = overlayLink(location, WALLET_FLAG, screen);
    void navigate(link.to, { state: link.state });
  };
}

/** SPEC 2: closing the payment modal (however it closes) refreshes the balances and the history. */
function useRefreshWhenModalCloses(): void {
  const client = useQueryClient();
  const open = new URLSearchParams(useLocation().search).has(WALLET_FLAG);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) refreshMoney(client);
    wasOpen.current = open;
  }, [open, client]);
}

function WithdrawDisabledNote({ id, reason }: { id: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p id={id} className="wallet-disabled-reason">
      {reason}
    </p>
  );
}

function WalletActions({ summary }: { summary: WalletSummary }) {
  const open = useOpenWalletModal();
  const reasonId = useId();
  const reason = summary.withdrawDisabledReason;
  return (
    <div className="wallet-actions">
      <div className="wallet-buttons">
        <Button aria-haspopup="dialog" onClick={() => open(WALLET_SCREENS.deposit)}>
          Deposit
        </Button>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => open(WALLET_SCREENS.canada)}>
          Deposit/Withdrawals for Canadian Users
        </Button>
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => open(WALLET_SCREENS.withdraw)}
        >
          Withdraw
        </Button>
      </div>
      <WithdrawDisabledNote id={reasonId} reason={reason} />
    </div>
  );
}

const shown = (minor: number | null, currency: Currency) => (minor === null ? '-' : formatAmount(minor, currency));

function WalletHeader({ summary }: { summary: WalletSummary }) {
  return (
    <dl className="wallet-balances">
      <div className="wallet-balance">
        <dt>USD</dt>
        <dd className="money">{shown(summary.balances.usd, 'usd')}</dd>
      </div>
      <div className="wallet-balance">
        <dt>RushCoins</dt>
        <dd className="money">{shown(summary.balances.wbx, 'wbx')}</dd>
      </div>
      <div className="wallet-balance">
        <dt>Withdrawable</dt>
        <dd className="money">{formatAmount(summary.withdrawable, 'usd')}</dd>
      </div>
    </dl>
  );
}

function CanadaChooser({ summary }: { summary: WalletSummary }) {
  const switchTo = useSwitchOverlay(WALLET_FLAG);
  const reasonId = useId();
  const reason = summary.withdrawDisabledReason;
  return (
    <div className="wallet-canada">
      <p>Canadian deposits carry a {usd(CANADIAN_DEPOSIT_FEE)} fee and are funded in about 12-24 hours.</p>
      <p>Canadian withdrawals carry a {usd(CANADIAN_WITHDRAWAL_FEE)} fee.</p>
      <div className="wallet-buttons">
        <Button onClick={() => switchTo(WALLET_SCREENS.depositCa)}>Canadian deposit</Button>
        <Button
          variant="secondary"
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => switchTo(WALLET_SCREENS.withdrawCa)}
        >
          Canadian withdrawal
        </Button>
      </div>
      <WithdrawDisabledNote id={reasonId} reason={reason} />
    </div>
  );
}

/** The modals of /wallet, each bound to a value of the `wallet` query flag. */
function WalletModals({ summary }: { summary: WalletSummary }) {
  const close = useCloseOverlay(WALLET_FLAG);
  return (
    <>
      <Overlay flag={WALLET_FLAG} value={WALLET_SCREENS.deposit} title="Deposit" className="dialog-wide">
        <DepositFlow region="us" summary={summary} onDone={close} />
      </Overlay>
      <Overlay
        flag={WALLET_FLAG}
        value={WALLET_SCREENS.depositCa}
        title="Deposit for Canadian Users"
        className="dialog-wide"
      >
        <DepositFlow region="ca" summary={summary} onDone={close} />
      </Overlay>
      <Overlay flag={WALLET_FLAG} value={WALLET_SCREENS.withdraw} title="Withdraw">
        <WithdrawFlow region="us" summary={summary} onDone={close} />
      </Overlay>
      <Overlay flag={WALLET_FLAG} value={WALLET_SCREENS.withdrawCa} title="Withdraw for Canadian Users">
        <WithdrawFlow region="ca" summary={summary} onDone={close} />
      </Overlay>
      <Overlay flag={WALLET_FLAG} value={WALLET_SCREENS.canada} title="Deposit/Withdrawals for Canadian Users">
        <CanadaChooser summary={summary} />
      </Overlay>
    </>
  );
}

/** SPEC 2 / 4, verified: balances, Deposit, Canadian deposits and withdrawals, Withdraw, history. */
function WalletView({ me }: { me: Me }) {
  useWalletEvents(me);
  useRefreshWhenModalCloses();
  const summary = useWalletSummary();

  let top;
  if (summary.isPending) {
    top = (
      <p className="wallet-loading" role="status">
        Loading wallet…
      </p>
    );
  } else if (summary.isError) {
    top = (
      <div className="wallet-error" role="alert">
        <p>{errorText(summary.error)}</p>
        <Button variant="secondary" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    top = (
      <div className="wallet-card wallet-top">
        <WalletHeader summary={summary.data} />
        <WalletActions summary={summary.data} />
      </div>
    );
  }

  return (
    <>
      {top}
      <TransactionsSection />
      {summary.data ? <WalletModals summary={summary.data} /> : null}
    </>
  );
}

/** /wallet (SPEC 2 Wallet, SPEC 4 wallet flow). */
export function WalletPage() {
  const { me } = useSession();
  const titleId = useId();
  return (
    <section className="page wallet" aria-labelledby={titleId}>
      <title>Wallet</title>
      <h1 id={titleId}>Wallet</h1>
      {me ? me.emailVerified ? <WalletView me={me} /> : <VerifyEmailPrompt me={me} /> : null}
    </section>
  );
}
