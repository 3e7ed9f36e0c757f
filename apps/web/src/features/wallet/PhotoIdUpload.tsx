import { useRef, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isPhotoIdType, ONBOARDING_TEXTS } from '@rush/domain';
import type { IdentityView } from '@rush/protocol';
import { uploadPhotoId } from './api.ts';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { WALLET_IDENTITY_KEY } from './ProcessingNotice.tsx';

/**
 * SPEC 2 photo ID step: "Upload a photo ID", the prompt (SPEC 8: "We were unable to verify your
 * identity based on the information provided."), Upload My Photo ID (opens the file picker), and
 * "Uploading your photo..." while it goes. SPEC 5: a file other than png, jpg or jpeg is ignored
 * without a word.
 */
export function PhotoIdUpload() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadPhotoId,
    onSuccess: (view: IdentityView) => {
      client.setQueryData(WALLET_IDENTITY_KEY, view);
      if (view.step === 'verified') void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !isPhotoIdType(file.type)) return;
    upload.mutate(file);
  };
  return (
    <section className="wallet-card wallet-onboarding" aria-labelledby="wallet-photo-title">
      <h2 id="wallet-photo-title">{ONBOARDING_TEXTS.photoTitle}</h2>
      <p>{ONBOARDING_TEXTS.photoNeeded}</p>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpg,image/jpeg"
        hidden
        aria-label="Photo ID file"
        data-testid="photo-id-input"
        onChange={chosen}
      />
      {upload.isPending ? (
        <p role="status">{ONBOARDING_TEXTS.photoUploading}</p>
      ) : (
        <Button type="button" onClick={() => input.current?.click()}>
          {ONBOARDING_TEXTS.photoUpload}
        </Button>
      )}
      <FormMessage text={upload.isError ? errorText(upload.error) : null} />
    </section>
  );
}
