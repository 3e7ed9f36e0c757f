import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
export function targetUid(request: { readonly params: { uid: string } }): string {
  const uid = request.params.uid;
  if (!UID_SHAPE.test(uid)) throw notFound();
  return uid;
}

/**
 * A route's `preValidation` hook: a visitor is refused (401) and a player (403) before the
 * input is validated, the order the handlers had when they called requireAdmin before parsing.
 */
export function adminFirst(request: FastifyRequest): Promise<void> {
  return Promise.resolve().then(() => {
    requireAdmin(request);
  });
}

/** As adminFirst, then a path uid that names nobody is a 404, both before the body is validated. */
export function adminUidFirst(request: FastifyRequest): Promise<void> {
  return Promise.resolve().then(() => {
    requireAdmin(request);
    targetUid({ params: request.params as { uid: string } });
  });
}

/** The path of a route with `:uid`: checked by targetUid (404), not by the schema (400). */
export const UidParams = z.object({ uid: z.string() });
