import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CHAT_TEXTS, FAIRPLAY_TEXTS, PLAY_TEXTS } from '@rush/domain';
import type { GameView } from '@rush/protocol';
import { mockApi } from '../../test/render.tsx';
import type * as BoardModule from '../../ui/board/Board.tsx';
import { GameScreen } from './GameScreen.tsx';
import { foolsMateSetup, makeGame, makePlayer, renderWithPlay } from './testing.tsx';
import { useLiveGame } from './useLiveGame.ts';
import { closeProfile, useProfileRequest } from '../players/index.ts';

// Counts every render of the board: the wrapper is not memoised, so a re-render of the game
// screen around it counts too.
const boardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../ui/board/Board.tsx', async (importOriginal) => {
  const mod = await importOriginal<typeof BoardModule>();
  return {
    ...mod,
    Board: (props: Parameters<typeof mod.Board>[0]) => {
      boardRenders.count += 1;
      return <mod.Board {...props} />;
    },
  };
});

afterEach(() => {
  vi.useRealTimers();
  boardRenders.count = 0;
});

function Harness({ id }: { id: string }) {
  const game = useLiveGame(id);
  return game.data ? <GameScreen game={game.data} /> : null;
}

function renderGame(view: GameView) {
  mockApi({ routes: { 'GET /api/play/games/g1': () => ({ body: view }) } });
  const r = renderWithPlay(<Harness id={view.id} />, { games: [view] });
  const socket = r.connect();
  const ack = (id: number, result?: unknown) => act(() => socket.receive({ t: 'ack', id, ok: true, result }));
  const event = (v: number, type: string, data: unknown) =>
    act(() => socket.receive({ t: 'ev', topic: 'game:g1', v, type, data }));
  /** A `game.moved` event with no offers open. */
  const moved = (v: number, move: Record<string, unknown>) =>
    event(v, 'game.moved', { gameId: 'g1', offers: { draw: null, takeback: null, rematch: null }, ...move });
  return { ...r, socket, ack, event, moved };
}

/** A 3+0 clock as the server sends it at `now`: running since then, or stopped. */
const blitzClock = (now: string, whiteMs: number, blackMs: number, running = true) => ({
  initialMs: 180_000,
  incrementMs: 0,
  whiteMs,
  blackMs,
  runningSince: running ? now : null,
  serverNow: now,
});

const moveInput = () => screen.getByLabelText('Enter move');
const typeMove = (text: string) => {
  fireEvent.change(moveInput(), { target: { value: text } });
  fireEvent.submit(moveInput().closest('form')!);
};

describe('game screen: moves', () => {
  test('a move typed in SAN is sent with its ply and shown at once', async () => {
    const view = foolsMateSetup({ you: 'black' });
    const { commands } = renderGame(view);
    typeMove('Qh4#');
    await waitFor(() => expect(commands().map((c) => c.name)).toContain('game.move'));
    const move = commands().find((c) => c.name === 'game.move')!;
    expect(move.payload).toMatchObject({ gameId: 'g1', ply: 4, uci: 'd8h4' });
    expect(screen.getByRole('button', { name: 'h4 black queen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'd8 empty' })).toBeTruthy();
  });

  test('UCI works too; not your turn and illegal moves are refused with a text', () => {
    const { commands } = renderGame(makeGame());
    typeMove('e5');
    expect(screen.getByRole('alert').textContent).toBe('Not a legal move: e5');
    typeMove('g1f3');
    expect(commands().find((c) => c.name === 'game.move')?.payload).toMatchObject({ ply: 1, uci: 'g1f3' });
    typeMove('e4');
    expect(screen.getByRole('alert').textContent).toBe(PLAY_TEXTS.notYourTurn);
  });

  test('the board plays by keyboard: select e2, arrow up twice, Enter', () => {
    const { commands } = renderGame(makeGame());
    const e2 = screen.getByRole('button', { name: 'e2 white pawn' });
    e2.focus();
    fireEvent.click(e2);
    fireEvent.keyDown(e2, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('e4 empty');
    fireEvent.click(document.activeElement!);
    expect(commands().find((c) => c.name === 'game.move')?.payload).toMatchObject({ ply: 1, uci: 'e2e4' });
    expect(screen.getByRole('button', { name: 'e4 white pawn' })).toBeTruthy();
  });

  test('a refused move goes back and shows the server text', async () => {
    const { commands, socket } = renderGame(makeGame());
    typeMove('e4');
    const id = commands()[0]!.id;
    act(() => socket.receive({ t: 'ack', id, ok: false, error: { code: 'BAD_REQUEST', message: 'Illegal move.' } }));
    await screen.findByText('Illegal move.');
    expect(screen.getByRole('button', { name: 'e2 white pawn' })).toBeTruthy();
  });

  test('a refusal for too many requests (Lichess 429) is an alert the player closes with OK', async () => {
    const { commands, socket } = renderGame(makeGame());
    typeMove('e4');
    const id = commands()[0]!.id;
    const text =
      'Lichess is receiving too many requests from your account. Close other tabs playing on Lichess, avoid quick reloads, and wait a minute before trying again.';
    act(() => socket.receive({ t: 'ack', id, ok: false, error: { code: 'RATE_LIMITED', message: text } }));
    const dialog = await screen.findByRole('dialog', { name: 'Too many requests' });
    expect(within(dialog).getByRole('alert').textContent).toBe(text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Too many requests' })).toBeNull();
    // The move went back: the pawn is on e2 again.
    expect(screen.getByRole('button', { name: 'e2 white pawn' })).toBeTruthy();
  });

  test('a promotion asks for the piece', () => {
    const fen = '8/P7/8/8/8/8/8/k6K w - - 0 1';
    const { commands } = renderGame(makeGame({ fen, initialFen: fen, ply: 2, version: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'a7 white pawn' }));
    fireEvent.click(screen.getByRole('button', { name: 'a8 empty' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote to' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Knight' }));
    expect(commands().find((c) => c.name === 'game.move')?.payload).toMatchObject({ ply: 3, uci: 'a7a8n' });
  });

  test('the move list shows SAN by full move', () => {
    renderGame(foolsMateSetup());
    const moves = screen.getByRole('region', { name: 'Moves' });
    const rows = within(moves)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['1.f3e5', '2.g4']);
  });
});

describe('game screen: clocks', () => {
  test('both clocks show minutes:seconds from the server fields and tick without re-rendering the board', () => {
    vi.useFakeTimers();
    const now = new Date();
    const view = foolsMateSetup({
      clock: blitzClock(now.toISOString(), 175_000, 96_500),
    });
    renderGame(view);
    act(() => void vi.advanceTimersByTime(0)); // the query cache's batched notifications
    const black = screen.getByRole('timer', { name: 'Black clock' });
    const white = screen.getByRole('timer', { name: 'White clock' });
    expect(white.textContent).toBe('2:55');
    expect(black.textContent).toBe('1:36');
    expect(black.className).toContain('clock-running');
    const before = boardRenders.count;
    act(() => void vi.advanceTimersByTime(3_000));
    expect(black.textContent).toBe('1:33');
    expect(white.textContent).toBe('2:55');
    expect(boardRenders.count).toBe(before);
  });

  test('an event with new clocks re-reads them', async () => {
    const view = makeGame({ ply: 1, moves: ['e2e4'], san: ['e4'], turn: 'black', version: 2 });
    const { moved } = renderGame(view);
    const now = new Date().toISOString();
    moved(5, {
      version: 3,
      ply: 2,
      uci: 'e7e5',
      san: 'e5',
      fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
      clock: blitzClock(now, 180_000, 170_000),
      status: 'started',
    });
    await waitFor(() => expect(screen.getByRole('timer', { name: 'Black clock' }).textContent).toBe('2:50'));
    expect(screen.getByRole('button', { name: 'e5 black pawn' })).toBeTruthy();
  });
});

describe('game screen: controls', () => {
  test('before 2 plies: Abort, and no draw or takeback', () => {
    const { commands } = renderGame(makeGame({ ply: 1, moves: ['e2e4'], san: ['e4'], turn: 'black', version: 2 }));
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Offer draw' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Takeback' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Abort' }));
    expect(commands().find((c) => c.name === 'game.abort')?.payload).toEqual({ gameId: 'g1' });
  });

  test('from 2 plies: Resign (confirmed), Offer draw and Takeback', () => {
    const { commands } = renderGame(foolsMateSetup());
    expect(screen.queryByRole('button', { name: 'Abort' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Offer draw' }));
    expect(commands().find((c) => c.name === 'game.draw')?.payload).toEqual({ gameId: 'g1', action: 'offer' });
    expect(screen.getByRole('button', { name: 'Takeback' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Resign' }));
    const confirm = screen.getByRole('dialog', { name: 'Resign' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Resign' }));
    expect(commands().find((c) => c.name === 'game.resign')?.payload).toEqual({ gameId: 'g1' });
  });

  test('an incoming draw offer asks; answered later it waits behind a badge', () => {
    const { commands } = renderGame(foolsMateSetup({ offers: { draw: 'black', takeback: null, rematch: null } }));
    const dialog = screen.getByRole('dialog', { name: 'Draw offer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Answer later' }));
    expect(screen.queryByRole('dialog', { name: 'Draw offer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Requests (1 pending)' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Draw offer' })).getByRole('button', { name: 'Accept' }));
    expect(commands().find((c) => c.name === 'game.draw')?.payload).toEqual({ gameId: 'g1', action: 'accept' });
    expect(screen.getByRole('button', { name: 'Offer draw' }).hasAttribute('disabled')).toBe(true);
  });

  test('an opponent gone past the grace period can be claimed against', () => {
    const past = new Date(Date.now() - 1_000).toISOString();
    const { commands } = renderGame(foolsMateSetup({ disconnect: { color: 'black', graceEndsAt: past } }));
    expect(screen.getByText(/Your opponent disconnected/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim victory' }));
    expect(commands().find((c) => c.name === 'game.claimVictory')).toBeTruthy();
  });

  test('an engine is never shown as disconnected, and offers no claim (issue 36)', () => {
    const past = new Date(Date.now() - 1_000).toISOString();
    renderGame(foolsMateSetup({ engine: 'black', disconnect: { color: 'black', graceEndsAt: past } }));
    expect(screen.queryByText(/disconnected/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
  });

  test('during the grace period the countdown shows, without the button', () => {
    const later = new Date(Date.now() + 42_000).toISOString();
    renderGame(foolsMateSetup({ disconnect: { color: 'black', graceEndsAt: later } }));
    expect(screen.getByText(/You can claim victory in/).textContent).toMatch(/0:4[12]/);
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
  });
});

describe('game screen: result', () => {
  const finished = (overrides: Partial<GameView>) =>
    foolsMateSetup({
      status: 'mate',
      statusText: PLAY_TEXTS.statusMate,
      winner: 'black',
      endedAt: new Date().toISOString(),
      resultTitle: null,
      ...overrides,
    });

  test.each([
    ['black', 'mate', 'black', 'CONGRATS'],
    ['white', 'mate', 'black', 'Unlucky'],
    ['white', 'draw', null, 'DRAW'],
    ['black', 'stalemate', null, 'DRAW'],
    ['white', 'aborted', null, 'ABORTED'],
  ] as const)('viewer %s, status %s, winner %s: %s', (you, status, winner, title) => {
    renderGame(finished({ you, status, winner }));
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
  });

  test('the end event opens the modal with the status text; Rematch offers one', async () => {
    const view = foolsMateSetup({ you: 'white' });
    const { event, moved, commands } = renderGame(view);
    const now = new Date().toISOString();
    moved(9, {
      version: 5,
      ply: 4,
      uci: 'd8h4',
      san: 'Qh4#',
      fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
      clock: blitzClock(now, 175_000, 170_000),
      status: 'mate',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'e1 white king' }).className).toContain('is-check'));
    event(10, 'game.ended', {
      gameId: 'g1',
      version: 6,
      status: 'mate',
      statusText: PLAY_TEXTS.statusMate,
      winner: 'black',
      endedAt: now,
      clock: blitzClock(now, 175_000, 170_000, false),
      ratingDiff: { white: -12, black: 12 },
      chatClosesAt: now,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Unlucky' });
    expect(within(dialog).getByText(PLAY_TEXTS.statusMate)).toBeTruthy();
    expect(within(dialog).getByText('Black wins: bob')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rematch' }));
    await waitFor(() =>
      expect(commands().find((c) => c.name === 'game.rematch')?.payload).toEqual({ gameId: 'g1', action: 'offer' }),
    );
  });

  test('a held payout: the winner reads "Under review" with the note in the result popup', () => {
    renderGame(finished({ you: 'black', stake: { currency: 'usd', amount: 500, pot: 1_000 }, underReview: true }));
    const dialog = screen.getByRole('dialog', { name: 'CONGRATS' });
    const notice = within(dialog).getByRole('status');
    expect(within(notice).getByText(FAIRPLAY_TEXTS.underReview)).toBeTruthy();
    expect(within(notice).getByText(FAIRPLAY_TEXTS.underReviewNote)).toBeTruthy();
  });

  test('no review notice when the payout is not held', () => {
    renderGame(finished({ you: 'black', stake: { currency: 'usd', amount: 500, pot: 1_000 } }));
    const dialog = screen.getByRole('dialog', { name: 'CONGRATS' });
    expect(within(dialog).queryByText(FAIRPLAY_TEXTS.underReview)).toBeNull();
  });

  test('an incoming rematch is accepted or declined in the modal', () => {
    const { commands } = renderGame(
      finished({ you: 'white', offers: { draw: null, takeback: null, rematch: 'black' } }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Unlucky' });
    expect(within(dialog).getByText('Your opponent wants a rematch.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept rematch' }));
    expect(commands().find((c) => c.name === 'game.rematch')?.payload).toEqual({ gameId: 'g1', action: 'accept' });
  });
});

describe('game screen: chat and prize pool', () => {
  test('player chat sends the trimmed text; an empty line is not sent', async () => {
    const { commands, ack } = renderGame(foolsMateSetup());
    const chat = screen.getByRole('region', { name: 'Chat' });
    const input = within(chat).getByLabelText('Message');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(commands().filter((c) => c.name === 'game.chat')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  good luck  ' } });
    fireEvent.submit(input.closest('form')!);
    const sent = commands().find((c) => c.name === 'game.chat')!;
    expect(sent.payload).toEqual({ gameId: 'g1', text: 'good luck' });
    ack(sent.id, { ok: true });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    // The limit counts characters as a person does (code points): no input cap in UTF-16 units,
    // the counter and the chat rule's words instead.
    expect(input.getAttribute('maxlength')).toBeNull();
    fireEvent.change(input, { target: { value: '😀'.repeat(141) } });
    expect(within(chat).getByText('141/140')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(await within(chat).findByRole('alert')).toHaveProperty('textContent', CHAT_TEXTS.tooLong);
    expect(commands().filter((c) => c.name === 'game.chat')).toHaveLength(1);
  });

  test('the prize pool shows the pot with its currency', () => {
    renderGame(foolsMateSetup({ stake: { currency: 'wbx', amount: 10_000, pot: 20_000 } }));
    expect(screen.getByTestId('prize-pool').textContent).toBe('200.00 RC');
  });

  test("a giveaway's pot is one stake: the prize pool says no 'each'", () => {
    renderGame(foolsMateSetup({ stake: { currency: 'wbx', amount: 10_000, pot: 10_000 } }));
    expect(screen.getByTestId('prize-pool').textContent).toBe('100.00 RC');
    expect(screen.getByRole('region', { name: 'Prize pool' }).textContent).not.toContain('each');
  });
});

describe('game screen: player names (issue 19)', () => {
  /** What a click on a name asked the profile host to open. */
  function OpenedProfile() {
    const request = useProfileRequest();
    return <p data-testid="opened-profile">{request ? `${request.uid} ${request.username}` : ''}</p>;
  }

  test("a player's name opens their profile", () => {
    mockApi({ routes: { 'GET /api/play/games/g1': () => ({ body: makeGame() }) } });
    renderWithPlay(
      <>
        <Harness id="g1" />
        <OpenedProfile />
      </>,
      { games: [makeGame()] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'bob, profile' }));
    expect(screen.getByTestId('opened-profile').textContent).toBe('u2 bob');
    fireEvent.click(screen.getByRole('button', { name: 'alice, profile' }));
    expect(screen.getByTestId('opened-profile').textContent).toBe('u1 alice');
    act(() => closeProfile());
  });

  test("a bot's name opens nothing (the house has no public profile)", () => {
    const view = makeGame({ engine: 'black', black: makePlayer({ uid: 'bot1', username: 'AI Low' }) });
    mockApi({ routes: { 'GET /api/play/games/g1': () => ({ body: view }) } });
    renderWithPlay(<Harness id="g1" />, { games: [view] });
    expect(screen.getByText('AI Low')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'AI Low, profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'alice, profile' })).toBeTruthy();
  });
});
