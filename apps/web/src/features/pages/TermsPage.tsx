import { Link } from 'react-router';
import {
  DEFAULT_SUPPORT_EMAIL,
  DISPUTE_NOTICE_DAYS,
  MIN_AGE,
  PRODUCT_NAME,
  WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS,
} from '@rush/domain';
import { DocumentPage, type DocumentSection } from './DocumentPage.tsx';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import {
  ARBITRATION_THRESHOLD_USD,
  CANADA_DEPOSIT_FEE,
  CANADA_WITHDRAWAL_FEE,
  CASH_PLAY_REFUSED_STATES,
  DEPOSIT_MAX_PER_MONTH_USD,
  DEPOSIT_MIN_USD,
  PLATFORM_FEE_PERCENT,
  US_TAX_INFO_THRESHOLD_USD,
  listInWords,
} from './facts.ts';
import './pages.css';

function termsSections(supportEmail: string): readonly DocumentSection[] {
  const email = <SupportEmailLink email={supportEmail} />;
  return [
    {
      id: 'agreement',
      title: 'Agreement',
      body: (
        <p>
          These Terms of Service govern your use of {PRODUCT_NAME}, an online platform where adults play head-to-head
          chess for US dollars or for RushCoins, our virtual currency. By creating an account or using the platform you
          accept these Terms and our <Link to="/privacy">Privacy Policy</Link>. If you do not accept them, do not use{' '}
          {PRODUCT_NAME}.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: (
        <ul>
          <li>You must be at least {MIN_AGE} years old to register.</li>
          <li>
            {PRODUCT_NAME} is offered only in the United States and Canada. Cash play is refused in{' '}
            {listInWords(CASH_PLAY_REFUSED_STATES)}. If you are below the age of majority where you live, you may play
            for RushCoins only.
          </li>
          <li>
            Location services must be enabled to play or deposit. We verify your identity and location, and play from a
            restricted location is refused.
          </li>
          <li>
            One account per person. Duplicate accounts are not allowed, and the information you give us must be true and
            your own.
          </li>
        </ul>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          You are responsible for keeping your password safe and for all activity on your account. An account may be
          signed in on one device at a time: signing in elsewhere ends the earlier session. Do not share, sell or
          transfer your account.
        </p>
      ),
    },
    {
      id: 'chess-account',
      title: 'Chess platform account',
      body: (
        <p>
          Games are played through an account on an external chess platform, which you must link to {PRODUCT_NAME}{' '}
          before playing. The link cannot be changed later, and each person may link one chess account for life. You
          must also follow that platform’s own rules. Your ratings there are used for matchmaking: public matchmaking
          pairs players of similar rating, and a provisional rating blocks cash games in that game type.
        </p>
      ),
    },
    {
      id: 'fair-play',
      title: 'Fair play',
      body: (
        <>
          <p>Every game must be played by you alone, with no help of any kind. In particular you must not:</p>
          <ul>
            <li>use a chess engine, bot or analysis tool during a game;</li>
            <li>receive advice from another person, or play on someone else’s behalf;</li>
            <li>arrange results with your opponent or lose on purpose;</li>
            <li>use more than one account.</li>
          </ul>
          <p>
            We review games for cheating (see <Link to="/security">Combatting Cheating</Link>). If we find that you
            cheated, your account is banned and the funds in it are seized. Withdrawals of a player suspected of
            cheating are held until the review is complete.
          </p>
        </>
      ),
    },
    {
      id: 'fees',
      title: 'Matches, fees and refunds',
      body: (
        <>
          <p>
            Our fee is {PLATFORM_FEE_PERCENT}% of the winner’s pot. Entry fees are non-refundable; if a match is
            cancelled, the entries are refunded.
          </p>
          <p>
            Access to higher wagers may depend on the number of games you have played at lower wagers. Bot games are
            played for RushCoins only. We may pause the creation of new games at any time.
          </p>
        </>
      ),
    },
    {
      id: 'deposits-withdrawals',
      title: 'Deposits and withdrawals',
      body: (
        <>
          <p>
            Deposits and withdrawals go through our payment wallet provider, which requires you to verify your identity.
          </p>
          <ul>
            <li>
              The minimum deposit is {DEPOSIT_MIN_USD}; you may deposit at most {DEPOSIT_MAX_PER_MONTH_USD} per month.
            </li>
            <li>
              Canadian deposits carry a {CANADA_DEPOSIT_FEE} fee; Canadian withdrawals carry a {CANADA_WITHDRAWAL_FEE}{' '}
              fee and are requested by email.
            </li>
            <li>
              Deposited money must be played before it can be withdrawn. Withdrawals may be blocked for{' '}
              {WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS} hours after your last deposit and usually take a couple of business
              days.
            </li>
            <li>Withdrawals are disabled for banned accounts and held while a report against you is reviewed.</li>
            <li>
              US players must provide tax information for withdrawals above {US_TAX_INFO_THRESHOLD_USD}. You are
              responsible for any taxes on your winnings.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'rushcoins',
      title: 'RushCoins',
      body: (
        <p>
          RushCoins (RC) are a virtual currency for play on {PRODUCT_NAME}. They have no cash value and cannot be
          withdrawn or exchanged for money. We grant RushCoins as rewards (for example for linking your chess account
          and for playing games) and may change those rewards.
        </p>
      ),
    },
    {
      id: 'responsible-gaming',
      title: 'Self-limits and self-exclusion',
      body: (
        <p>
          You can limit your betting and your deposits, each with a maximum and an expiration date, under Account
          Settings &gt; Gaming. A limit cannot be lifted before it expires. You can also exclude yourself, which closes
          your account permanently; this cannot be undone. If gaming stops being fun, use these tools and contact{' '}
          {email}.
        </p>
      ),
    },
    {
      id: 'conduct',
      title: 'Conduct, suspension and closure',
      body: (
        <p>
          Be respectful in chats and messages; no harassment, spam or abuse. We may ban accounts that break these Terms.
          A banned account cannot start games, send or receive challenges or withdraw. Closed accounts are closed
          permanently.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Disputes',
      body: (
        <p>
          If you have a dispute with us, first send a written notice of dispute to {email}; we then have{' '}
          {DISPUTE_NOTICE_DAYS} days to try to resolve it informally before either of us starts formal proceedings.
          Claims of more than {ARBITRATION_THRESHOLD_USD} are resolved by binding individual arbitration.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      body: (
        <p>
          We may update these Terms. The current version is always on this page; continuing to use {PRODUCT_NAME} after
          an update means you accept it.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these Terms: {email}. Answers to common questions are on our{' '}
          <Link to="/support">Support</Link> page.
        </p>
      ),
    },
  ];
}

/** /terms: the Terms of Service (SPEC 1, 2 and 9). */
export function TermsPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  return <DocumentPage title="Terms of Service" navLabel="Terms sections" sections={termsSections(supportEmail)} />;
}
