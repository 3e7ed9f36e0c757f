import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERNAME_COLORS, type UsernameColorId } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { changeColor } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { Username } from '../../../ui/Username.tsx';
import { patchMe, SESSION_KEY, setMe } from '../../../api/session.ts';
import { useLocalOverride } from './useLocalOverride.ts';

/** Username font colour: the five SPEC swatches as a radio group, saved at once. */
export function ColorSection({ me }: { me: Me }) {
  const name = useId();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: changeColor,
    onMutate: (color: UsernameColorId) => patchMe(client, (m) => ({ ...m, usernameColor: color })),
    onError: (_e, _color, previous) => {
      if (previous) setMe(client, previous);
    },
    onSuccess: (updated) => {
      if (updated) setMe(client, updated);
      else void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });

  const chosen = useLocalOverride(me.usernameColor);

  return (
    <fieldset className="settings-section swatches">
      <legend>Username colour</legend>
      <div className="swatch-list">
        {USERNAME_COLORS.map((color) => (
          <label key={color.id} className="swatch">
            <input
              type="radio"
              name={name}
              value={color.id}
              checked={chosen.value === color.id}
              onChange={() => {
                chosen.choose(color.id);
                save.mutate(color.id, { onSettled: chosen.settle });
              }}
            />
            <span className="swatch-chip" style={{ background: color.hex }} aria-hidden="true" />
            <span className="swatch-name">{color.name}</span>
          </label>
        ))}
      </div>
      <p className="settings-preview">
        Preview: <Username name={me.username} color={chosen.value} />
      </p>
      <FormMessage text={save.isError ? errorText(save.error) : null} />
    </fieldset>
  );
}
