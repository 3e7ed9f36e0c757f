import { chatWindowLeft } from './messenger.ts';

/**
 * SPEC 4 "Chat window: open, minimized, closed". The docked windows, left to right; a closed
 * window is simply not in the list, so the others close the gap.
 */
type ChatWindowState = 'open' | 'minimized' | 'closed';
export interface DockedChat {
  uid: string;
  state: Exclude<ChatWindowState, 'closed'>;
}

/** Opening a chat (a friend's name, Open Messenger) shows it; an already docked one is restored in place. */
export function openChat(windows: readonly DockedChat[], uid: string): DockedChat[] {
  if (windows.some((w) => w.uid === uid)) return windows.map((w) => (w.uid === uid ? { uid, state: 'open' } : w));
  return [...windows, { uid, state: 'open' }];
}

/** The minimize control toggles between open and minimized. */
export const toggleMinimized = (windows: readonly DockedChat[], uid: string): DockedChat[] =>
  windows.map((w) => (w.uid === uid ? { uid, state: w.state === 'open' ? 'minimized' : 'open' } : w));

export const closeChat = (windows: readonly DockedChat[], uid: string): DockedChat[] =>
  windows.filter((w) => w.uid !== uid);

/** Where each docked window sits (SPEC 9: 100px, then 320px apart). */
export const dockedPositions = (windows: readonly DockedChat[]): { uid: string; left: number }[] =>
  windows.map((w, i) => ({ uid: w.uid, left: chatWindowLeft(i) }));
