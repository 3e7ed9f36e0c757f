import type { FastifyInstance } from 'fastify';
import { SOCIAL_ROUTES, type DismissReportsResponse } from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { sendUpload } from '../../platform/uploads/serve.ts';
import { requireAdmin, targetUid } from '../admin/index.ts';
import type { ReportsService } from './reports.service.ts';

const Empty = z.object({}).strict().optional();
/** Bug report ids are bigserials; positions 0-2. Anything else names no image and never reaches a query. */
const REPORT_ID = /^[1-9][0-9]{0,17}$/;
const POSITION = /^[0-2]$/;

/** The reports part of the admin API (SPEC 6 "dismiss or confirm reports", bug reports review); the console is a later issue. */
export function reportsAdminRoutes(app: FastifyInstance, reports: ReportsService): void {
  app.post<{ Params: { uid: string } }>(
    SOCIAL_ROUTES.adminDismissReports(':uid'),
    async (request): Promise<DismissReportsResponse> => {
      requireAdmin(request);
      const uid = targetUid(request);
      parse(Empty, request.body ?? undefined);
      return { dismissed: await reports.dismissReports(uid) };
    },
  );

  app.get<{ Params: { id: string; position: string } }>(
    SOCIAL_ROUTES.adminBugImage(':id', ':position'),
    async (request, reply) => {
      requireAdmin(request);
      const { id, position } = request.params;
      if (!REPORT_ID.test(id) || !POSITION.test(position)) throw notFound();
      const image = await reports.bugImage(BigInt(id), Number(position));
      if (!image) throw notFound();
      reply.header('cache-control', 'private, no-store');
      return sendUpload(reply, image.mime, image.bytes);
    },
  );
}
