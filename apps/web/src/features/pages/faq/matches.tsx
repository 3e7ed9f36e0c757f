import type { ReactNode } from 'react';
import { BATTLE_TIMES_MS, CHAT_MAX_LENGTH, ELO_GAP, LOBBY, PRODUCT_NAME, SOLO_RUSH_MS } from '@rush/domain';
import {
  BOT_TIME_CONTROLS,
  HUMAN_GAME_MODES,
  PLATFORM_FEE_PERCENT,
  RC_WAGERS,
  USD_WAGERS,
  listInWords,
} from '../facts.ts';
import type { FaqSection } from '../faqContent.tsx';

/** Whole minutes of a duration in ms, as the FAQ quotes the puzzle clocks. */
const minutes = (ms: number) => String(ms / 60_000);

/** The FAQ's Playing Matches section (SPEC 2). */
export function matchesSection(_email: ReactNode): FaqSection {
  return {
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
            Open your Friends list and press <strong>Challenge</strong> next to an accepted friend, then choose the game
            type and wager. Your friend sees the challenge with its game type and amount and can accept or decline it.
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
              <strong>Casual</strong>: solve puzzles at your own pace; you can undo a wrong move or reveal the solution.
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
  };
}
