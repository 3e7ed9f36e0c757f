import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { Decompress } from 'fzstd';

export type Compression = 'none' | 'gzip' | 'zstd';

export function compressionOf(file: string): Compression {
  const lower = file.toLowerCase();
  if (lower.endsWith('.zst') || lower.endsWith('.zstd')) return 'zstd';
  if (lower.endsWith('.gz')) return 'gzip';
  return 'none';
}

export interface SourceProgress {
  /** Bytes of the file read so far (compressed bytes for .gz/.zst). */
  bytesRead: number;
  bytesTotal: number;
}

/**
 * The file as text chunks, decompressed on the fly: never the whole file in memory, only one
 * read chunk and what decompressing it yields. `progress` tells how far into the file we are.
 */
export async function* textChunks(file: string, progress?: (p: SourceProgress) => void): AsyncGenerator<string> {
  const bytesTotal = fs.statSync(file).size;
  let bytesRead = 0;
  const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const decoder = new StringDecoder('utf8');
  const kind = compressionOf(file);
  const tick = (n: number) => {
    bytesRead += n;
    progress?.({ bytesRead, bytesTotal });
  };
  try {
    if (kind === 'gzip') {
      const gunzip = zlib.createGunzip();
      input.on('data', (b: Buffer | string) => tick(b.length));
      for await (const out of input.pipe(gunzip)) yield decoder.write(out as Buffer);
    } else if (kind === 'zstd') {
      let produced: Uint8Array[] = [];
      const zstd = new Decompress((chunk) => produced.push(chunk));
      for await (const raw of input) {
        const buf = raw as Buffer;
        tick(buf.length);
        zstd.push(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
        for (const c of produced) yield decoder.write(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
        produced = [];
      }
      zstd.push(new Uint8Array(0), true);
      for (const c of produced) yield decoder.write(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
    } else {
      for await (const raw of input) {
        const buf = raw as Buffer;
        tick(buf.length);
        yield decoder.write(buf);
      }
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    input.destroy();
  }
}

/** The name an import is recorded under: the file's base name (resuming works from any folder). */
export const sourceName = (file: string): string => path.basename(file);
