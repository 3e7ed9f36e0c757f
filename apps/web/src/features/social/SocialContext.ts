import { createContext, use } from 'react';
import type { DockedChat } from '@rush/domain';

export interface ChatPeer {
  uid: string;
  username: string;
}

/** The docked chat windows and who is typing, shared by the friends modal, the popup and the dock. */
export interface SocialContextValue {
  windows: readonly DockedChat[];
  peers: ReadonlyMap<string, ChatPeer>;
  /** uids shown typing right now (SPEC 9: for 2 s after their last signal). */
  typing: ReadonlySet<string>;
  openChat(peer: ChatPeer): void;
  toggleChat(uid: string): void;
  closeChat(uid: string): void;
}

export const SocialContext = createContext<SocialContextValue | null>(null);

export function useSocial(): SocialContextValue {
  const value = use(SocialContext);
  if (!value) throw new Error('useSocial outside SocialHost');
  return value;
}
