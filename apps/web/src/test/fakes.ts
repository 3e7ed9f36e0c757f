import type { Me, SideFiguresView } from '@rush/protocol';
import { RealtimeClient, type SocketLike } from '../api/realtime.ts';

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    uid: 'u1',
    username: 'alice',
    email: 'alice@example.com',
    emailVerified: true,
    recoveryEmail: null,
    pendingRecoveryEmail: null,
    role: 'user',
    verifiedLevel: 'notVerified',
    usernameColor: 'username_color_000002',
    avatarUrl: null,
    settings: {
      showDollar: true,
      showWbx: true,
      hideLichessUsername: false,
      soundMuted: false,
      realityCheckMinutes: 60,
    },
    banned: false,
    closed: false,
    needsDateOfBirth: false,
    chessUsername: null,
    balances: { usd: 123456, wbx: 50000 },
    pendingFriendInvites: 0,
    sessionId: 's1',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** One side's figures from a finished analysis: by default a human's (ACPL 23.456, top-1 50%, some errors). */
export function makeSideFigures(overrides: Partial<SideFiguresView> = {}): SideFiguresView {
  return {
    counted: 20,
    acpl: 23.456,
    top1: 0.5,
    top3: 0.8,
    blunders: 1,
    mistakes: 2,
    inaccuracies: 3,
    moveTime: { meanMs: 4_500, varianceMs2: 4_000_000, constantShare: 0.25 },
    ...overrides,
  };
}

/** A socket the test drives by hand: `open()`, `receive(msg)`, `drop(code)`; `sent` records frames. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readonly sent: unknown[] = [];
  closedWith: number | null = null;

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** A realtime client whose sockets are FakeSockets (kept in `sockets`, newest last). */
export function fakeRealtime(reload: () => void = () => {}) {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    url: 'ws://test/ws',
    reload,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  return { client, sockets };
}
