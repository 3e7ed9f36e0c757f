import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { FAIRPLAY_TEXTS, PLAY_TEXTS } from '@rush/domain';
import type { GameAnalysisResponse, GameView } from '@rush/protocol';
import { makeMe, makeSideFigures } from '../../test/fakes.ts';
import { mockApi, type Handler } from '../../test/render.tsx';
import { foolsMateSetup, renderWithPlay } from '../play/testing.tsx';
import { SpectatePage } from '../spectate/index.ts';
import { ANALYSIS_POLL_MS } from './AnalysisPanel.tsx';
import type { EvalChartProps } from './EvalChart.tsx';
import { ANALYSIS_TEXTS, formatEval, moveNumber } from './labels.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.useRealTimers());

// jsdom has no canvas: the uPlot module is replaced by a stand-in that shows what it was given
// and lets the test pick a point, as a click on the graph does.
vi.mock('./EvalChart.tsx', () => ({
  EvalChart: ({ evals, selectedPly, onSelectPly }: EvalChartProps) => (
    <div data-testid="eval-chart">
      <p>
        evals {evals.join(',')} at {selectedPly}
      </p>
      <button type="button" onClick={() => onSelectPly(1)}>
        graph point 1
      </button>
    </div>
  ),
}));

const ANALYSIS_URL = '/api/fairplay/games/g1/analysis';

/** Fool's mate, finished: 1. f3 e5 2. g4 Qh4#. */
const finishedGame = (overrides: Partial<GameView> = {}) =>
  foolsMateSetup({
    moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
    san: ['f3', 'e5', 'g4', 'Qh4#'],
    fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
    ply: 4,
    turn: 'white',
    status: 'mate',
    statusText: PLAY_TEXTS.statusMate,
    winner: 'black',
    endedAt: new Date().toISOString(),
    ...overrides,
  });

const done = (overrides: Partial<GameAnalysisResponse> = {}): GameAnalysisResponse => ({
  gameId: 'g1',
  state: 'done',
  plies: [
    { ply: 1, color: 'white', uci: 'f2f3', san: 'f3', class: 'book', evalCp: null, best: null, bestSan: null },
    { ply: 2, color: 'black', uci: 'e7e5', san: 'e5', class: 'book', evalCp: -35, best: null, bestSan: null },
    { ply: 3, color: 'white', uci: 'g2g4', san: 'g4', class: 'blunder', evalCp: -1000, best: 'e2e4', bestSan: 'e4' },
    { ply: 4, color: 'black', uci: 'd8h4', san: 'Qh4#', class: 'best', evalCp: -1000, best: 'd8h4', bestSan: 'Qh4#' },
  ],
  white: makeSideFigures(),
  black: makeSideFigures({ acpl: 0, top1: 1, top3: 1, blunders: 0, mistakes: 0, inaccuracies: 0, moveTime: null }),
  verdict: { white: 'insufficient', black: 'insufficient' },
  ...overrides,
});

interface OpenOptions {
  view?: GameView;
  me?: ReturnType<typeof makeMe> | null;
  search?: string;
}

function openAnalysis(
  analysis: Handler,
  { view = finishedGame(), me = makeMe(), search = '?analysis=1' }: OpenOptions = {},
) {
  const api = mockApi({
    me,
    routes: { 'GET /api/play/games/g1': () => ({ body: view }), [`GET ${ANALYSIS_URL}`]: analysis },
  });
  const r = renderWithPlay(<SpectatePage />, { path: `/tv/g1${search}`, route: '/tv/:id' });
  r.connect();
  return { ...r, api };
}

const panel = () => screen.findByRole('region', { name: 'Game analysis' });

describe('game analysis (/tv/{id}?analysis=1, issue 14)', () => {
  test('done: the graph, both sides’ figures and each move’s class', async () => {
    openAnalysis(() => ({ body: done() }));
    const region = await panel();
    const graph = await within(region).findByRole('figure', { name: ANALYSIS_TEXTS.graphTitle });
    expect(within(graph).getByText(ANALYSIS_TEXTS.graphSummary)).toBeTruthy();
    // The graph module arrives lazily.
    expect((await within(graph).findByTestId('eval-chart')).textContent).toContain('evals ,-35,-1000,-1000 at 4');

    const table = within(region).getByRole('table', { name: 'Figures per side' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Figure', 'White: alice', 'Black: bob']);
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.firstElementChild?.textContent === name)!
        .querySelectorAll('td');
    expect([...row('Average centipawn loss')].map((c) => c.textContent)).toEqual([
      'Average centipawn loss',
      '23.5',
      '0.0',
    ]);
    expect([...row("Engine's first choice")].map((c) => c.textContent)).toEqual([
      "Engine's first choice",
      '50%',
      '100%',
    ]);
    expect([...row("One of the engine's top 3")].map((c) => c.textContent)[1]).toBe('80%');
    expect([...row('Blunders')].map((c) => c.textContent)[1]).toBe('1');
    expect([...row('Mean move time')].map((c) => c.textContent)).toEqual(['Mean move time', '4.5 s', '–']);
    expect([...row('Move time spread (standard deviation)')].map((c) => c.textContent)[1]).toBe('2.0 s');
    expect([...row('Moves in near-constant time')].map((c) => c.textContent)[1]).toBe('25%');

    const moves = within(region).getByRole('region', { name: 'Move by move' });
    const items = within(moves).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[2]!.textContent).toContain('Blunder');
    expect(items[2]!.textContent).toContain('-10.00');
    expect(items[0]!.textContent).toContain('Book');
    // Nothing evaluated the first book move: a dash, not a level 0.00.
    expect(items[0]!.querySelector('.ply-eval')?.textContent).toBe('–');
    expect(items[1]!.querySelector('.ply-eval')?.textContent).toBe('-0.35');
    expect(items[3]!.textContent).toContain('Best');
    // Players do not see the verdict.
    expect(within(region).queryByText(/^Verdict/)).toBeNull();
  });

  test('Show best move reveals the engine’s first choice on demand, and hides it again', async () => {
    openAnalysis(() => ({ body: done() }));
    const region = await panel();
    const moves = await within(region).findByRole('region', { name: 'Move by move' });
    // Book moves have no engine choice to show.
    expect(within(moves).getAllByRole('button', { name: /^Show best move/ })).toHaveLength(2);
    const show = within(moves).getByRole('button', { name: 'Show best move for move 2, White (g4)' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    const best = document.getElementById(show.getAttribute('aria-controls')!)!;
    expect(best.hidden).toBe(true);
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(show.textContent).toBe('Hide best move');
    expect(best.hidden).toBe(false);
    expect(best.textContent).toBe('Best: e4');
    fireEvent.click(within(moves).getByRole('button', { name: /^Show best move for move 2, Black/ }));
    expect(within(moves).getByText('Best: Qh4# (played)')).toBeTruthy();
    fireEvent.click(show);
    expect(best.hidden).toBe(true);
  });

  test('a move in the list or a point on the graph shows that position on the board', async () => {
    openAnalysis(() => ({ body: done() }));
    const region = await panel();
    const moves = await within(region).findByRole('region', { name: 'Move by move' });
    const g4 = within(moves).getByRole('button', { name: 'g4, move 2, White: Blunder' });
    expect(within(moves).getByRole('button', { name: /^Qh4#/ }).getAttribute('aria-current')).toBe('step');
    g4.focus();
    fireEvent.click(g4);
    expect(g4.getAttribute('aria-current')).toBe('step');
    const replayMoves = screen.getByRole('region', { name: 'Moves' });
    expect(within(replayMoves).getByRole('button', { name: 'Move 2, White: g4' }).getAttribute('aria-current')).toBe(
      'step',
    );
    expect((await within(region).findByTestId('eval-chart')).textContent).toContain('at 3');
    fireEvent.click(within(region).getByRole('button', { name: 'graph point 1' }));
    expect(within(moves).getByRole('button', { name: /^f3,/ }).getAttribute('aria-current')).toBe('step');
    // The replay toolbar's keys move through the same plies.
    fireEvent.keyDown(screen.getByRole('toolbar', { name: 'Replay' }), { key: 'ArrowRight' });
    expect(within(moves).getByRole('button', { name: /^e5,/ }).getAttribute('aria-current')).toBe('step');
  });

  test('admins also see the verdict', async () => {
    openAnalysis(() => ({ body: done({ verdict: { white: 'suspect', black: 'clean' } }) }), {
      me: makeMe({ uid: 'admin1', role: 'admin' }),
    });
    const region = await panel();
    expect(await within(region).findByText('Verdict: White suspect, Black clean.')).toBeTruthy();
  });

  test('loading', async () => {
    openAnalysis(() => new Promise(() => {}));
    const region = await panel();
    expect(within(region).getByRole('status').textContent).toBe(ANALYSIS_TEXTS.loading);
  });

  test('pending: the engine has not finished; the page reads again until it has', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    let state: GameAnalysisResponse['state'] = 'queued';
    const { api } = openAnalysis(() => ({
      body: state === 'done' ? done() : { gameId: 'g1', state, plies: [], white: null, black: null, verdict: null },
    }));
    const region = await panel();
    expect((await within(region).findByRole('status')).textContent).toBe(ANALYSIS_TEXTS.pending);
    state = 'running';
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS));
    expect(api.callsTo('GET', ANALYSIS_URL).length).toBeGreaterThanOrEqual(2);
    expect(within(region).getByRole('status').textContent).toBe(ANALYSIS_TEXTS.pending);
    state = 'done';
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS));
    expect(await within(region).findByRole('figure', { name: ANALYSIS_TEXTS.graphTitle })).toBeTruthy();
    const calls = api.callsTo('GET', ANALYSIS_URL).length;
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS * 3));
    expect(api.callsTo('GET', ANALYSIS_URL)).toHaveLength(calls);
  });

  test.each([
    ['none', ANALYSIS_TEXTS.none],
    ['failed', ANALYSIS_TEXTS.failed],
  ] as const)('state %s', async (state, text) => {
    openAnalysis(() => ({ body: { gameId: 'g1', state, plies: [], white: null, black: null, verdict: null } }));
    const region = await panel();
    expect(await within(region).findByText(text)).toBeTruthy();
    expect(within(region).queryByRole('figure')).toBeNull();
  });

  test('not your game: the fair-play text, no Try again', async () => {
    openAnalysis(() => ({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'You are not allowed to do that' } },
    }));
    const region = await panel();
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toBe(FAIRPLAY_TEXTS.notYourGame);
    expect(within(region).queryByRole('button', { name: /^Try again/ })).toBeNull();
    // The replay itself still works.
    expect(screen.getByRole('toolbar', { name: 'Replay' })).toBeTruthy();
  });

  test('a server error shows its text; Try again reads again', async () => {
    let fail = true;
    const { api } = openAnalysis(() =>
      fail
        ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The engine service is unavailable.' } } }
        : { body: done() },
    );
    const region = await panel();
    expect((await within(region).findByRole('alert')).textContent).toContain('The engine service is unavailable.');
    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: 'Try again: the analysis' }));
    expect(await within(region).findByRole('figure', { name: ANALYSIS_TEXTS.graphTitle })).toBeTruthy();
    expect(api.callsTo('GET', ANALYSIS_URL)).toHaveLength(2);
  });

  test('without ?analysis=1, or before the end, there is no analysis and nothing is asked', async () => {
    const { api } = openAnalysis(() => ({ body: done() }), { search: '' });
    await screen.findByRole('toolbar', { name: 'Replay' });
    expect(screen.queryByRole('region', { name: 'Game analysis' })).toBeNull();
    expect(api.callsTo('GET', ANALYSIS_URL)).toHaveLength(0);
  });

  test('helpers', () => {
    expect(formatEval(35)).toBe('+0.35');
    expect(formatEval(-210)).toBe('-2.10');
    expect(formatEval(0)).toBe('0.00');
    expect(formatEval(null)).toBe('–');
    expect(moveNumber(1)).toBe('1.');
    expect(moveNumber(4)).toBe('2…');
  });
});
