import type { FastifyReply } from 'fastify';

/**
 * Headers of every response that carries bytes a user uploaded (avatars, bug report images).
 * Even re-encoded, such a response must never be taken for anything but the declared image:
 * `nosniff` stops a browser from guessing HTML or script out of it, and a CSP of nothing but a
 * sandbox means that, opened on its own (our origin, the user's cookies), it can run no script,
 * load nothing, submit nothing and reach no other window.
 */
export const UPLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** Sends uploaded bytes with their stored type and UPLOAD_HEADERS. */
export function sendUpload(reply: FastifyReply, type: string, bytes: Buffer): FastifyReply {
  return reply.type(type).headers(UPLOAD_HEADERS).send(bytes);
}
