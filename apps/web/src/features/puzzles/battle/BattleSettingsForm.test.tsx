import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MATCH_TEXTS, PUZZLE_TEXTS } from '@rush/domain';
import { withSandboxMark } from '../../../test/sandbox.ts';
import { stubGeolocation } from '../../wallet/testing.ts';
import { makeOptions } from '../../matchmaking/testing.tsx';
import { CREATE_ERROR_MS } from './BattleSettingsForm.tsx';
import { makeLobby, search, startBattleApp } from './testing.tsx';

afterEach(() => vi.useRealTimers());

const createRoute = (lobby = makeLobby({ code: 'K7Q2' })) => ({
  'POST /api/puzzles/lobbies': () => ({ status: 201, body: lobby }),
});

/** The route's module loads lazily: the first render may take a moment. */
const settingsPage = () => screen.findByRole('heading', { name: 'Battle settings' }, { timeout: 5000 });

const settingsOf = (api: ReturnType<typeof startBattleApp>['api']) =>
  (api.callsTo('POST', '/api/puzzles/lobbies')[0]?.body as { settings: Record<string, unknown> } | undefined)?.settings;

describe('battle settings (battleStep=2)', () => {
  test('defaults are sent as the contract wants them: time in ms, integer whole-unit stake, pool', async () => {
    const { api, app, urls } = startBattleApp('/puzzle-game/battle?battleStep=2', { routes: createRoute() });
    await settingsPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(search(app)).toEqual({ lobby: 'L1' }));
    expect(settingsOf(api)).toEqual({
      difficulty: 'normal',
      theme: 'healthyMix',
      time: 180_000,
      privacy: 'public',
      maxParticipants: 8,
      prizeMode: 'pool',
      stakesCurrency: 'wbx',
      stakesAmount: 50,
    });
    // SPEC 5: the amounts are the user's allowed wagers for wmgt_000001.
    expect(urls()).toContain('/api/matchmaking/options?gameType=wmgt_000001');
    // The owner lands in the waiting room and sees the private code from the answer.
    expect(await screen.findByText('K7Q2')).toBeTruthy();
  });

  test('each choice is sent: difficulty, theme, 1/3/5 minutes as ms, privacy, max players 2-8', async () => {
    const { api } = startBattleApp('/puzzle-game/battle?battleStep=2', { routes: createRoute() });
    const times = within(await screen.findByRole('group', { name: 'Time' })).getAllByRole('radio');
    expect(times.map((r) => r.closest('label')?.textContent)).toEqual(['1 minute', '3 minutes', '5 minutes']);
    const max = screen.getByLabelText<HTMLSelectElement>('Max players');
    expect([...max.options].map((o) => o.value)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'hardest' } });
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'backRankMate' } });
    fireEvent.click(screen.getByRole('radio', { name: '5 minutes' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Private' }));
    fireEvent.change(max, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('radio', { name: '500 RushCoins' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(settingsOf(api)).toBeDefined());
    expect(settingsOf(api)).toMatchObject({
      difficulty: 'hardest',
      theme: 'backRankMate',
      time: 300_000,
      privacy: 'private',
      maxParticipants: 4,
      stakesAmount: 500,
    });
  });

  test('the prize mode is fixed to pool for players; content creators may pick giveaway', async () => {
    const first = startBattleApp('/puzzle-game/battle?battleStep=2');
    expect(await screen.findByText('Prize mode:')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Giveaway' })).toBeNull();
    first.app.unmount();

    const { api } = startBattleApp('/puzzle-game/battle?battleStep=2', {
      options: makeOptions({ contentCreator: true }),
      routes: createRoute(),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Giveaway' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(settingsOf(api)?.prizeMode).toBe('giveaway'));
  });

  test('stakes come from the options: refused amounts are disabled with their reason; USD sends the location', async () => {
    const options = makeOptions({}, [1, 5, 10]);
    options.wagers.usd[2]!.refusal = { code: 'minGames', message: 'Play more games at lower wagers first.' };
    stubGeolocation();
    const { api } = startBattleApp('/puzzle-game/battle?battleStep=2', { options, routes: createRoute() });
    fireEvent.click(await screen.findByRole('button', { name: 'USD' }));
    const amounts = within(screen.getByRole('group', { name: 'Amount in USD' })).getAllByRole('radio');
    expect(amounts.map((r) => r.closest('label')?.querySelector('span')?.textContent)).toEqual([
      'USD $1',
      'USD $5',
      'USD $10',
    ]);
    const refused = screen.getByRole('radio', { name: withSandboxMark('USD $10') });
    expect((refused as HTMLInputElement).disabled).toBe(true);
    expect(refused.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Play more games at lower wagers first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: withSandboxMark('USD $5') }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(settingsOf(api)).toBeDefined());
    const body = api.callsTo('POST', '/api/puzzles/lobbies')[0]?.body as Record<string, unknown>;
    expect(body.settings).toMatchObject({ stakesCurrency: 'usd', stakesAmount: 5 });
    expect(body.deviceGps).toMatchObject({ latitude: 40.71, longitude: -74 });
  });

  test('no allowed amount: nothing is sent and the stake text shows', async () => {
    const options = makeOptions();
    for (const o of options.wagers.wbx) o.refusal = { code: 'balance', message: 'No balance.' };
    const { api } = startBattleApp('/puzzle-game/battle?battleStep=2', { options, routes: createRoute() });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUZZLE_TEXTS.stakeRequired);
    expect(api.callsTo('POST', '/api/puzzles/lobbies')).toHaveLength(0);
  });

  test('no funds to play with: the notice offers the way to the wallet, as the Play step does (issue 36)', async () => {
    const options = makeOptions({ account: { code: 'noBalance', message: MATCH_TEXTS.noBalance } });
    startBattleApp('/puzzle-game/battle?battleStep=2', { options, routes: createRoute() });
    await settingsPage();
    const notice = screen.getByText(MATCH_TEXTS.noBalance).closest('.match-refusal') as HTMLElement;
    expect(notice).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Go to Wallet' }).getAttribute('href')).toBe('/wallet');
  });

  test('a creation failure shows above the form for 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startBattleApp('/puzzle-game/battle?battleStep=2', {
      routes: {
        'POST /api/puzzles/lobbies': () => ({
          status: 409,
          body: { error: { code: 'CONFLICT', message: PUZZLE_TEXTS.alreadyInLobby } },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const banner = await screen.findByText(PUZZLE_TEXTS.alreadyInLobby);
    // Above the form: the banner comes before the form in the document.
    const form = document.querySelector('form.battle-settings')!;
    expect(banner.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Let React run the effect that starts the 4 s (its scheduler runs on the faked timers).
    await act(async () => {});
    act(() => void vi.advanceTimersByTime(CREATE_ERROR_MS - 500));
    expect(screen.getByText(PUZZLE_TEXTS.alreadyInLobby)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(600));
    expect(screen.queryByText(PUZZLE_TEXTS.alreadyInLobby)).toBeNull();
  });
});
