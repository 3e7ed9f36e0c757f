import { useEffect, useMemo, useRef, useState } from 'react';
import { closeChat, openChat, toggleMinimized, TYPING_MS, type DockedChat } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { useLocation } from 'react-router';
import { Overlay } from '../../ui/Overlay.tsx';
import { ChatDock } from './ChatDock.tsx';
import { FriendsModal } from './FriendsModal.tsx';
import { MessageNotice } from './MessageNotice.tsx';
import { MessengerPopup } from './MessengerPopup.tsx';
import { useSocialEvents } from './queries.ts';
import { SocialContext, type ChatPeer, type SocialContextValue } from './SocialContext.ts';
import './social.css';

/** Who is typing: each signal shows the peer for TYPING_MS, a newer one extends it. */
function useTypingPeers(): [ReadonlySet<string>, (from: string) => void] {
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const signal = (from: string) => {
    clearTimeout(timers.current.get(from));
    setTyping((prev) => (prev.has(from) ? prev : new Set(prev).add(from)));
    timers.current.set(
      from,
      setTimeout(() => {
        timers.current.delete(from);
        setTyping((prev) => {
          const next = new Set(prev);
          next.delete(from);
          return next;
        });
      }, TYPING_MS),
    );
  };
  return [typing, signal];
}

/**
 * The social layer of a signed-in user, mounted once by the overlay host: the Friends modal
 * (`?friendslist`), the messenger popup (`?showmessagespopup`), the docked chat windows on every
 * page, and the live events that keep them current.
 */
export function SocialHost({ me }: { me: Me }) {
  const [windows, setWindows] = useState<readonly DockedChat[]>([]);
  const [peers, setPeers] = useState<ReadonlyMap<string, ChatPeer>>(new Map());
  const [typing, onTyping] = useTypingPeers();
  // The sender of a message that arrived with neither its chat window nor the popup open.
  const [incoming, setIncoming] = useState<string | null>(null);
  const location = useLocation();
  const popup = new URLSearchParams(location.search).has('showmessagespopup');
  const seen = useRef({ windows, popup });
  useEffect(() => {
    seen.current = { windows, popup };
  }, [windows, popup]);
  useSocialEvents(me, onTyping, (from) => {
    const { windows: open, popup } = seen.current;
    if (!popup && !open.some((w) => w.uid === from)) setIncoming(from);
  });

  const value = useMemo<SocialContextValue>(
    () => ({
      windows,
      peers,
      typing,
      openChat: (peer) => {
        setIncoming((from) => (from === peer.uid ? null : from));
        setPeers((prev) => new Map(prev).set(peer.uid, peer));
        setWindows((prev) => openChat(prev, peer.uid));
      },
      toggleChat: (uid) => setWindows((prev) => toggleMinimized(prev, uid)),
      closeChat: (uid) => setWindows((prev) => closeChat(prev, uid)),
    }),
    [windows, peers, typing],
  );

  return (
    <SocialContext value={value}>
      <Overlay flag="friendslist" title="Friends">
        <FriendsModal me={me} />
      </Overlay>
      <Overlay flag="showmessagespopup" title="Messages">
        <MessengerPopup me={me} />
      </Overlay>
      <ChatDock me={me} />
      {incoming ? (
        <MessageNotice
          from={incoming}
          onOpen={(peer) => {
            setIncoming(null);
            value.openChat(peer);
          }}
          onDismiss={() => setIncoming(null)}
        />
      ) : null}
    </SocialContext>
  );
}
