import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MAX_LENGTH, checkDirectMessage, codePointLength, showsReadTick, SOCIAL_TEXTS } from '@rush/domain';
import type { Me, SOCIAL_COMMANDS } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { useRealtime } from '../../api/realtime-react.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { fetchMessages, markRead, sendMessage, SOCIAL_KEYS } from './api.ts';
import { addMessage, flattenPages, markReadUpTo } from './cache.ts';
import { ReadTick } from './ReadTick.tsx';
import type { ChatPeer } from './SocialContext.ts';

/** The typing signal goes out at most once a second while typing (protocol TypingCommand). */
export const TYPING_SIGNAL_MS = 1_000;
const TYPING_COMMAND = 'message.typing' satisfies keyof typeof SOCIAL_COMMANDS;

/** Ours: the SPEC names the typing indicator, not its words. */
export const typingText = (username: string): string => `${username} is typing…`;

interface ChatWindowProps {
  me: Me;
  peer: ChatPeer;
  minimized: boolean;
  left: number;
  typing: boolean;
  onToggle: () => void;
  onClose: () => void;
}

function useConversation(friendUid: string) {
  return useInfiniteQuery({
    queryKey: SOCIAL_KEYS.conversation(friendUid),
    queryFn: ({ pageParam }) => fetchMessages(friendUid, pageParam),
    initialPageParam: undefined as string | undefined,
    // The next page is older: everything before the oldest message of the last page fetched.
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    staleTime: Infinity,
  });
}

/**
 * One docked chat window (SPEC 2, 4: open, minimized, closed). Messages are plain text nodes:
 * React escapes them, so hostile markup shows as typed and never runs.
 */
export function ChatWindow({ me, peer, minimized, left, typing, onToggle, onClose }: ChatWindowProps) {
  const client = useQueryClient();
  const realtime = useRealtime();
  const conversation = useConversation(peer.uid);
  const messages = flattenPages(conversation.data);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const lastTypingSignal = useRef(0);
  const readPosted = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const send = useMutation({
    mutationFn: (message: string) => sendMessage(peer.uid, message),
    onSuccess: (message) => {
      addMessage(client, peer.uid, message);
      setText('');
    },
  });

  // SPEC 2 read receipts: an open window has shown their newest message, so it is read (and every
  // earlier one, the server's markAsRead rule). Posted once per newest message.
  const newestTheirs = messages.findLast((m) => m.sender === peer.uid);
  const unreadId = newestTheirs && !newestTheirs.read ? newestTheirs.id : null;
  const postRead = () => {
    if (minimized || !unreadId || readPosted.current === unreadId) return;
    readPosted.current = unreadId;
    markRead(peer.uid, unreadId).then(
      () => markReadUpTo(client, peer.uid, peer.uid, unreadId),
      () => {
        readPosted.current = null; // try again on the next focus
      },
    );
  };
  useEffect(postRead);

  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId, minimized]);

  const onChange = (value: string) => {
    setText(value);
    setRefusal(null);
    const now = Date.now();
    if (value.trim() && now - lastTypingSignal.current >= TYPING_SIGNAL_MS) {
      lastTypingSignal.current = now;
      // Best effort: a lost typing signal only means no indicator on the other side.
      realtime.command(TYPING_COMMAND, { to: peer.uid }).catch(() => {});
    }
  };

  const submit = () => {
    if (send.isPending) return;
    const check = checkDirectMessage({ sender: me.uid, receiver: peer.uid, text });
    if (check.ok) send.mutate(check.text);
    else if (check.reason !== 'empty') setRefusal(check.message); // SPEC 5: empty is simply not sent
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const length = codePointLength(text.trim());
  return (
    <section
      className={`chat-window${minimized ? ' is-minimized' : ''}`}
      style={{ left }}
      aria-label={`Chat with ${peer.username}`}
      onFocus={postRead}
    >
      <header className="chat-window-header">
        <button type="button" className="chat-window-title" onClick={onToggle} aria-expanded={!minimized}>
          {peer.username}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={minimized ? `Restore chat with ${peer.username}` : `Minimize chat with ${peer.username}`}
          onClick={onToggle}
        >
          {minimized ? '▴' : '▾'}
        </button>
        <button type="button" className="icon-button" aria-label={`Close chat with ${peer.username}`} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {minimized ? null : (
        <div className="chat-window-body">
          {conversation.hasNextPage ? (
            <Button
              variant="link"
              className="chat-older"
              busy={conversation.isFetchingNextPage}
              onClick={() => void conversation.fetchNextPage()}
            >
              Load older
            </Button>
          ) : null}
          <QueryState query={conversation} loading="Loading…" subject={`messages with ${peer.username}`} />
          <ol className="chat-messages" ref={list} aria-label={`Messages with ${peer.username}`}>
            {messages.map((m) => (
              <li key={m.id} className={`chat-message${m.sender === me.uid ? ' is-mine' : ''}`}>
                <span className="chat-text">{m.content}</span>
                {showsReadTick(m, me.uid) ? <ReadTick /> : null}
              </li>
            ))}
          </ol>
          <p className="chat-typing" aria-live="polite">
            {typing ? typingText(peer.username) : ''}
          </p>
          <FormMessage text={refusal ?? (send.isError ? errorText(send.error) : null)} />
          <div className="chat-compose">
            <input
              type="text"
              aria-label={SOCIAL_TEXTS.newMessage}
              placeholder={SOCIAL_TEXTS.newMessage}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={length > CHAT_MAX_LENGTH || undefined}
            />
            <span className={`chat-counter${length > CHAT_MAX_LENGTH ? ' is-over' : ''}`} aria-live="off">
              {length}/{CHAT_MAX_LENGTH}
            </span>
            <Button onClick={submit} busy={send.isPending}>
              {SOCIAL_TEXTS.send}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
