import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { CANADIAN_DEPOSIT_FEE, CANADIAN_WITHDRAWAL_FEE, currencyName, TEXTS } from '@rush/domain';
import type { Me, WalletSummary } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { Overlay } from '../../ui/Overlay.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { overlayLink, useCloseOverlay, useSwitchOverlay } from '../../ui/overlayFlags.ts';
import { useSession } from '../../api/session.ts';
import { DepositFlow } from './DepositFlow.tsx';
import { refreshMoney, useWalletEvents, useWalletSummary } from './queries.ts';
import { TopUpButton } from './TopUpButton.tsx';
import { DepositOutcomes } from './DepositOutcomes.tsx';
import { TransactionsSection } from './TransactionsSection.tsx';
import { VerifyEmailPrompt } from './VerifyEmailPrompt.tsx';
import { WalletGate } from './WalletOnboarding.tsx';
import { WalletSessionNotice } from './WalletSessionNotice.tsx';
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

/** The text a closed account reads on its wallet, the one page it may still act on (issue 33). */
export const CLOSED_WALLET_NOTE = 'You can still withdraw your balance. Nothing else can be changed.';

function WalletActions({ summary, closed }: { summary: WalletSummary; closed: boolean }) {
  const open = useOpenWalletModal();
  const reasonId = useId();
  const reason = summary.withdrawDisabledReason;
  const withdraw = (
    <Button
      variant={closed ? 'primary' : 'secondary'}
      aria-haspopup="dialog"
      disabled={reason !== null}
      aria-describedby={reason ? reasonId : undefined}
      onClick={() => open(WALLET_SCREENS.withdraw)}
    >
      Withdraw
    </Button>
  );
  return (
    <div className="wallet-actions">
      {closed ? (
        <p role="note" className="wallet-closed-note">
          {TEXTS.accountClosed} {CLOSED_WALLET_NOTE}
        </p>
      ) : null}
      {closed ? (
        // Self-excluded: the owner's money can still leave, by the normal withdrawal; nothing comes in.
        <div className="wallet-buttons">
          {withdraw}
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            disabled={reason !== null}
            onClick={() => open(WALLET_SCREENS.withdrawCa)}
          >
            Withdraw for Canadian Users
          </Button>
        </div>
      ) : (
        <div className="wallet-buttons">
          <Button aria-haspopup="dialog" onClick={() => open(WALLET_SCREENS.deposit)}>
            Deposit
          </Button>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => open(WALLET_SCREENS.canada)}>
            Deposit/Withdrawals for Canadian Users
          </Button>
          {withdraw}
        </div>
      )}
      <WithdrawDisabledNote id={reasonId} reason={reason} />
    </div>
  );
}

function WalletHeader({ summary }: { summary: WalletSummary }) {
  return (
    <dl className="wallet-balances">
      <div className="wallet-balance">
        <dt>{currencyName('usd')}</dt>
        <dd>
          <Amount minor={summary.balances.usd} currency="usd" />
        </dd>
      </div>
      <div className="wallet-balance">
        <dt>{currencyName('wbx')}</dt>
        <dd>
          <Amount minor={summary.balances.wbx} currency="wbx" />
          <TopUpButton />
        </dd>
      </div>
      <div className="wallet-balance">
        <dt>Withdrawable</dt>
        <dd>
          <Amount minor={summary.withdrawable} currency="usd" />
        </dd>
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
      <p>
        Canadian deposits carry a <Amount minor={CANADIAN_DEPOSIT_FEE} currency="usd" mark="long" /> fee and are funded
        in about 12-24 hours.
      </p>
      <p>
        Canadian withdrawals carry a <Amount minor={CANADIAN_WITHDRAWAL_FEE} currency="usd" mark="long" /> fee.
      </p>
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

/** Issue 37: the way to the monthly statements. */
function StatementsLink() {
  const headingId = useId();
  return (
    <section className="wallet-statements" aria-labelledby={headingId}>
      <h2 id={headingId}>Statements</h2>
      <p>
        Each month's deposits, withdrawals, stakes, winnings, fees, RushCoins and time played.{' '}
        <Link to="/wallet/statements">Monthly statements</Link>
      </p>
    </section>
  );
}

/** The modals of /wallet, each bound to a value of the `wallet` query flag. */
function WalletModals({ summary }: { summary: WalletSummary }) {
  const close = useCloseOverlay(WALLET_FLAG);
  // The deposit modals frame the provider's checkout page, whose navigations join the history.
  const closeDeposit = useCloseOverlay(WALLET_FLAG, { noBack: true });
  return (
    <>
      <Overlay
        flag={WALLET_FLAG}
        value={WALLET_SCREENS.deposit}
        title="Deposit"
        className="dialog-wide"
        framesOtherSite
      >
        <DepositFlow region="us" summary={summary} onDone={closeDeposit} />
      </Overlay>
      <Overlay
        flag={WALLET_FLAG}
        value={WALLET_SCREENS.depositCa}
        title="Deposit for Canadian Users"
        className="dialog-wide"
        framesOtherSite
      >
        <DepositFlow region="ca" summary={summary} onDone={closeDeposit} />
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

  return (
    <>
      <QueryState query={summary} loading="Loading wallet…" subject="the wallet">
        {(data) => (
          <div className="wallet-card wallet-top">
            <WalletHeader summary={data} />
            <WalletActions summary={data} closed={me.closed} />
            <DepositOutcomes deposits={data.deposits} debt={data.debt} />
          </div>
        )}
      </QueryState>
      <StatementsLink />
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
      {me ? <WalletSessionNotice /> : null}
      {me ? (
        me.emailVerified ? (
          <WalletGate me={me}>
            <WalletView me={me} />
          </WalletGate>
        ) : (
          <VerifyEmailPrompt me={me} />
        )
      ) : null}
    </section>
  );
}
