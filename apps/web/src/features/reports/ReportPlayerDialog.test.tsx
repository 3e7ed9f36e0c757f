import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_CONFIRM_MS, SOCIAL_TEXTS } from '@rush/domain';
import { SOCIAL_ROUTES, type GameView } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { mockApi } from '../../test/render.tsx';
import { GameScreen, useLiveGame } from '../play/index.ts';
import { foolsMateSetup, makeGame, renderWithPlay } from '../play/testing.tsx';
import { SpectatePage } from '../spectate/index.ts';
import { ReportPlayerDialog } from './ReportPlayerDialog.tsx';

afterEach(() => vi.useRealTimers());

type Reply = { status?: number; body?: unknown };

/** The spectator screen of g1, seen by one of its players (alice, u1) unless `me` says otherwise. */
function watch(view: GameView, reply: Reply = { body: { ok: true } }, me = makeMe()) {
  const api = mockApi({
    me,
    routes: {
      'GET /api/play/games/g1': () => ({ body: view }),
      [`POST ${SOCIAL_ROUTES.playerReport}`]: () => reply,
    },
  });
  const r = renderWithPlay(<SpectatePage />, { path: '/tv/g1', route: '/tv/:id' });
  r.connect();
  return { ...r, api };
}

function GameHarness({ id }: { id: string }) {
  const game = useLiveGame(id);
  return game.data ? <GameScreen game={game.data} /> : null;
}

/** The report buttons wait for the session; the first render of the board is slow when cold. */
const reportButton = (name: string) => screen.findByRole('button', { name }, { timeout: 5000 });

const dialog = () => screen.queryByRole('dialog', { name: SOCIAL_TEXTS.reportOpponent });

/** Opens the report: its dialog loads on the first click (ReportOpponentButton). */
async function openReport() {
  fireEvent.click(await reportButton(SOCIAL_TEXTS.reportOpponent));
  await screen.findByRole('dialog', { name: SOCIAL_TEXTS.reportOpponent });
}
const reason = () => within(dialog()!).getByLabelText('Reason');

describe('player report from the spectator screen', () => {
  test('a spectator gets no report button: only the players of a game may report', async () => {
    const { api } = watch(foolsMateSetup({ you: null }), undefined, makeMe({ uid: 'u9', username: 'viewer' }));
    await screen.findByRole('group', { name: 'Chess board' });
    await waitFor(() => expect(api.callsTo('GET', '/api/session')).not.toHaveLength(0));
    // Give the session time to reach the page (before issue 10 a button per player showed here).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryAllByRole('button', { name: /^Report/ })).toHaveLength(0);
  });

  test('a player watching their game reports the opponent: the reason, the game and the page', async () => {
    const { api } = watch(foolsMateSetup({ you: null }));
    await openReport();
    expect(screen.getAllByRole('button', { name: /^Report/ })).toHaveLength(1);
    expect(within(dialog()!).getByText('Reporting bob')).toBeTruthy();
    fireEvent.change(reason(), { target: { value: '  engine moves  ' } });
    expect(within(dialog()!).getByTestId('reason-count').textContent).toBe('16/120');
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    await waitFor(() => expect(api.callsTo('POST', SOCIAL_ROUTES.playerReport)).toHaveLength(1));
    expect(api.callsTo('POST', SOCIAL_ROUTES.playerReport)[0]?.body).toEqual({
      uid: 'u2',
      text: 'engine moves',
      gameId: 'g1',
      url: '/tv/g1',
    });
  });

  test('"Report sent / Thank you for feedback!" for 2 s, then the dialog closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    watch(foolsMateSetup({ you: null }));
    await openReport();
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    const status = await within(dialog()!).findByRole('status');
    expect(status.textContent).toBe(`${SOCIAL_TEXTS.reportSent}${SOCIAL_TEXTS.thankYou}`);
    // Let the effect that starts the 2 s timer run.
    await act(async () => {});
    act(() => {
      vi.advanceTimersByTime(REPORT_CONFIRM_MS - 200);
    });
    expect(dialog()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(dialog()).toBeNull();
  });

  test('a reason over 120 characters is refused with its text and not sent', async () => {
    const { api } = watch(foolsMateSetup({ you: null }));
    await openReport();
    fireEvent.change(reason(), { target: { value: 'x'.repeat(121) } });
    expect(within(dialog()!).getByTestId('reason-count').textContent).toBe('121/120');
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    expect(within(dialog()!).getByRole('alert').textContent).toBe(SOCIAL_TEXTS.reportReasonTooLong);
    expect(api.callsTo('POST', SOCIAL_ROUTES.playerReport)).toHaveLength(0);
  });

  test("the server's message shows when it refuses; the dialog stays", async () => {
    watch(foolsMateSetup({ you: null }), {
      status: 429,
      body: { error: { code: 'TOO_SOON', message: 'Please wait before reporting again.' } },
    });
    await openReport();
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    expect((await within(dialog()!).findByRole('alert')).textContent).toBe('Please wait before reporting again.');
  });

  test('visitors get no report buttons', async () => {
    mockApi({ me: null, routes: { 'GET /api/play/games/g1': () => ({ body: foolsMateSetup({ you: null }) }) } });
    renderWithPlay(<SpectatePage />, { path: '/tv/g1', route: '/tv/:id' }).connect();
    await screen.findByRole('group', { name: 'Chess board' });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Report / })).toHaveLength(0));
  });
});

describe('player report from the game screen', () => {
  test('"Report opponent" reports the other player, never oneself', async () => {
    const view = makeGame();
    const api = mockApi({
      me: makeMe(),
      routes: {
        'GET /api/play/games/g1': () => ({ body: view }),
        [`POST ${SOCIAL_ROUTES.playerReport}`]: () => ({ body: { ok: true } }),
      },
    });
    renderWithPlay(<GameHarness id={view.id} />, { path: '/match', games: [view] }).connect();
    await openReport();
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    await waitFor(() => expect(api.callsTo('POST', SOCIAL_ROUTES.playerReport)).toHaveLength(1));
    expect(api.callsTo('POST', SOCIAL_ROUTES.playerReport)[0]?.body).toEqual({
      uid: 'u2',
      text: '',
      gameId: view.id,
      url: '/match',
    });
  });
});

describe('player report dialog', () => {
  test('nothing is sent without a target uid', () => {
    const api = mockApi({ me: makeMe() });
    const onClose = vi.fn();
    renderWithPlay(
      <ReportPlayerDialog reporter="u1" target={{ uid: null, username: 'nobody' }} gameId="g1" onClose={onClose} />,
    );
    fireEvent.change(reason(), { target: { value: 'cheater' } });
    fireEvent.click(within(dialog()!).getByRole('button', { name: SOCIAL_TEXTS.send }));
    expect(within(dialog()!).getByRole('alert').textContent).toBe(SOCIAL_TEXTS.reportNoTarget);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
