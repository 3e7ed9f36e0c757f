import { useId, type ChangeEvent } from 'react';
import { AVATAR_MIME_TYPES } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { uploadAvatar } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useMeUpdate } from './useMeUpdate.ts';

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** SPEC 5: png, jpg and jpeg only; anything else is silently ignored. */
export function isAcceptedAvatar(file: File): boolean {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(file.type);
}

export function AvatarSection({ me }: { me: Me }) {
  const inputId = useId();
  const upload = useMeUpdate(uploadAvatar);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !isAcceptedAvatar(file)) return;
    upload.mutate(file);
  };

  return (
    <section className="settings-section settings-avatar" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Avatar</h3>
      <div className="settings-row">
        <Avatar url={me.avatarUrl} name={me.username} size={64} />
        <div className="file-button">
          <input id={inputId} type="file" accept={ACCEPT} className="visually-hidden" onChange={onChange} />
          <label htmlFor={inputId} className="btn btn-secondary" aria-busy={upload.isPending || undefined}>
            Change avatar
          </label>
        </div>
      </div>
      <p className="field-hint">PNG or JPG.</p>
      <FormMessage text={upload.isError ? errorText(upload.error) : null} />
    </section>
  );
}
