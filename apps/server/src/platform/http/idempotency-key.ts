import type { FastifyRequest } from 'fastify';
import { TEXTS } from '@rush/domain';
import { IdempotencyKey, IDEMPOTENCY_HEADER } from '@rush/protocol';
import { badRequest } from '../errors.ts';

/**
 * The `Idempotency-Key` header of a money POST: which click (or which intended payment) a
 * request is, so a double click, a client's retry or a proxy's resend pays once. Malformed
 * (or sent twice) is a 400 VALIDATION answer; absent answers undefined unless it is required.
 */
export function idempotencyKeyOf(request: FastifyRequest, options: { required: true }): string;
export function idempotencyKeyOf(request: FastifyRequest, options: { required: false }): string | undefined;
export function idempotencyKeyOf(request: FastifyRequest, options: { required: boolean }): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined && !options.required) return undefined;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    const text = raw === undefined ? TEXTS.idempotencyKeyRequired : TEXTS.idempotencyKeyInvalid;
    throw badRequest(text, { [IDEMPOTENCY_HEADER]: text });
  }
  return parsed.data;
}
