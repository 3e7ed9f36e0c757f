import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Responses below this go as they are: compressing them saves less than it costs (issue 17). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API responses (JSON above the threshold) with @fastify/compress, brotli first, then
 * gzip, by the request's Accept-Encoding. Brotli at quality 4: per request, the top quality costs
 * tens of milliseconds for a few percent; the build's files are compressed once at quality 11
 * instead (static.ts serves those as they are, and this plugin leaves an encoded reply alone).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
