import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AVATAR_MIME_TYPES } from '@rush/domain';

export const AVATAR_SIZE = 256;
export const AVATAR_CONTENT_TYPE = 'image/webp';
/**
 * A 5 MB file can still declare a huge canvas (a decompression bomb); 50 megapixels covers
 * phone cameras and bounds the memory a decode may take.
 */
const MAX_INPUT_PIXELS = 50_000_000;

const ACCEPTED = new Set<string>(AVATAR_MIME_TYPES);

/**
 * SPEC 5: png and jpeg only, judged by the bytes (magic numbers), never by the file name or
 * the declared type. An accepted picture is re-encoded to a 256x256 cover-cropped WebP, which
 * drops metadata (location!) and anything a crafted file might carry. Returns null for
 * anything else, which the caller ignores silently as the SPEC asks.
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer | null> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) return null;
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour the EXIF orientation before it is stripped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Right magic bytes but not a decodable image (truncated, corrupt, too large): not a picture.
    return null;
  }
}
