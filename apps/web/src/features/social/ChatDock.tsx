import { dockedPositions } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { ChatWindow } from './ChatWindow.tsx';
import { useSocial } from './SocialContext.ts';

/** SPEC 2: the chat windows docked at the bottom, 100px from the left and 320px apart. */
export function ChatDock({ me }: { me: Me }) {
  const social = useSocial();
  if (social.windows.length === 0) return null;
  const positions = dockedPositions(social.windows);
  return (
    <div className="chat-dock">
      {social.windows.map((w, i) => {
        const peer = social.peers.get(w.uid);
        if (!peer) return null;
        return (
          <ChatWindow
            key={w.uid}
            me={me}
            peer={peer}
            minimized={w.state === 'minimized'}
            left={positions[i]?.left ?? 0}
            typing={social.typing.has(w.uid)}
            onToggle={() => social.toggleChat(w.uid)}
            onClose={() => social.closeChat(w.uid)}
          />
        );
      })}
    </div>
  );
}
