import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatWindowLeft, compareMessageIds, compareMessages, messageAge, showsReadTick } from './messenger.ts';
import { closeChat, dockedPositions, openChat, toggleMinimized } from './chat-windows.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

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
    const stateOf = (uid: string) => w.find((c) => c.uid === uid)?.state ?? 'closed';
    w = toggleMinimized(w, 'b');
    expect(stateOf('b')).toBe('minimized');
    w = openChat(w, 'b');
    expect(stateOf('b')).toBe('open');
    w = closeChat(w, 'b');
    expect(stateOf('b')).toBe('closed');
    expect(dockedPositions(w)).toEqual([{ uid: 'c', left: 100 }]);
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

  it('ids are decimal: "99" comes before "100" (as the server orders them), not after', () => {
    const at = ago(10);
    expect(
      [
        { id: '100', timeSent: at },
        { id: '99', timeSent: at },
      ]
        .sort(compareMessages)
        .map((m) => m.id),
    ).toEqual(['99', '100']);
  });

  it.each<[string, string, number]>([
    ['99', '100', -1],
    ['100', '99', 1],
    ['123', '124', -1],
    ['124', '124', 0],
    ['9223372036854775807', '9223372036854775806', 1],
  ])('compareMessageIds(%s, %s) has the sign %i', (a, b, sign) => {
    expect(Math.sign(compareMessageIds(a, b))).toBe(sign);
    expect(Math.sign(compareMessageIds(a, b))).toBe(Math.sign(Number(BigInt(a) - BigInt(b))));
  });

  it('compareMessageIds orders any two bigserial ids as numbers', () => {
    const id = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(Math.sign(compareMessageIds(a.toString(), b.toString()))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });
});

describe('read receipts', () => {
  it('shows the read tick only on my messages once read', () => {
    expect(showsReadTick({ sender: 'me', read: true }, 'me')).toBe(true);
    expect(showsReadTick({ sender: 'me', read: false }, 'me')).toBe(false);
    expect(showsReadTick({ sender: 'b', read: true }, 'me')).toBe(false);
  });
});
