import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTES, FlaggedUsersResponse, RaiseFlagRequest } from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { adminFirst, requireAdmin, type AdminChanges } from '../audit/index.ts';
import type { FlagsService } from './flags.service.ts';
import { bodyOrEmpty, EmptyBody, paramFirst, typed } from '../../platform/http/typed-routes.ts';

const FLAG_ID = /^[1-9][0-9]{0,17}$/;
/** Checked by `flagFirst` (404), not by the schema (400). */
const IdParams = z.object({ id: z.string() });
const flagFirst = paramFirst('id', (raw) => {
  if (!FLAG_ID.test(raw)) throw notFound();
});

/** SPEC 2 "system-flagged users": the list, raising a flag by hand, deleting one. Each write answers the new list. */
export function flagsRoutes(instance: FastifyInstance, flags: FlagsService, changes: AdminChanges): void {
  const app = typed(instance);
  app.get(
    ADMIN_ROUTES.flags,
    { preValidation: adminFirst, schema: { response: { 200: FlaggedUsersResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return flags.list();
    },
  );

  app.post(
    ADMIN_ROUTES.flags,
    { preValidation: adminFirst, schema: { body: RaiseFlagRequest, response: { 200: FlaggedUsersResponse } } },
    async (request) => {
      const admin = requireAdmin(request);
      await flags.raise(admin.user.id, request.body);
      await changes.publish(['flags']);
      return flags.list();
    },
  );

  // No body, a JSON null or `{}`: the handler parsed `request.body ?? undefined`.
  app.post(
    ADMIN_ROUTES.flagDelete(':id'),
    {
      preValidation: [adminFirst, flagFirst],
      schema: { params: IdParams, body: bodyOrEmpty(EmptyBody), response: { 200: FlaggedUsersResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await flags.delete(admin.user.id, BigInt(request.params.id));
      await changes.publish(['flags']);
      return flags.list();
    },
  );
}
