import { useId } from 'react';
import { isRealityCheckInterval, REALITY_CHECK_INTERVALS, realityCheckIntervalLabel } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { useSettingToggle } from '../accounts/index.ts';

/**
 * Issue 37: the reality check's interval in the Gaming pane (Off, every 15, 30 or 60 minutes),
 * saved on the account like the other settings, so every device and tab uses it.
 */
export function RealityCheckSection({ me }: { me: Me }) {
  const id = useId();
  const save = useSettingToggle();
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Reality check</h3>
      <p className="settings-preview" id={`${id}-help`}>
        While you play, a reminder shows how long you have been playing and how much you have won or lost since you came
        in. It never interrupts a game: it waits until the game ends.
      </p>
      <label htmlFor={`${id}-interval`}>Reality check interval</label>
      <select
        id={`${id}-interval`}
        aria-describedby={`${id}-help`}
        value={me.settings.realityCheckMinutes}
        onChange={(e) => {
          const minutes = Number(e.target.value);
          if (isRealityCheckInterval(minutes)) save.mutate({ realityCheckMinutes: minutes });
        }}
      >
        {REALITY_CHECK_INTERVALS.map((m) => (
          <option key={m} value={m}>
            {realityCheckIntervalLabel(m)}
          </option>
        ))}
      </select>
      {save.isError ? (
        <p role="alert" className="field-error">
          Your choice was not saved. Please try again.
        </p>
      ) : null}
    </section>
  );
}
