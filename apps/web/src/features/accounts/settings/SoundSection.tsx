import { useId } from 'react';
import type { Me } from '@rush/protocol';
import { useSettingToggle } from '../useSettingToggle.ts';
import { useLocalOverride } from './useLocalOverride.ts';

/**
 * Issue 19: game sounds (start, move, capture, check, low time) on or off. Saved on the account
 * (`soundMuted`), so the choice holds after a reload and on the user's other devices; the game
 * screen's Mute button is the same setting.
 */
export function SoundSection({ me }: { me: Me }) {
  const id = useId();
  const toggle = useSettingToggle();
  const muted = useLocalOverride(me.settings.soundMuted);
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Sound</h3>
      <div className="checkbox-row">
        <input
          id={`${id}-mute`}
          type="checkbox"
          checked={muted.value}
          onChange={(e) => {
            muted.choose(e.target.checked);
            toggle.mutate({ soundMuted: e.target.checked }, { onSettled: muted.settle });
          }}
        />
        <label htmlFor={`${id}-mute`}>Mute game sounds</label>
      </div>
    </section>
  );
}
