import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { messageAge, showsReadTick, SOCIAL_TEXTS } from '@rush/domain';
import type { ConversationView, Me } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { overlayLink, useCloseOverlay, withoutFlag } from '../../ui/overlayFlags.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { deleteChat, SOCIAL_KEYS } from './api.ts';
import { useConversations } from './queries.ts';
import { useSocial } from './SocialContext.ts';
import { ReadTick } from './ReadTick.tsx';

/** SPEC 2: ages are whole s/m/h/d, so a half-minute refresh keeps them honest. */
export const AGE_REFRESH_MS = 30_000;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface RowProps {
  conversation: ConversationView;
  me: Me;
  now: Date;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
}

function ConversationRow({ conversation, me, now, onOpen, onDelete, deleting }: RowProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { friend, last, unread } = conversation;
  return (
    <li className={`conversation-row${unread > 0 ? ' is-unread' : ''}`}>
      {/* The whole entry opens the chat, as people expect of a messenger list. Its name is its
          text (the friend's name first), so it begins with what is shown; the hidden separators
          sit inside the name's and the text's own boxes, so an engine that spaces the boxes still
          reads "bob: hi, 5m". */}
      <button type="button" className="conversation-open" onClick={onOpen}>
        <Avatar url={friend.avatarUrl} name={friend.username} size={36} />
        <span className="conversation-body">
          <span className="conversation-name">
            {friend.username}
            <span className="visually-hidden">:</span>
          </span>
          <span className="conversation-text">
            {last.content}
            <span className="visually-hidden">{unread > 0 ? ` (${unread} unread),` : ','}</span>
          </span>
        </span>
        <span className="conversation-meta">
          {showsReadTick(last, me.uid) ? <ReadTick /> : null}
          <time dateTime={last.timeSent}>{messageAge(new Date(last.timeSent), now)}</time>
        </span>
      </button>
      <div className="conversation-menu">
        <button
          type="button"
          className="icon-button"
          aria-label={`Options for ${friend.username}`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((v) => !v)}
        >
          ⋯
        </button>
        {menuOpen ? (
          <div role="menu" aria-label={`Chat with ${friend.username}`} className="menu conversation-actions">
            <button type="button" role="menuitem" className="menu-item" onClick={onOpen}>
              {SOCIAL_TEXTS.openMessenger}
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              disabled={deleting}
              onClick={() => {
                setMenuOpen(false);
                onDelete();
              }}
            >
              {SOCIAL_TEXTS.deleteChat}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * SPEC 2 messenger popup (`?showmessagespopup`): the last message per friend, newest first, with
 * read tick and age. Opening a chat docks its window and closes the popup (the window sits under
 * the backdrop otherwise); "See all messages" opens the most recent conversation the same way.
 */
export function MessengerPopup({ me }: { me: Me }) {
  const client = useQueryClient();
  const social = useSocial();
  const close = useCloseOverlay('showmessagespopup');
  const location = useLocation();
  const now = useNow(AGE_REFRESH_MS);
  const conversations = useConversations();
  const remove = useMutation({
    mutationFn: deleteChat,
    onSettled: () => void client.invalidateQueries({ queryKey: SOCIAL_KEYS.conversations }),
  });
  const open = (c: ConversationView) => {
    social.openChat({ uid: c.friend.uid, username: c.friend.username });
    close();
  };

  if (conversations.isError || !conversations.data) {
    return <QueryState query={conversations} loading="Loading…" subject="conversations" />;
  }
  const list = conversations.data.conversations;
  const latest = list[0];
  // The messenger gives way to Friends in place (one overlay at a time; Back closes Friends).
  const friends = overlayLink(
    { ...location, search: withoutFlag(location.search, 'showmessagespopup') },
    'friendslist',
  );
  return (
    <div className="messenger">
      {list.length === 0 ? (
        <div className="messenger-empty">
          <p>No messages yet.</p>
          <p>
            {SOCIAL_TEXTS.noMessagesHint}{' '}
            <Link to={friends.to} state={friends.state} replace>
              Open Friends
            </Link>
          </p>
        </div>
      ) : (
        <ul className="conversation-list" aria-label="Conversations">
          {list.map((c) => (
            <ConversationRow
              key={c.friend.uid}
              conversation={c}
              me={me}
              now={now}
              onOpen={() => open(c)}
              onDelete={() => remove.mutate(c.friend.uid)}
              deleting={remove.isPending && remove.variables === c.friend.uid}
            />
          ))}
        </ul>
      )}
      <FormMessage text={remove.isError ? errorText(remove.error) : null} />
      <Button variant="link" disabled={!latest} onClick={() => latest && open(latest)}>
        {SOCIAL_TEXTS.seeAllMessages}
      </Button>
    </div>
  );
}
