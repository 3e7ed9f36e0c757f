import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@rush/protocol';
import { changeSettings } from './api.ts';
import { patchMe, SESSION_KEY, setMe } from '../../api/session.ts';

const SETTINGS_MUTATION = ['account-settings'] as const;

/**
 * Saves a settings flag optimistically; a failure puts the old value back. While another toggle
 * is still saving, an earlier answer does not overwrite the newer optimistic value.
 */
export function useSettingToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: SETTINGS_MUTATION,
    mutationFn: (change: Partial<UserSettings>) => changeSettings(change),
    onMutate: (change) => patchMe(client, (me) => ({ ...me, settings: { ...me.settings, ...change } })),
    onError: (_error, _change, previous) => {
      if (previous) setMe(client, previous);
    },
    onSuccess: (me) => {
      if (client.isMutating({ mutationKey: SETTINGS_MUTATION }) > 1) return;
      if (me) setMe(client, me);
      else void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
