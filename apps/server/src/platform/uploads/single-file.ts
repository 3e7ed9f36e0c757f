import type { FastifyError } from 'fastify';
import { TEXTS } from '@rush/domain';
import { AppError } from '../errors.ts';

/** A part of a multipart body as @fastify/multipart yields it. */
export interface Part {
  type: 'file' | 'field';
  fieldname: string;
  toBuffer?: () => Promise<Buffer>;
}

/**
 * Reads the one `file` part into memory (the plugin's size limit applies) and insists it is the
 * only part. Multipart limits come back as 4xx errors from the plugin; a form the parser cannot
 * make sense of is also the client's mistake, so it becomes a 400 rather than a 500.
 */
export async function readSingleFile(parts: AsyncIterable<Part>): Promise<Buffer> {
  const invalid = () => new AppError('VALIDATION', TEXTS.badRequest, { file: TEXTS.badRequest });
  try {
    let bytes: Buffer | null = null;
    for await (const part of parts) {
      if (bytes !== null || part.type !== 'file' || part.fieldname !== 'file' || !part.toBuffer) throw invalid();
      bytes = await part.toBuffer();
    }
    if (bytes === null) throw invalid();
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as Partial<FastifyError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw invalid();
  }
}
