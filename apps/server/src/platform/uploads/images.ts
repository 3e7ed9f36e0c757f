import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * A 5 MB file can still declare a huge canvas (a decompression bomb); 50 megapixels covers
 * phone cameras and bounds the memory a decode may take.
 */
const MAX_INPUT_PIXELS = 50_000_000;

export type ReencodedType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ReencodeOptions {
  /** The types accepted, judged by the bytes (magic numbers), never by a name or declared type. */
  accept: readonly string[];
  /** 'webp', or 'same' to keep a PNG a PNG and a JPEG a JPEG. */
  to: 'webp' | 'same';
  /** A square side to cover-crop to (avatars); the size is kept when absent. */
  square?: number;
}

/**
 * Every picture a user uploads goes through here before it is stored: decoded and encoded
 * anew, so what we store and serve is pixels we wrote, never the sender's bytes. That drops
 * metadata (location!) and whatever a crafted file carries around a valid image: trailing
 * HTML or script after a PNG's IEND (a polyglot), comments, extra chunks. Null for anything
 * of another type or that does not decode (right magic bytes, garbage after them).
 */
export async function reencodeImage(
  input: Uint8Array,
  opts: ReencodeOptions,
): Promise<{ type: ReencodedType; bytes: Buffer } | null> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !opts.accept.includes(detected.mime)) return null;
  try {
    // sharp's default failOn ('warning') refuses a truncated or corrupt image rather than half-decoding it.
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(); // EXIF orientation, before it is stripped
    if (opts.square) image = image.resize(opts.square, opts.square, { fit: 'cover', position: 'centre' });
    if (opts.to === 'webp') return { type: 'image/webp', bytes: await image.webp({ quality: 85 }).toBuffer() };
    if (detected.mime === 'image/png') return { type: 'image/png', bytes: await image.png().toBuffer() };
    if (detected.mime === 'image/jpeg')
      return { type: 'image/jpeg', bytes: await image.jpeg({ quality: 90 }).toBuffer() };
    return null;
  } catch {
    // Right magic bytes but not a decodable image (truncated, corrupt, too large): not a picture.
    return null;
  }
}
