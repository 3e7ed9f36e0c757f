import { AVATAR_MIME_TYPES } from '@rush/domain';
import { reencodeImage } from '../../platform/uploads/images.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_CONTENT_TYPE = 'image/webp';

/**
 * SPEC 5: png and jpeg only, judged by the bytes (magic numbers), never by the file name or
 * the declared type. An accepted picture is re-encoded (the shared upload re-encoder) to a
 * 256x256 cover-cropped WebP, which drops metadata (location!) and anything a crafted file
 * might carry. Returns null for anything else, which the caller ignores silently as the SPEC asks.
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer | null> {
  const image = await reencodeImage(input, { accept: AVATAR_MIME_TYPES, to: 'webp', square: AVATAR_SIZE });
  return image?.bytes ?? null;
}
