import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BATTLE_TIMES_MS,
  BUG_DESCRIPTION_MIN,
  BUG_IMAGES_MAX,
  CHAT_MAX_LENGTH,
  ELO_GAP,
  LEADERBOARD_PAGE_SIZE,
  LOBBY,
  MIN_AGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRODUCT_NAME,
  REWARD_LIMITS,
  SOLO_RUSH_MS,
  USERNAME_COLORS,
  USERNAME_MAX,
  USERNAME_MIN,
  WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS,
} from '@rush/domain';
import { SupportEmailLink } from './SupportEmailLink.tsx';
import {
  BOT_TIME_CONTROLS,
  CANADA_DEPOSIT_FEE,
  CANADA_WITHDRAWAL_FEE,
  CASH_PLAY_REFUSED_STATES,
  DEPOSIT_MAX_PER_MONTH_USD,
  DEPOSIT_MIN_USD,
  DEPOSIT_PRESETS_USD,
  HUMAN_GAME_MODES,
  PLATFORM_FEE_PERCENT,
  RC_REWARD_TEXTS,
  RC_WAGERS,
  US_TAX_INFO_THRESHOLD_USD,
  USD_WAGERS,
  listInWords,
} from './facts.ts';

/** Whole minutes of a duration in ms, as the FAQ quotes the puzzle clocks. */
const minutes = (ms: number) => String(ms / 60_000);

/** Section ids are URL anchors: SPEC routes name /support#wagerbucks. */
export const FAQ_SECTION_IDS = [
  'general',
  'deposits-withdrawals',
  'playing-matches',
  'profile-settings',
  'wagerbucks',
] as const;
export type FaqSectionId = (typeof FAQ_SECTION_IDS)[number];

export function isFaqSectionId(id: string): id is FaqSectionId {
  return (FAQ_SECTION_IDS as readonly string[]).includes(id);
}

export interface FaqItem {
  /** Unique within the page; the accordion derives its element ids from it. */
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  id: FaqSectionId;
  title: string;
  items: readonly FaqItem[];
}

/** The Support FAQ (SPEC 2: five sections), with the support address filled in. */
export function faqSections(supportEmail: string): readonly FaqSection[] {
  const email = <SupportEmailLink email={supportEmail} />;
  return [
    {
      id: 'general',
      title: 'General',
      items: [
        {
          id: 'what-is',
          question: `What is ${PRODUCT_NAME}?`,
          answer: (
            <p>
              {PRODUCT_NAME} is a head-to-head chess platform. You play 1 vs 1 games for US dollars or for RushCoins
              (RC), our virtual currency, against other players or a bot. There are also puzzle modes (Casual, Solo
              Puzzle Rush and Battle Puzzle Rush), a leaderboard, friends and messages, and live games you can spectate
              with chat.
            </p>
          ),
        },
        {
          id: 'who-can-play',
          question: 'Who can play?',
          answer: (
            <>
              <p>
                Adults aged {MIN_AGE} or older in the United States and Canada. Cash play is not available in{' '}
                {listInWords(CASH_PLAY_REFUSED_STATES)}. If you are under the age of majority where you live, you can
                play for RushCoins only.
              </p>
              <p>Location services must be turned on to play or to deposit.</p>
            </>
          ),
        },
        {
          id: 'chess-account',
          question: 'Why do I need to link a chess account?',
          answer: (
            <p>
              Games are played through your account on an external chess platform (Lichess), so you need an active
              account there and must link it to {PRODUCT_NAME} before playing. Choose carefully: the link cannot be
              changed later, and each person may link one chess account for life.
            </p>
          ),
        },
        {
          id: 'one-account',
          question: 'Can I have more than one account?',
          answer: (
            <p>
              No. Each person may hold one {PRODUCT_NAME} account. If we find that you already have one, you will be
              asked to sign in to it instead; if you believe this is in error, contact {email}.
            </p>
          ),
        },
        {
          id: 'paused',
          question: 'Why can’t I start a new game right now?',
          answer: (
            <p>
              New games are occasionally paused, for example during maintenance. An announcement then tells you what is
              happening and when play is expected to return. Games already in progress are not affected by the pause.
            </p>
          ),
        },
        {
          id: 'bug-report',
          question: 'How do I report a bug?',
          answer: (
            <p>
              Use <strong>Report a Bug</strong> in the footer. Give it a title, the platform you use (browser or device)
              and a description of at least {BUG_DESCRIPTION_MIN} characters; you can attach up to {BUG_IMAGES_MAX}{' '}
              images (PNG or JPEG). You do not need to be logged in.
            </p>
          ),
        },
        {
          id: 'contact',
          question: 'How do I contact support?',
          answer: <p>Email {email}. Include your username and, for a game, the date and opponent.</p>,
        },
      ],
    },
    {
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
                account with our payment wallet provider using your email, a +1 phone number and your first and last
                name; a code is sent to your phone by SMS to confirm it.
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
              Players in the United States must provide tax information for withdrawals above{' '}
              {US_TAX_INFO_THRESHOLD_USD}.
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
      ],
    },
    {
      id: 'playing-matches',
      title: 'Playing Matches',
      items: [
        {
          id: 'start-match',
          question: 'How do I start a match?',
          answer: (
            <>
              <p>
                Press <strong>Play 1 vs 1</strong> or <strong>Play Now</strong>. Pick a game type (
                {listInWords(HUMAN_GAME_MODES)}), then your wager, then <strong>Find Match</strong> to be paired with an
                opponent or <strong>Play With Friend</strong> to challenge someone you know.
              </p>
              <p>
                Both players accept the match, then the game starts. You can solve casual puzzles while you wait for an
                opponent.
              </p>
            </>
          ),
        },
        {
          id: 'wagers',
          question: 'What can I wager?',
          answer: (
            <p>
              Cash games: {listInWords(USD_WAGERS)}. RushCoin games: {listInWords(RC_WAGERS)} RC. Cash play needs a
              verified wallet with funds, and cash wagers at or above your personal betting limit are hidden.
            </p>
          ),
        },
        {
          id: 'fee',
          question: 'What is the fee?',
          answer: (
            <p>
              {PRODUCT_NAME} keeps a fee of {PLATFORM_FEE_PERCENT}% of the winner’s pot. Entry fees are non-refundable,
              except that the entries to a cancelled match are refunded.
            </p>
          ),
        },
        {
          id: 'wager-ladder',
          question: 'Why are higher wagers locked?',
          answer: (
            <p>
              Wagers work as a ladder: to unlock a higher wager you first play a set number of games at the wager below
              it. Keep playing at your current level and the next one opens.
            </p>
          ),
        },
        {
          id: 'provisional',
          question: 'Why can’t I play for cash in a game type?',
          answer: (
            <p>
              If your rating for that game type on the chess platform is still provisional, cash games in that type are
              blocked. Play more rated games on the chess platform until your rating is no longer provisional, then try
              again. RushCoin games stay open.
            </p>
          ),
        },
        {
          id: 'elo-gap',
          question: 'Why can’t I join a player from the online list?',
          answer: (
            <p>
              Public matchmaking only pairs players whose ratings are less than {ELO_GAP} points apart. To play someone
              further away, send them a friend request and challenge them directly.
            </p>
          ),
        },
        {
          id: 'challenge-friend',
          question: 'How do I challenge a friend?',
          answer: (
            <p>
              Open your Friends list and press <strong>Challenge</strong> next to an accepted friend, then choose the
              game type and wager. Your friend sees the challenge with its game type and amount and can accept or
              decline it.
            </p>
          ),
        },
        {
          id: 'bot',
          question: 'Can I play against a bot?',
          answer: (
            <p>
              Yes, for RushCoins only. Choose a time control ({listInWords(BOT_TIME_CONTROLS)} minutes per side), your
              wager and a difficulty; the difficulty sets the multiplier (Low 1x, Mid 2x, High 3x).
            </p>
          ),
        },
        {
          id: 'in-game',
          question: 'Can I abort, offer a draw or ask for a takeback?',
          answer: (
            <p>
              Before two moves have been played you can abort; after that the button becomes Resign, and draw offers and
              takeback requests become available. When the game ends you can offer a rematch.
            </p>
          ),
        },
        {
          id: 'puzzles',
          question: 'How do the puzzle games work?',
          answer: (
            <ul>
              <li>
                <strong>Casual</strong>: solve puzzles at your own pace; you can undo a wrong move or reveal the
                solution.
              </li>
              <li>
                <strong>Solo Puzzle Rush</strong>: solve as many puzzles as you can in {minutes(SOLO_RUSH_MS)} minutes;
                one wrong move moves you to the next puzzle.
              </li>
              <li>
                <strong>Battle Puzzle Rush</strong>: {LOBBY.maxPlayersMin} to {LOBBY.maxPlayersMax} players race for{' '}
                {listInWords(BATTLE_TIMES_MS.map(minutes), 'or')} minutes for a prize. A lobby starts when its owner
                starts it or automatically after {LOBBY.autoStartMs / 1000} seconds.
              </li>
            </ul>
          ),
        },
        {
          id: 'spectate',
          question: 'Can other people watch my games?',
          answer: (
            <p>
              Yes. Ongoing games can be spectated, with a live chat beside the board. Be respectful: chat messages are
              limited to {CHAT_MAX_LENGTH} characters and repeated messages are blocked.
            </p>
          ),
        },
      ],
    },
    {
      id: 'profile-settings',
      title: 'Profile Settings',
      items: [
        {
          id: 'username',
          question: 'Can I change my username?',
          answer: (
            <p>
              Yes, under Account Settings &gt; General. Usernames are {USERNAME_MIN}–{USERNAME_MAX} characters when you
              register (at most {USERNAME_MAX} when you change it), start with a letter, use only letters, digits and
              hyphens, and must not already be taken.
            </p>
          ),
        },
        {
          id: 'avatar-colour',
          question: 'How do I change my avatar or username colour?',
          answer: (
            <p>
              Under Account Settings &gt; General. Avatars can be PNG or JPEG images. Your username can be shown in one
              of five colours: {listInWords(USERNAME_COLORS.map((c) => c.name))}.
            </p>
          ),
        },
        {
          id: 'hide-chess-name',
          question: 'Can I hide my chess platform username?',
          answer: (
            <p>
              Yes. Tick <strong>Hide Lichess username</strong> under Account Settings &gt; General and it is shown as
              asterisks. The linked account itself cannot be changed.
            </p>
          ),
        },
        {
          id: 'password',
          question: 'How do I change my password or recovery email?',
          answer: (
            <p>
              Under Account Settings &gt; Security. A password is {PASSWORD_MIN}–{PASSWORD_MAX} characters with at least
              one capital letter, one number and one symbol. Forgot it? Use{' '}
              <Link to="/forgot-password">Forgot password</Link> and check your spam folder for the email.
            </p>
          ),
        },
        {
          id: 'balances',
          question: 'Can I hide my balances?',
          answer: (
            <p>
              Yes. Each balance in the header (USD and RC) has its own show/hide control; a hidden balance shows “-”.
            </p>
          ),
        },
        {
          id: 'self-limits',
          question: 'How do I limit my betting or deposits?',
          answer: (
            <p>
              Under Account Settings &gt; Gaming, set a maximum and an expiration date for betting or for deposits, then
              press Apply. A limit cannot be undone until it expires.
            </p>
          ),
        },
        {
          id: 'self-exclusion',
          question: 'How do I close my account (self-exclusion)?',
          answer: (
            <p>
              Under Account Settings &gt; Gaming, choose self-exclusion. This closes your account permanently and cannot
              be undone. If you need help with your gaming, contact {email}.
            </p>
          ),
        },
      ],
    },
    {
      id: 'wagerbucks',
      title: 'RushCoins/Cosmetics/Achievements',
      items: [
        {
          id: 'what-rc',
          question: 'What are RushCoins?',
          answer: (
            <p>
              RushCoins (RC) are {PRODUCT_NAME}’s virtual currency. You can wager them in matches, bot games and puzzle
              battles. They have no cash value and cannot be exchanged for money.
            </p>
          ),
        },
        {
          id: 'earn-rc',
          question: 'How do I earn RushCoins?',
          answer: (
            <>
              <ul>
                <li>{RC_REWARD_TEXTS.linkAccount} for linking your chess account</li>
                <li>{RC_REWARD_TEXTS.perGame} for every game you play</li>
                <li>a {RC_REWARD_TEXTS.winBonus} bonus when you win</li>
                <li>{RC_REWARD_TEXTS.firstGameOfDay} for your first game of the day</li>
                <li>plus whatever you win in RushCoin wagers</li>
              </ul>
              <p>
                A game earns these rewards when it is a real game: not aborted, with at least{' '}
                {REWARD_LIMITS.minMovesEach} moves by each player. You earn them for up to {REWARD_LIMITS.gamesPerDay}{' '}
                games a day (UTC), at most {REWARD_LIMITS.gamesPerPairPerDay} of them against the same opponent. While a
                game's result is under review, its rewards wait with its payout.
              </p>
            </>
          ),
        },
        {
          id: 'out-of-rc',
          question: 'What if I run out of RushCoins?',
          answer: (
            <p>
              When you are out of coins your balance is topped up with {RC_REWARD_TEXTS.outOfCoinsTopUp} so you can keep
              playing.
            </p>
          ),
        },
        {
          id: 'cosmetics',
          question: 'What cosmetics are there?',
          answer: (
            <p>
              You can personalise your profile with an avatar and one of five username colours, chosen under Account
              Settings &gt; General.
            </p>
          ),
        },
        {
          id: 'achievements',
          question: 'Where are achievements shown?',
          answer: (
            <p>
              On the <Link to="/leaderboard">Leaderboard</Link>, which ranks players by Total Dollars Won or Total
              RushCoins Won, all time, {LEADERBOARD_PAGE_SIZE} per page. The top three wear medals.
            </p>
          ),
        },
      ],
    },
  ];
}
