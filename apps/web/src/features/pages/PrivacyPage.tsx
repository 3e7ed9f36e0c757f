import { Link } from 'react-router';
import { DEFAULT_SUPPORT_EMAIL, MIN_AGE, PRODUCT_NAME } from '@rush/domain';
import { DocumentPage, type DocumentSection } from './DocumentPage.tsx';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import { US_TAX_INFO_THRESHOLD_USD } from './facts.ts';
import './pages.css';

export const PRIVACY_LAST_UPDATED = 'January 17, 2022';

function privacySections(supportEmail: string): readonly DocumentSection[] {
  const email = <SupportEmailLink email={supportEmail} />;
  return [
    {
      id: 'collect',
      title: 'Information we collect',
      body: (
        <>
          <h3>Account</h3>
          <p>
            Your username, email address, date of birth and password when you sign up (or your Google or Facebook
            account's id and email address if you sign in with one of them); your avatar, username colour, recovery
            email and settings such as hidden balances or a hidden chess username.
          </p>
          <h3>Identity and location verification</h3>
          <p>
            To let you play for money we collect your name, salutation, date of birth, phone number, citizenship country
            and, if requested, a photo of your ID. Before you play or deposit we collect your device’s location
            (coordinates, accuracy, altitude, speed and time) and we look up the region of your IP address.
          </p>
          <h3>Payments</h3>
          <p>
            Deposits and withdrawals are processed by our payment wallet provider; card and bank details are entered
            with the provider. We receive your wallet identifier, balances and a record of each transaction (type,
            amount, status and date), and tax information for US withdrawals above {US_TAX_INFO_THRESHOLD_USD}.
          </p>
          <h3>Gameplay</h3>
          <p>
            Your linked chess platform username and ratings; the games you play, with moves, results and wagers; puzzle
            results; game, lobby and spectator chat; messages to friends and your friends list; and reports and bug
            reports you send, including attached images.
          </p>
          <h3>Presence</h3>
          <p>
            Whether you are online, idle or offline, when that last changed and what you are doing (for example looking
            for a match or playing a game). For visitors who are not signed in we keep only a hashed identifier of the
            browser, to count who is online.
          </p>
          <h3>On your device</h3>
          <p>
            A session cookie keeps you signed in, and your browser stores small preferences such as “don’t show again”
            for the onboarding popup.
          </p>
        </>
      ),
    },
    {
      id: 'use',
      title: 'How we use it',
      body: (
        <ul>
          <li>To run your account, matchmaking, games, puzzles, friends, messages and the leaderboard.</li>
          <li>
            To check that you are at least {MIN_AGE}, that you are who you say you are, that you hold only one account,
            and that you play from a location where play is allowed.
          </li>
          <li>To process deposits and withdrawals and meet our tax and legal obligations.</li>
          <li>
            To keep play fair: your games are analysed for cheating (see <Link to="/security">Combatting Cheating</Link>
            ) and reports are reviewed.
          </li>
          <li>To apply the betting and deposit limits and the self-exclusion you choose.</li>
          <li>To send you service emails such as email verification and password resets, and to answer support.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <ul>
            <li>
              <strong>Other players and visitors</strong> see your username, avatar, username colour, online status and
              activity, games and results, leaderboard winnings and what you write in public chats. You can hide your
              chess platform username.
            </li>
            <li>
              <strong>Our payment wallet provider</strong> receives what it needs to verify your identity and location
              and to move money.
            </li>
            <li>
              <strong>The chess platform</strong> you link receives the moves and chat of the games you play through it.
            </li>
            <li>
              <strong>Authorities</strong>, when the law requires it, for example for tax reporting.
            </li>
          </ul>
          <p>We do not sell your personal information.</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep your information while your account is open. After an account is closed we keep what we need to
          enforce self-exclusion and the one-account rule, and financial and verification records for as long as the law
          requires. Other information is deleted or anonymised when no longer needed.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights and choices',
      body: (
        <>
          <p>
            Depending on where you live, you may ask to access, correct or delete your personal information, or object
            to how we use it. Send your request to {email}; we will confirm your identity before acting on it.
          </p>
          <p>
            You can change your username, avatar, recovery email and password, hide your chess username and balances,
            and close your account in Account Settings.
          </p>
        </>
      ),
    },
    {
      id: 'minors',
      title: 'Minors',
      body: (
        <p>
          {PRODUCT_NAME} is for adults aged {MIN_AGE} or older. We do not knowingly collect information from anyone
          younger; if we learn an account belongs to a minor, we close it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: <p>When we change this policy we update the date at the top of this page.</p>,
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Privacy questions and requests: {email}. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
  ];
}

/** /privacy: the privacy policy (SPEC 2: last updated January 17, 2022). */
export function PrivacyPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  return (
    <DocumentPage
      title="Privacy Policy"
      navLabel="Privacy policy sections"
      intro={
        // One text node, so the whole phrase is findable as is.
        <p className="sp-meta">{`Last updated ${PRIVACY_LAST_UPDATED}`}</p>
      }
      sections={privacySections(supportEmail)}
    />
  );
}
