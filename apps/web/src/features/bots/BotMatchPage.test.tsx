import { describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { GameEvents, PLAY_TOPICS, type BotGameView, type GameView } from '@rush/protocol';
import { startMatchApp } from '../matchmaking/testing.tsx';
import { makeGame, makePlayer } from '../play/testing.tsx';
import { makeBotView } from './testing.ts';

const bot = makeBotView();

const botGame = (over: Partial<GameView> = {}) =>
  makeGame({
    id: 'g-bot',
    mode: 'bot_000001',
    rated: false,
    engine: 'black',
    black: makePlayer({ uid: 'bot_mid', username: 'AI Mid' }),
    stake: { currency: 'wbx', amount: 10_000, pot: 30_000 },
    ...over,
  });

function openBotMatch(current: BotGameView | null, game = botGame()) {
  const state = { current, game };
  const started = startMatchApp('/bot-match', {
    routes: {
      'GET /api/bots/current': () => ({ body: { bot: state.current } }),
      'GET /api/play/games/g-bot': () => ({ body: state.game }),
      'GET /api/play/current': () => ({ body: { game: state.current ? state.game : null } }),
      'POST /api/bots/abort': () => ({ body: { ok: true } }),
    },
  });
  return { ...started, botState: state };
}

describe('/bot-match', () => {
  test('the game against the bot: its terms, Abort through abortBotGame, and no offers, chat or report', async () => {
    const { api } = openBotMatch(bot);
    expect(await screen.findByRole('region', { name: 'Game: alice versus AI Mid' })).toBeTruthy();
    const terms = screen.getByLabelText('Bot game terms');
    expect(terms.textContent).toContain('Difficulty: Mid 2x');
    expect(terms.textContent).toContain('Wager: 100.00 RC');
    expect(screen.getByTestId('bot-win-pays').textContent).toBe('270.00 RC');
    expect(screen.queryByRole('button', { name: 'Offer draw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Takeback' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abort' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/bots/abort')).toHaveLength(1));
  });

  test('a finished game stays with Play again (the same choices at bot3) after the server forgets it', async () => {
    const { app, botState, connect } = openBotMatch(bot);
    await screen.findByRole('region', { name: 'Game: alice versus AI Mid' });
    const socket = await connect();
    botState.current = null;
    botState.game = botGame({
      status: 'resign',
      statusText: 'Resigned',
      winner: 'black',
      resultTitle: 'Unlucky',
      version: 2,
    });
    act(() =>
      socket.receive({
        t: 'ev',
        topic: PLAY_TOPICS.game('g-bot'),
        v: 99,
        type: GameEvents.ended,
        data: { gameId: 'g-bot', version: 2 },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Play again' }));
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(Object.fromEntries(new URLSearchParams(app.location().search))).toEqual({
      step: 'bot3',
      gameType: 'bot_000001',
      c: 'wbx',
      bet: '100',
      bot: 'mid',
    });
  });

  test('with no bot game: the bot flow', async () => {
    const { app } = openBotMatch(null);
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(new URLSearchParams(app.location().search).get('step')).toBe('bot1');
  });

  test('/match with a game against the bot goes to /bot-match', async () => {
    const { app } = openBotMatch(bot);
    await screen.findByRole('region', { name: 'Game: alice versus AI Mid' });
    act(() => void app.router.navigate('/match'));
    await waitFor(() => expect(app.location().pathname).toBe('/bot-match'));
  });
});
