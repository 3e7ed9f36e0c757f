import type { Me } from '@rush/protocol';
import { AvatarSection } from './AvatarSection.tsx';
import { ChessAccountSection } from './ChessAccountSection.tsx';
import { ColorSection } from './ColorSection.tsx';
import { SoundSection } from './SoundSection.tsx';
import { UsernameSection } from './UsernameSection.tsx';

export function GeneralPane({ me }: { me: Me }) {
  return (
    <div className="settings-pane">
      <AvatarSection me={me} />
      <UsernameSection me={me} />
      <ColorSection me={me} />
      <ChessAccountSection me={me} />
      <SoundSection me={me} />
    </div>
  );
}
