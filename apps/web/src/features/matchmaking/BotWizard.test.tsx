import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BOT_TEXTS, MATCH_TEXTS } from '@rush/domain';
import type { BotStartRequest } from '@rush/protocol';
import { makeCatalog, refused, startMatchApp } from './testing.tsx';
import { makeGame } from '../play/testing.tsx';
import { makeBotView } from '../bots/testing.ts';

const search = (app: ReturnType<typeof startMatchApp>['app']) =>
  Object.fromEntries(new URLSearchParams(app.location().search));

const radios = (name: string) =>
  within(screen.getByRole('group', { name }))
    .getAllByRole('radio')
    .map((r) => ({ label: r.closest('label')?.textContent ?? '', checked: (r as HTMLInputElement).checked }));

describe('/start bot flow (SPEC 2: bot1, bot2, bot3)', () => {
  test('bot1 lists the bot game types; the query gets its corrected values (wbx, the first wager, Low)', async () => {
    const { app } = startMatchApp('/start?step=bot1&gameType=bot_000001');
    expect(await screen.findByRole('heading', { name: 'Play the Bot', level: 1 })).toBeTruthy();
    expect(radios('Game type')).toEqual([
      { label: '30 Min/Side', checked: true },
      { label: '10 Min/Side', checked: false },
      { label: '15 Min/Side', checked: false },
    ]);
    await waitFor(() =>
      expect(search(app)).toEqual({ step: 'bot1', gameType: 'bot_000001', c: 'wbx', bet: '50', bot: 'low' }),
    );
  });

  test('a USD currency, an unknown bet, type and level are corrected (SPEC 5: bot play only with wbx)', async () => {
    const { app } = startMatchApp('/start?step=bot2&gameType=wmgt_000001&c=usd&bet=5&bot=impossible');
    await waitFor(() =>
      expect(search(app)).toEqual({ step: 'bot2', gameType: 'bot_000001', c: 'wbx', bet: '50', bot: 'low' }),
    );
    expect(await screen.findByText(BOT_TEXTS.rushCoinsOnly)).toBeTruthy();
  });

  test('an inactive bot_000001 falls back to the first active bot type', async () => {
    const catalog = makeCatalog((c) => {
      const first = c.modes.find((m) => m.id === 'bot_000001');
      if (first) first.status = 'inactive';
    });
    const { app } = startMatchApp('/start?step=bot1', { catalog });
    await waitFor(() => expect(search(app).gameType).toBe('bot_000002'));
  });

  test('the bot flag alone opens the bot flow at that level', async () => {
    const { app } = startMatchApp('/start?bot=high');
    expect(await screen.findByRole('heading', { name: 'Play the Bot', level: 1 })).toBeTruthy();
    await waitFor(() => expect(search(app)).toMatchObject({ step: 'bot1', bot: 'high' }));
  });

  test('bot2 shows wagers and the difficulties with their multipliers and what a win pays; Back and Next walk', async () => {
    const { app } = startMatchApp('/start?step=bot1&gameType=bot_000002');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(app).step).toBe('bot2'));
    expect(radios('Difficulty')).toEqual([
      { label: 'Low 1x', checked: true },
      { label: 'Mid 2x', checked: false },
      { label: 'High 3x', checked: false },
    ]);
    // 50 RC against Low: the pot is 100 RC, the 10% fee leaves 90 RC.
    expect(screen.getByText(/A win pays/).textContent).toContain('90.00 RC');
    fireEvent.click(screen.getByRole('radio', { name: 'High 3x' }));
    fireEvent.click(screen.getByRole('radio', { name: '100 RushCoins' }));
    await waitFor(() => expect(search(app)).toMatchObject({ bot: 'high', bet: '100' }));
    // 100 RC against High: the pot is 400 RC, minus 10%: 360 RC.
    await waitFor(() => expect(screen.getByText(/A win pays/).textContent).toContain('360.00 RC'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: BOT_TEXTS.playVsAi })).toBeTruthy();
    expect(screen.getByText('10 Min/Side')).toBeTruthy();
    expect(screen.getByText('High 3x')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(app).step).toBe('bot2'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(app).step).toBe('bot1'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(app)).toMatchObject({ step: '1' }));
    expect(await screen.findByRole('heading', { name: 'Start a match', level: 1 })).toBeTruthy();
  });

  test('the player wizard links to the bot flow', async () => {
    const { app } = startMatchApp('/start');
    fireEvent.click(await screen.findByRole('link', { name: 'Play the Bot' }));
    await waitFor(() => expect(search(app)).toMatchObject({ step: 'bot1', gameType: 'bot_000001' }));
  });

  test('Play vs AI sends startBotGame with the choices and opens /bot-match', async () => {
    const sent: BotStartRequest[] = [];
    const { app } = startMatchApp('/start?step=bot3&gameType=bot_000003&c=wbx&bet=200&bot=mid', {
      routes: {
        'GET /api/bots/current': () => ({ body: { bot: sent.length ? makeBotView() : null } }),
        'POST /api/bots/start': (call) => {
          sent.push(call.body as BotStartRequest);
          return { body: makeBotView() };
        },
        'GET /api/play/games/g-bot': () => ({
          body: makeGame({
            id: 'g-bot',
            mode: 'bot_000003',
            engine: 'black',
            black: { ...makeGame().black, uid: 'bot_mid', username: 'AI Mid' },
          }),
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: BOT_TEXTS.playVsAi }));
    await waitFor(() => expect(app.location().pathname).toBe('/bot-match'));
    expect(sent).toEqual([{ gameType: 'bot_000003', c: 'wbx', bet: 200, level: 'mid' }]);
  });

  test('a second start is refused with the SPEC text', async () => {
    startMatchApp('/start?step=bot3&gameType=bot_000001&c=wbx&bet=50&bot=low', {
      routes: {
        'GET /api/bots/current': () => ({ body: { bot: null } }),
        'POST /api/bots/start': () => ({
          status: 409,
          body: { error: { code: 'CONFLICT', message: BOT_TEXTS.alreadyInMatch } },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: BOT_TEXTS.playVsAi }));
    expect((await screen.findByRole('alert')).textContent).toContain('User is already in a match.');
  });

  test("the house's hourly bound (issue 33) shows its text; a lower bet may be chosen again", async () => {
    startMatchApp('/start?step=bot3&gameType=bot_000001&c=wbx&bet=2500&bot=high', {
      routes: {
        'GET /api/bots/current': () => ({ body: { bot: null } }),
        'POST /api/bots/start': () => refused(BOT_TEXTS.houseLimit, 'house-limit-player'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: BOT_TEXTS.playVsAi }));
    expect((await screen.findByRole('alert')).textContent).toContain(BOT_TEXTS.houseLimit);
    expect(screen.getByRole('button', { name: BOT_TEXTS.playVsAi })).toBeTruthy();
  });

  test('an insufficient balance shows the matchmaking text; a live bot game offers Resume game', async () => {
    startMatchApp('/start?step=bot3&gameType=bot_000001&c=wbx&bet=50&bot=low', {
      routes: {
        'GET /api/bots/current': () => ({ body: { bot: makeBotView() } }),
        'POST /api/bots/start': () => refused(MATCH_TEXTS.insufficientBalance, 'insufficient'),
      },
    });
    expect(await screen.findByRole('link', { name: 'Resume game' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: BOT_TEXTS.playVsAi }));
    expect((await screen.findByRole('alert')).textContent).toContain(MATCH_TEXTS.insufficientBalance);
  });
});
