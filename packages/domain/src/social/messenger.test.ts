import { describe, expect, it } from 'vitest';
import {
  TYPING_MS,
  chatWindowLeft,
  compareMessages,
  idsMarkedRead,
  isTyping,
  lastMessagePerFriend,
  messageAge,
  showsReadTick,
  sortMessages,
  unreadCounts,
  unreadTotal,
  type ChatMessage,
} from './messenger.ts';
import { chatWindowState, closeChat, dockedPositions, openChat, toggleMinimized } from './chat-windows.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

let seq = 0;
const msg = (sender: string, receiver: string, at: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${String(++seq).padStart(3, '0')}`,
  sender,
  receiver,
  content: `${sender}->${receiver}`,
  timeSent: ago(at),
  read: false,
  ...extra,
});

describe('messageAge (SPEC 9: ages s, m, h, d)', () => {
  it.each<[number, string]>([
    [0, '0s'],
    [999, '0s'],
    [59 * S, '59s'],
    [59 * S + 999, '59s'],
    [60 * S, '1m'],
    [59 * M + 59 * S, '59m'],
    [60 * M, '1h'],
    [23 * H + 59 * M, '23h'],
    [24 * H, '1d'],
    [47 * H, '1d'],
    [400 * D, '400d'],
    [-5 * S, '0s'], // a clock ahead of ours
  ])('%i ms ago -> %s', (ms, age) => {
    expect(messageAge(ago(ms), now)).toBe(age);
  });
});

describe('chat windows (SPEC 9: chat spacing 320px offset 100px; SPEC 4: open, minimized, closed)', () => {
  it.each<[number, number]>([
    [0, 100],
    [1, 420],
    [2, 740],
  ])('window %i sits at %ipx', (index, left) => {
    expect(chatWindowLeft(index)).toBe(left);
  });

  it('opens, minimizes, restores and closes; the others close the gap', () => {
    let w = openChat([], 'b');
    w = openChat(w, 'c');
    w = openChat(w, 'b'); // already docked: stays in place
    expect(dockedPositions(w)).toEqual([
      { uid: 'b', left: 100 },
      { uid: 'c', left: 420 },
    ]);
    w = toggleMinimized(w, 'b');
    expect(chatWindowState(w, 'b')).toBe('minimized');
    w = openChat(w, 'b');
    expect(chatWindowState(w, 'b')).toBe('open');
    w = closeChat(w, 'b');
    expect(chatWindowState(w, 'b')).toBe('closed');
    expect(dockedPositions(w)).toEqual([{ uid: 'c', left: 100 }]);
  });
});

describe('typing indicator (SPEC 9: 2 s)', () => {
  it.each<[string, Date | null, boolean]>([
    ['never typed', null, false],
    ['just now', ago(0), true],
    ['1999 ms ago', ago(TYPING_MS - 1), true],
    ['2 s ago', ago(TYPING_MS), false],
  ])('%s -> %s', (_name, at, typing) => {
    expect(isTyping(at, now)).toBe(typing);
  });
});

describe('message order (SPEC 7: sorted by timeSent)', () => {
  it('orders by timeSent, ties by id', () => {
    const a = { id: 'b', timeSent: ago(10) };
    const b = { id: 'a', timeSent: ago(10) };
    const c = { id: 'z', timeSent: ago(20) };
    expect([a, b, c].sort(compareMessages).map((m) => m.id)).toEqual(['z', 'a', 'b']);
    expect(compareMessages(a, a)).toBe(0);
  });

  it('sorts a conversation oldest first without touching the input', () => {
    const late = msg('a', 'b', 1 * S);
    const early = msg('b', 'a', 5 * S);
    const input = [late, early];
    expect(sortMessages(input)).toEqual([early, late]);
    expect(input).toEqual([late, early]);
  });
});

describe('lastMessagePerFriend (SPEC 2 messenger popup)', () => {
  it('keeps the newest message per counterpart, newest conversation first', () => {
    const bOld = msg('b', 'me', 3 * H);
    const bNew = msg('me', 'b', 2 * M);
    const c = msg('c', 'me', 30 * S);
    const d = msg('d', 'me', 1 * D);
    const stranger = msg('x', 'y', 0); // not mine: ignored
    const rows = lastMessagePerFriend([bOld, d, c, stranger, bNew], 'me');
    expect(rows).toEqual([
      { counterpart: 'c', message: c },
      { counterpart: 'b', message: bNew },
      { counterpart: 'd', message: d },
    ]);
  });

  it('breaks a timeSent tie by id', () => {
    const first = msg('b', 'me', 10 * S);
    const second = { ...msg('me', 'b', 0), timeSent: first.timeSent };
    expect(lastMessagePerFriend([second, first], 'me')[0]?.message).toBe(second);
  });
});

describe('unread counts and read receipts', () => {
  const messages = [
    msg('b', 'me', 5 * M),
    msg('b', 'me', 4 * M, { read: true }),
    msg('b', 'me', 3 * M),
    msg('c', 'me', 2 * M),
    msg('me', 'b', 1 * M),
  ];

  it('counts unread messages to me per sender', () => {
    expect(unreadCounts(messages, 'me')).toEqual(
      new Map([
        ['b', 2],
        ['c', 1],
      ]),
    );
    expect(unreadTotal(messages, 'me')).toBe(3);
    expect(unreadTotal(messages, 'b')).toBe(1);
  });

  it('marks the read message and every earlier unread one from that sender', () => {
    const [b1, , b3, c1] = messages;
    expect(idsMarkedRead(messages, 'me', b3!)).toEqual([b1!.id, b3!.id]);
    expect(idsMarkedRead(messages, 'me', b1!)).toEqual([b1!.id]);
    expect(idsMarkedRead(messages, 'me', c1!)).toEqual([c1!.id]);
  });

  it('shows the read tick only on my messages once read', () => {
    expect(showsReadTick({ sender: 'me', read: true }, 'me')).toBe(true);
    expect(showsReadTick({ sender: 'me', read: false }, 'me')).toBe(false);
    expect(showsReadTick({ sender: 'b', read: true }, 'me')).toBe(false);
  });
});
