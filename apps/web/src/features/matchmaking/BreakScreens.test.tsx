import { describe, expect, test, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { BOT_TEXTS, TEXTS } from '@rush/domain';
import { makeMe } from '../../test/fakes.ts';
import { makeChallenge, startMatchApp } from './testing.tsx';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Issue 37: every screen that would start a game shows a running break with its end and starts nothing. */
const UNTIL = '2999-06-30T12:00:00.000Z';
const TEXT = TEXTS.coolOffActive('2999/06/30 12:00 UTC');
const onBreak = () => makeMe({ chessUsername: 'alice', coolOffUntil: UNTIL });

describe('a break on the screens that start games', () => {
  test('Find Match and Play vs AI are disabled, with the break and its end', async () => {
    startMatchApp('/start?step=3', { me: onBreak() });
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect((await screen.findByRole('button', { name: 'Find Match' })).hasAttribute('disabled')).toBe(true);
  });

  test('the bot wizard', async () => {
    startMatchApp('/start?step=bot3&gameType=bot_000001&c=wbx&bet=50&bot=low', {
      me: onBreak(),
      routes: { 'GET /api/bots/current': () => ({ body: { bot: null } }) },
    });
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect((await screen.findByRole('button', { name: BOT_TEXTS.playVsAi })).hasAttribute('disabled')).toBe(true);
  });

  test("a challenge card's Accept", async () => {
    startMatchApp('/wallet', { me: onBreak(), challenges: { incoming: [makeChallenge()], outgoing: [] } });
    const card = await screen.findByRole('region', { name: 'Challenge' });
    expect(await within(card).findByText(TEXT)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(true);
  });

  test('no break: Find Match is there to press', async () => {
    startMatchApp('/start?step=3');
    expect((await screen.findByRole('button', { name: 'Find Match' })).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(TEXT)).toBeNull();
  });
});
