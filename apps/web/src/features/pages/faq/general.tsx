import type { ReactNode } from 'react';
import { BUG_DESCRIPTION_MIN, BUG_IMAGES_MAX, MIN_AGE, PRODUCT_NAME } from '@rush/domain';
import { CASH_PLAY_REFUSED_STATES, listInWords } from '../facts.ts';
import type { FaqSection } from '../faqContent.tsx';

/** The FAQ's General section (SPEC 2). */
export function generalSection(email: ReactNode): FaqSection {
  return {
    id: 'general',
    title: 'General',
    items: [
      {
        id: 'what-is',
        question: `What is ${PRODUCT_NAME}?`,
        answer: (
          <p>
            {PRODUCT_NAME} is a head-to-head chess platform. You play 1 vs 1 games for US dollars or for RushCoins (RC),
            our virtual currency, against other players or a bot. There are also puzzle modes (Casual, Solo Puzzle Rush
            and Battle Puzzle Rush), a leaderboard, friends and messages, and live games you can spectate with chat.
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
              {listInWords(CASH_PLAY_REFUSED_STATES)}. If you are under the age of majority where you live, you can play
              for RushCoins only.
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
            Games are played through your account on an external chess platform (Lichess), so you need an active account
            there and must link it to {PRODUCT_NAME} before playing. Choose carefully: the link cannot be changed later,
            and each person may link one chess account for life.
          </p>
        ),
      },
      {
        id: 'one-account',
        question: 'Can I have more than one account?',
        answer: (
          <p>
            No. Each person may hold one {PRODUCT_NAME} account. If we find that you already have one, you will be asked
            to sign in to it instead; if you believe this is in error, contact {email}.
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
            and a description of at least {BUG_DESCRIPTION_MIN} characters; you can attach up to {BUG_IMAGES_MAX} images
            (PNG or JPEG). You do not need to be logged in.
          </p>
        ),
      },
      {
        id: 'contact',
        question: 'How do I contact support?',
        answer: <p>Email {email}. Include your username and, for a game, the date and opponent.</p>,
      },
    ],
  };
}
