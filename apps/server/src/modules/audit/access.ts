import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../platform/errors.ts';
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
