import type { FastifyRequest } from 'fastify';
import { TEXTS } from '@rush/domain';
import { IdempotencyKey, IDEMPOTENCY_HEADER } from '@rush/protocol';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { requireAuth, type RequestAuth } from '../accounts/index.ts';

/** SPEC 6 admin: a verified address on ADMIN_EMAILS (decided per request by accounts); everyone else gets 403. */
export function requireAdmin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (auth.role !== 'admin') throw forbidden();
  return auth;
}

export const UID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A user id in the path: anything not shaped like one names nobody. */
export function targetUid(request: FastifyRequest<{ Params: { uid: string } }>): string {
  const uid = request.params.uid;
  if (!UID_SHAPE.test(uid)) throw notFound();
  return uid;
}

/** The admin money POSTs must say which click they are, so a double click or a retry pays once. */
export function idempotencyKey(request: FastifyRequest): string {
  const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!parsed.success)
    throw badRequest(TEXTS.idempotencyKeyRequired, { [IDEMPOTENCY_HEADER]: TEXTS.idempotencyKeyRequired });
  return parsed.data;
}
