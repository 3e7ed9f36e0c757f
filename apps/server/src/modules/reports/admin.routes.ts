import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  AdminBugReport,
  AdminBugReportsQuery,
  AdminBugReportsResponse,
  BugReportArchiveRequest,
  DismissReportsResponse,
  OkResponse,
  SOCIAL_ROUTES,
} from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { sendUpload } from '../../platform/uploads/serve.ts';
import { adminFirst, adminUidFirst, requireAdmin, targetUid, UidParams, type AdminTrail } from '../audit/index.ts';
import type { BugReportRow } from './reports.store.ts';
import type { ReportsService } from './reports.service.ts';
import { bodyOrEmpty, EmptyBody, paramFirst, typed } from '../../platform/http/typed-routes.ts';

/** Bug report ids are bigserials; positions 0-2. Anything else names no image and never reaches a query. */
const REPORT_ID = /^[1-9][0-9]{0,17}$/;
const POSITION = /^[0-2]$/;

/** Path parts checked by hand (404), not by the schema (400). */
const IdParams = z.object({ id: z.string() });
const ImageParams = z.object({ id: z.string(), position: z.string() });

const reportId = (raw: string): bigint => {
  if (!REPORT_ID.test(raw)) throw notFound();
  return BigInt(raw);
};
/** A route's `preValidation` hook after adminFirst: a report id that names nothing is a 404 before the body. */
const reportFirst = paramFirst('id', reportId);
/** No body, a JSON null or `{}`: the handlers parsed `request.body ?? undefined`. */
const NoBody = bodyOrEmpty(EmptyBody);

const bugView = (r: BugReportRow): AdminBugReport => ({
  id: r.id,
  uid: r.uid,
  username: r.username,
  title: r.title,
  platform: r.platform,
  description: r.description,
  // Rows from before issue 12 may say 'deleted'; they are listed nowhere, so this never shows.
  status: r.status === 'deleted' ? 'archived' : r.status,
  images: Math.min(3, r.images),
  created: r.created.toISOString(),
});

/**
 * The reports part of the admin API (SPEC 6 "dismiss or confirm reports", bug reports review,
 * archive, de-archive, delete). Confirming cheating bans, so it lives with the admin's
 * moderation; the list of player reports is here with the table it reads. Every write leaves an
 * audit row in its own transaction and tells the open consoles.
 */
export function reportsAdminRoutes(instance: FastifyInstance, reports: ReportsService, admin: AdminTrail): void {
  const app = typed(instance);
  app.post(
    SOCIAL_ROUTES.adminDismissReports(':uid'),
    {
      preValidation: adminUidFirst,
      schema: { params: UidParams, body: NoBody, response: { 200: DismissReportsResponse } },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const uid = targetUid(request);
      const hook = admin.audit.hook({ adminUid: auth.user.id, action: 'reports.dismiss', target: uid });
      const dismissed = await reports.dismissReports(uid, hook);
      await admin.changes.publish(['reports', 'users']);
      return { dismissed };
    },
  );

  // The image's own bytes and type (sendUpload): no JSON answer to declare.
  app.get(
    SOCIAL_ROUTES.adminBugImage(':id', ':position'),
    { preValidation: adminFirst, schema: { params: ImageParams } },
    async (request, reply) => {
      const { id, position } = request.params;
      if (!REPORT_ID.test(id) || !POSITION.test(position)) throw notFound();
      const image = await reports.bugImage(BigInt(id), Number(position));
      if (!image) throw notFound();
      reply.header('cache-control', 'private, no-store');
      return sendUpload(reply, image.mime, image.bytes);
    },
  );

  app.get(
    ADMIN_ROUTES.bugReports,
    {
      preValidation: adminFirst,
      schema: { querystring: AdminBugReportsQuery, response: { 200: AdminBugReportsResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { reports: (await reports.bugReportsList(request.query.status)).map(bugView) };
    },
  );

  app.put(
    ADMIN_ROUTES.bugReportArchive(':id'),
    {
      preValidation: [adminFirst, reportFirst],
      schema: { params: IdParams, body: BugReportArchiveRequest, response: { 200: AdminBugReport } },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const id = reportId(request.params.id);
      const { archived } = request.body;
      const hook = admin.audit.hook({
        adminUid: auth.user.id,
        action: archived ? 'bugReport.archive' : 'bugReport.dearchive',
        target: `bug:${id}`,
      });
      const report = await reports.archiveBug(id, archived, hook);
      if (!report) throw notFound();
      await admin.changes.publish(['bugReports']);
      return bugView(report);
    },
  );

  app.post(
    ADMIN_ROUTES.bugReportDelete(':id'),
    {
      preValidation: [adminFirst, reportFirst],
      schema: { params: IdParams, body: NoBody, response: { 200: OkResponse } },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const id = reportId(request.params.id);
      const hook = admin.audit.hook({ adminUid: auth.user.id, action: 'bugReport.delete', target: `bug:${id}` });
      if (!(await reports.deleteBug(id, hook))) throw notFound();
      await admin.changes.publish(['bugReports']);
      return { ok: true as const };
    },
  );
}
