import { Button } from '../../ui/Button.tsx';
import { useConversations } from './queries.ts';
import type { ChatPeer } from './SocialContext.ts';

/**
 * A message that arrived while its chat window was not open (issue 19): a notice naming the
 * sender, whose Open docks the chat. The name comes from the conversations list the message
 * itself refetched; until it is known the notice waits rather than show an empty name.
 */
export function MessageNotice({
  from,
  onOpen,
  onDismiss,
}: {
  from: string;
  onOpen: (peer: ChatPeer) => void;
  onDismiss: () => void;
}) {
  const conversations = useConversations();
  const friend = conversations.data?.conversations.find((c) => c.friend.uid === from)?.friend;
  if (!friend) return null;
  return (
    <div className="message-notice" role="status">
      <span>New message from {friend.username}</span>
      <Button
        aria-label={`Open chat with ${friend.username}`}
        onClick={() => onOpen({ uid: friend.uid, username: friend.username })}
      >
        Open
      </Button>
      <Button variant="secondary" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
