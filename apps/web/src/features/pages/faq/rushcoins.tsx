import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LEADERBOARD_PAGE_SIZE, PRODUCT_NAME, REWARD_LIMITS } from '@rush/domain';
import { RC_REWARD_TEXTS } from '../facts.ts';
import type { FaqSection } from '../faqContent.tsx';

/** The FAQ's RushCoins/Cosmetics/Achievements section (SPEC 2). */
export function rushCoinsSection(_email: ReactNode): FaqSection {
  return {
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
              A game earns these rewards when it is a real game: not aborted, with at least {REWARD_LIMITS.minMovesEach}{' '}
              moves by each player. You earn them for up to {REWARD_LIMITS.gamesPerDay} games a day (UTC), at most{' '}
              {REWARD_LIMITS.gamesPerPairPerDay} of them against the same opponent. While a game's result is under
              review, its rewards wait with its payout.
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
  };
}
