import { Button } from '../../ui/Button.tsx';
import { useSettingToggle } from '../accounts/index.ts';

/**
 * Issue 19: Mute on the game screen, a toggle (pressed = muted) of the user's `soundMuted`
 * setting, saved on the account, so it holds after a reload and on the user's other devices.
 */
export function SoundToggle({ muted }: { muted: boolean }) {
  const toggle = useSettingToggle();
  return (
    <Button
      variant="ghost"
      className="sound-toggle"
      aria-pressed={muted}
      onClick={() => toggle.mutate({ soundMuted: !muted })}
    >
      Mute
    </Button>
  );
}
