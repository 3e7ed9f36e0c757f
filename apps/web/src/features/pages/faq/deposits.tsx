import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS } from '@rush/domain';
import {
  CANADA_DEPOSIT_FEE,
  CANADA_WITHDRAWAL_FEE,
  DEPOSIT_MAX_PER_MONTH_USD,
  DEPOSIT_MIN_USD,
  DEPOSIT_PRESETS_USD,
  US_TAX_INFO_THRESHOLD_USD,
  listInWords,
} from '../facts.ts';
import type { FaqSection } from '../faqContent.tsx';

/** The FAQ's Deposits & Withdrawals section (SPEC 2). */
export function depositsSection(email: ReactNode): FaqSection {
  return {
    id: 'deposits-withdrawals',
    title: 'Deposits & Withdrawals',
    items: [
      {
        id: 'wallet-setup',
        question: 'How do I set up my wallet?',
        answer: (
          <>
            <p>
              Verify your email address first, then open <Link to="/wallet">Wallet</Link>. You create (or link) an
              account with our payment wallet provider using your email, a +1 phone number and your first and last name;
              a code is sent to your phone by SMS to confirm it.
            </p>
            <p>
              Before your first deposit you submit a short identity profile, and you may be asked to upload a photo ID
              (PNG or JPEG). Your browser will also ask for your location.
            </p>
          </>
        ),
      },
      {
        id: 'deposit-limits',
        question: 'How much can I deposit?',
        answer: (
          <p>
            The minimum deposit is {DEPOSIT_MIN_USD} and the maximum is {DEPOSIT_MAX_PER_MONTH_USD} per month. Pick a
            preset ({listInWords(DEPOSIT_PRESETS_USD)}) or enter your own amount. You can set a lower personal deposit
            limit under Account Settings &gt; Gaming.
          </p>
        ),
      },
      {
        id: 'canada',
        question: 'How do deposits and withdrawals work in Canada?',
        answer: (
          <p>
            Use <strong>Deposit/Withdrawals for Canadian Users</strong> in your wallet. Canadian deposits carry a{' '}
            {CANADA_DEPOSIT_FEE} fee and are usually funded within about 12–24 hours. Canadian withdrawals carry a{' '}
            {CANADA_WITHDRAWAL_FEE} fee and are requested by email to {email}.
          </p>
        ),
      },
      {
        id: 'withdrawal-time',
        question: 'How long does a withdrawal take?',
        answer: (
          <p>
            Withdrawals usually take a couple of business days. Withdrawals may be blocked for{' '}
            {WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS} hours after your last deposit.
          </p>
        ),
      },
      {
        id: 'cannot-withdraw',
        question: 'Why can’t I withdraw?',
        answer: (
          <>
            <p>The most common reasons are:</p>
            <ul>
              <li>Deposited money must be played before it can be withdrawn.</li>
              <li>Your last deposit was less than {WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS} hours ago.</li>
              <li>
                Another player reported you, so withdrawals are temporarily disabled while we review the report.
                Suspected cheaters cannot withdraw until the review ends (see{' '}
                <Link to="/security">Combatting Cheating</Link>).
              </li>
              <li>Your account was banned for violating the Terms of Service.</li>
            </ul>
            <p>If none of these apply, contact {email}.</p>
          </>
        ),
      },
      {
        id: 'tax',
        question: 'Do I need to provide tax information?',
        answer: (
          <p>
            Players in the United States must provide tax information for withdrawals above {US_TAX_INFO_THRESHOLD_USD}.
          </p>
        ),
      },
      {
        id: 'transactions',
        question: 'Where can I see my transactions?',
        answer: (
          <p>
            Your <Link to="/wallet">Wallet</Link> lists every deposit, withdrawal and game result with its amount,
            status (completed or rejected) and date.
          </p>
        ),
      },
      {
        id: 'statements',
        question: 'Can I get a monthly statement?',
        answer: (
          <>
            <p>
              Yes. Open <Link to="/wallet/statements">Statements</Link> from your wallet and pick a month. It shows what
              you deposited and withdrew, what you staked, won and lost in games, the fees you paid, the RushCoins you
              earned and spent, and how long you played. Months run from the 1st to the end of the month, in UTC time.
            </p>
            <p>
              The fees are the deposit and withdrawal fees. The game fee is taken from the pot before a win is paid, so
              your winnings are shown after it. You can download any month as a spreadsheet (CSV) or as a PDF, and after
              each month ends we email you its figures if you deposited, withdrew or played that month.
            </p>
          </>
        ),
      },
    ],
  };
}
