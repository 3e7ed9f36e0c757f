import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_COLORS, USERNAME_MAX, USERNAME_MIN } from '@rush/domain';
import { listInWords } from '../facts.ts';
import type { FaqSection } from '../faqContent.tsx';

/** The FAQ's Profile Settings section (SPEC 2). */
export function profileSection(email: ReactNode): FaqSection {
  return {
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
            Under Account Settings &gt; General. Avatars can be PNG or JPEG images. Your username can be shown in one of
            five colours: {listInWords(USERNAME_COLORS.map((c) => c.name))}.
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
          <p>Yes. Each balance in the header (USD and RC) has its own show/hide control; a hidden balance shows “-”.</p>
        ),
      },
      {
        id: 'reality-check',
        question: 'What is the reality check?',
        answer: (
          <>
            <p>
              While you play, a reminder pops up every so often to show how long you have been playing this session and
              how much you are up or down in each currency (USD and RC) from your games since the session began. It
              never interrupts a game: if it comes due during one, it waits until the game is over.
            </p>
            <p>
              Choose Continue to keep playing, Set a limit to limit your betting, or Take a break to step away. A new
              session starts when you come back after 30 minutes or more away. Under Account Settings &gt; Gaming you
              can choose every 15, 30 or 60 minutes (60 is the default), or turn it off. With several tabs open you only
              answer it once.
            </p>
          </>
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
        id: 'take-a-break',
        question: 'Can I take a break from playing for money?',
        answer: (
          <p>
            Yes. Under Account Settings &gt; Gaming, choose Take a break for 24 hours, 7 days or 30 days. Until it ends
            you cannot start games for money (matches, challenges, puzzle battles or bot games) or make deposits, but
            you can still withdraw. The end time shows at the top of the site. A break cannot be shortened; you can only
            choose a longer one.
          </p>
        ),
      },
      {
        id: 'loss-limits',
        question: 'How do loss limits work?',
        answer: (
          <p>
            Under Account Settings &gt; Gaming, set how much you are willing to lose in a day, a week (Monday to Sunday)
            or a month, separately for US dollars and RushCoins. Your loss is what you staked minus what you won back,
            counted in UTC. Before each game the whole stake is counted as if you lost it, so a game that could take you
            past a limit does not start. Lowering a limit works at once; raising or removing one takes effect 24 hours
            later.
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
  };
}
