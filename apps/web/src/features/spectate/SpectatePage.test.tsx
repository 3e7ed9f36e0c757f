import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAY_TEXTS } from '@rush/domain';
import { SANDBOX_DESCRIPTION } from '../../ui/SandboxMark.tsx';
import { SPECTATE_HEARTBEAT_MS, type GameView } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { mockApi } from '../../test/render.tsx';
import { foolsMateSetup, renderWithPlay } from '../play/testing.tsx';
import { SpectatePage, viewerCount } from './SpectatePage.tsx';

afterEach(() => vi.useRealTimers());

function watch(view: GameView, { me = null as ReturnType<typeof makeMe> | null, search = '' } = {}) {
  const api = mockApi({ me, routes: { 'GET /api/play/games/g1': () => ({ body: view }) } });
  const r = renderWithPlay(<SpectatePage />, { path: `/tv/g1${search}`, route: '/tv/:id' });
  const socket = r.connect();
  return { ...r, api, socket };
}

const spectatorView = (overrides: Partial<GameView> = {}) => foolsMateSetup({ you: null, spectators: 3, ...overrides });

async function chatBox() {
  const chat = await screen.findByRole('region', { name: 'Spectator chat' });
  return { chat, input: within(chat).queryByLabelText('Message') };
}

describe('spectator screen', () => {
  test('shows both players, clocks, the board from white, the prize pool and the viewer count', async () => {
    watch(spectatorView({ stake: { currency: 'usd', amount: 500, pot: 1_000 } }));
    expect(await screen.findByRole('timer', { name: 'White clock' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Black clock' })).toBeTruthy();
    expect(screen.getAllByText('alice').length).toBeGreaterThan(0);
    expect(screen.getAllByText('bob').length).toBeGreaterThan(0);
    const board = screen.getByRole('group', { name: 'Chess board' });
    expect(board.querySelector('button')?.getAttribute('aria-label')).toBe('a8 black rook');
    expect(screen.getByTestId('prize-pool').textContent).toBe('$10.00');
    // Both USD amounts of the prize pool (pot and stake) carry the Sandbox mark (default config).
    const pool = screen.getByRole('region', { name: 'Prize pool' });
    expect(within(pool).getAllByRole('note', { name: SANDBOX_DESCRIPTION })).toHaveLength(2);
    expect(screen.getByTestId('viewer-count').textContent).toBe('3 viewers');
    expect(viewerCount(1)).toBe('1 viewer');
  });

  test('?orientation=black turns the board; it is read-only', async () => {
    const { commands } = watch(spectatorView(), { search: '?orientation=black' });
    const board = await screen.findByRole('group', { name: 'Chess board' });
    expect(board.querySelector('button')?.getAttribute('aria-label')).toBe('h1 white rook');
    fireEvent.click(screen.getByRole('button', { name: 'd8 black queen' }));
    fireEvent.click(screen.getByRole('button', { name: 'h4 empty' }));
    expect(commands().filter((c) => c.name === 'game.move')).toHaveLength(0);
  });

  test('a heartbeat when watching starts, and a goodbye on leaving', async () => {
    const r = watch(spectatorView());
    await screen.findByRole('group', { name: 'Chess board' });
    await waitFor(() => expect(r.commands().filter((c) => c.name === 'game.spectate')).toHaveLength(1));
    await act(() => r.router.navigate('/elsewhere'));
    expect(screen.getByText('Elsewhere')).toBeTruthy();
    expect(r.commands().filter((c) => c.name === 'game.unspectate')).toHaveLength(1);
  });

  test('the heartbeat counts this tab; the reload the subscription asks for, answered from before, does not undo it', async () => {
    // The first read says 0 viewers; the subscription's reload is held until the heartbeat's
    // answer (1) has landed, and then answers from before the heartbeat counted this tab (0).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    mockApi({
      routes: {
        'GET /api/play/games/g1': async () => {
          reads += 1;
          if (reads > 1) await held;
          return { body: spectatorView({ spectators: 0 }) };
        },
      },
    });
    const r = renderWithPlay(<SpectatePage />, { path: '/tv/g1', route: '/tv/:id' });
    const socket = r.connect();
    await screen.findByRole('group', { name: 'Chess board' });
    const subscribed = (m: unknown) => (m as { t?: string; topic?: string }).t === 'sub';
    await waitFor(() => expect(socket.sent.some(subscribed)).toBe(true));
    act(() => socket.receive({ t: 'subscribed', topic: 'game:g1', v: 1 }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(r.commands().filter((c) => c.name === 'game.spectate')).toHaveLength(1));
    const beat = r.commands().find((c) => c.name === 'game.spectate')!;
    act(() => socket.receive({ t: 'ack', id: beat.id, ok: true, result: { count: 1 } }));
    await waitFor(() => expect(screen.getByTestId('viewer-count').textContent).toBe('1 viewer'));
    await act(() => {
      release();
      return held;
    });
    await waitFor(() => expect(r.queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('viewer-count').textContent).toBe('1 viewer');
  });

  test('the heartbeat repeats every SPECTATE_HEARTBEAT_MS', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const r = watch(spectatorView());
    await screen.findByRole('group', { name: 'Chess board' });
    const beats = () => r.commands().filter((c) => c.name === 'game.spectate').length;
    await waitFor(() => expect(beats()).toBe(1));
    act(() => void vi.advanceTimersByTime(SPECTATE_HEARTBEAT_MS));
    expect(beats()).toBe(2);
    act(() => void vi.advanceTimersByTime(SPECTATE_HEARTBEAT_MS));
    expect(beats()).toBe(3);
  });

  test('visitors read the chat and are told to log in', async () => {
    const line = { id: 'l1', uid: 'u9', username: 'zed', text: 'what a blunder', sentAt: new Date().toISOString() };
    watch(spectatorView({ spectatorChat: [line] }));
    const { chat, input } = await chatBox();
    expect(input).toBeNull();
    expect(within(chat).getByText(PLAY_TEXTS.chatLogin, { exact: false })).toBeTruthy();
    expect(within(chat).getByText('what a blunder')).toBeTruthy();
  });

  test('a message is trimmed, blocked while sending, and a refusal shows the server text', async () => {
    const { commands, socket } = watch(spectatorView(), { me: makeMe({ uid: 'u7', username: 'carol' }) });
    await waitFor(async () => expect((await chatBox()).input).not.toBeNull());
    const { chat, input } = await chatBox();
    const send = within(chat).getByRole('button', { name: 'Send' });
    fireEvent.change(input!, { target: { value: '   ' } });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input!, { target: { value: '  gg  ' } });
    fireEvent.submit(input!.closest('form')!);
    const sent = commands().filter((c) => c.name === 'spectator.chat');
    expect(sent.map((c) => c.payload)).toEqual([{ gameId: 'g1', text: 'gg' }]);
    // blocked while sending: a second submit sends nothing
    expect(input!.hasAttribute('readonly')).toBe(true);
    expect(send.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(input!.closest('form')!);
    expect(commands().filter((c) => c.name === 'spectator.chat')).toHaveLength(1);
    act(() =>
      socket.receive({
        t: 'ack',
        id: sent[0]!.id,
        ok: false,
        error: { code: 'CONFLICT', message: PLAY_TEXTS.chatExpired },
      }),
    );
    expect(await within(chat).findByText(PLAY_TEXTS.chatExpired)).toBeTruthy();
    expect(input!.hasAttribute('readonly')).toBe(false);
  });

  test("repeating one's own last message (any case) is refused at once", async () => {
    const mine = { id: 'l1', uid: 'u7', username: 'carol', text: 'Nice Move', sentAt: new Date().toISOString() };
    const { commands } = watch(spectatorView({ spectatorChat: [mine] }), {
      me: makeMe({ uid: 'u7', username: 'carol' }),
    });
    await waitFor(async () => expect((await chatBox()).input).not.toBeNull());
    const { chat, input } = await chatBox();
    fireEvent.change(input!, { target: { value: 'nice move' } });
    fireEvent.submit(input!.closest('form')!);
    expect(await within(chat).findByText(PLAY_TEXTS.chatRepeat)).toBeTruthy();
    expect(commands().filter((c) => c.name === 'spectator.chat')).toHaveLength(0);
  });

  test('the server texts Missing data and Something went wrong are shown as they come', async () => {
    const { commands, socket } = watch(spectatorView(), { me: makeMe({ uid: 'u7' }) });
    await waitFor(async () => expect((await chatBox()).input).not.toBeNull());
    const { chat, input } = await chatBox();
    for (const message of [PLAY_TEXTS.chatMissingData, PLAY_TEXTS.chatFailed]) {
      fireEvent.change(input!, { target: { value: `hello ${message}` } });
      fireEvent.submit(input!.closest('form')!);
      const last = commands()
        .filter((c) => c.name === 'spectator.chat')
        .at(-1)!;
      act(() => socket.receive({ t: 'ack', id: last.id, ok: false, error: { code: 'BAD_REQUEST', message } }));
      expect(await within(chat).findByText(message)).toBeTruthy();
    }
  });

  test('at the end: "Game has ended", the winner popup, and a replay', async () => {
    watch(
      spectatorView({
        status: 'resign',
        statusText: PLAY_TEXTS.statusResign,
        winner: 'white',
        endedAt: new Date().toISOString(),
        resultTitle: 'GAME ENDED',
      }),
    );
    const popup = await screen.findByRole('dialog', { name: 'GAME ENDED' });
    expect(within(popup).getByText('White wins: alice')).toBeTruthy();
    expect(within(popup).getByText(PLAY_TEXTS.statusResign)).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.getByText(PLAY_TEXTS.gameHasEnded)).toBeTruthy();
    const replay = screen.getByRole('toolbar', { name: 'Replay' });
    fireEvent.click(within(replay).getByRole('button', { name: 'First' }));
    expect(screen.getByRole('button', { name: 'f2 white pawn' })).toBeTruthy();
    fireEvent.click(within(replay).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'f3 white pawn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move 1, White: f3' }).getAttribute('aria-current')).toBe('step');
  });

  test('an unknown game says so', async () => {
    mockApi({
      routes: {
        'GET /api/play/games/nope': () => ({
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
        }),
      },
    });
    renderWithPlay(<SpectatePage />, { path: '/tv/nope', route: '/tv/:id' });
    expect(await screen.findByText(PLAY_TEXTS.gameNotFound)).toBeTruthy();
  });
});
