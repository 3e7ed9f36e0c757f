import { BUG_IMAGE_MAX_BYTES, BUG_IMAGES_MAX, imageKindOf, SOCIAL_TEXTS, type ImageKind } from '@rush/domain';

export interface PickedImage {
  /** Unique within the form (a name may be picked twice). */
  id: number;
  name: string;
  kind: ImageKind;
  bytes: Uint8Array;
}

function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

let nextId = 1;

/**
 * SPEC 5 bug images: "jpeg, png, jpg, at most 3", checked by content. Adds the picked files that
 * are JPEG or PNG by their bytes (whatever their name or declared type say) to `current`, up to 3;
 * the rest are left out, with the note saying why (the last reason wins; null when all fit).
 */
export async function addImages(
  current: readonly PickedImage[],
  files: readonly File[],
): Promise<{ images: PickedImage[]; note: string | null }> {
  const images = [...current];
  let note: string | null = null;
  for (const file of files) {
    if (images.length >= BUG_IMAGES_MAX) {
      note = SOCIAL_TEXTS.bugTooManyImages;
      break;
    }
    if (file.size > BUG_IMAGE_MAX_BYTES) {
      note = SOCIAL_TEXTS.bugImageTooLarge;
      continue;
    }
    const bytes = await readBytes(file);
    const kind = imageKindOf(bytes);
    if (!kind) {
      note = SOCIAL_TEXTS.bugImageType;
      continue;
    }
    images.push({ id: nextId++, name: file.name, kind, bytes });
  }
  return { images, note };
}
