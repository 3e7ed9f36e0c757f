import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTES, RaiseFlagRequest, type FlaggedUsersResponse } from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAdmin, type AdminChanges } from '../audit/index.ts';
import type { FlagsService } from './flags.service.ts';
import { EmptyBody } from '../../platform/http/typed-routes.ts';

const FLAG_ID = /^[1-9][0-9]{0,17}$/;

/** SPEC 2 "system-flagged users": the list, raising a flag by hand, deleting one. Each write answers the new list. */
export function flagsRoutes(app: FastifyInstance, flags: FlagsService, changes: AdminChanges): void {
  app.get(ADMIN_ROUTES.flags, async (request, reply): Promise<FlaggedUsersResponse> => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return flags.list();
  });

  app.post(ADMIN_ROUTES.flags, async (request): Promise<FlaggedUsersResponse> => {
    const admin = requireAdmin(request);
    await flags.raise(admin.user.id, parse(RaiseFlagRequest, request.body));
    await changes.publish(['flags']);
    return flags.list();
  });

  app.post<{ Params: { id: string } }>(
    ADMIN_ROUTES.flagDelete(':id'),
    async (request): Promise<FlaggedUsersResponse> => {
      const admin = requireAdmin(request);
      if (!FLAG_ID.test(request.params.id)) throw notFound();
      parse(EmptyBody, request.body ?? undefined);
      await flags.delete(admin.user.id, BigInt(request.params.id));
      await changes.publish(['flags']);
      return flags.list();
    },
  );
}
