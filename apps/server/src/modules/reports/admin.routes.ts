import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  AdminBugReportsQuery,
  BugReportArchiveRequest,
  SOCIAL_ROUTES,
  type AdminBugReport,
  type AdminBugReportsResponse,
  type DismissReportsResponse,
} from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { sendUpload } from '../../platform/uploads/serve.ts';
import { requireAdmin, targetUid, type AdminTrail } from '../audit/index.ts';
import type { BugReportRow } from './reports.store.ts';
import type { ReportsService } from './reports.service.ts';
import { EmptyBody } from '../../platform/http/typed-routes.ts';

/** Bug report ids are bigserials; positions 0-2. Anything else names no image and never reaches a query. */
const REPORT_ID = /^[1-9][0-9]{0,17}$/;
const POSITION = /^[0-2]$/;

type IdRequest = { Params: { id: string } };

const reportId = (raw: string): bigint => {
  if (!REPORT_ID.test(raw)) throw notFound();
  return BigInt(raw);
};

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
export function reportsAdminRoutes(app: FastifyInstance, reports: ReportsService, admin: AdminTrail): void {
  app.post<{ Params: { uid: string } }>(
    SOCIAL_ROUTES.adminDismissReports(':uid'),
    async (request): Promise<DismissReportsResponse> => {
      const auth = requireAdmin(request);
      const uid = targetUid(request);
      parse(EmptyBody, request.body ?? undefined);
      const hook = admin.audit.hook({ adminUid: auth.user.id, action: 'reports.dismiss', target: uid });
      const dismissed = await reports.dismissReports(uid, hook);
      await admin.changes.publish(['reports', 'users']);
      return { dismissed };
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

  app.get(ADMIN_ROUTES.bugReports, async (request, reply): Promise<AdminBugReportsResponse> => {
    requireAdmin(request);
    const { status } = parse(AdminBugReportsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return { reports: (await reports.bugReportsList(status)).map(bugView) };
  });

  app.put<IdRequest>(ADMIN_ROUTES.bugReportArchive(':id'), async (request): Promise<AdminBugReport> => {
    const auth = requireAdmin(request);
    const id = reportId(request.params.id);
    const { archived } = parse(BugReportArchiveRequest, request.body);
    const hook = admin.audit.hook({
      adminUid: auth.user.id,
      action: archived ? 'bugReport.archive' : 'bugReport.dearchive',
      target: `bug:${id}`,
    });
    const report = await reports.archiveBug(id, archived, hook);
    if (!report) throw notFound();
    await admin.changes.publish(['bugReports']);
    return bugView(report);
  });

  app.post<IdRequest>(ADMIN_ROUTES.bugReportDelete(':id'), async (request) => {
    const auth = requireAdmin(request);
    const id = reportId(request.params.id);
    parse(EmptyBody, request.body ?? undefined);
    const hook = admin.audit.hook({ adminUid: auth.user.id, action: 'bugReport.delete', target: `bug:${id}` });
    if (!(await reports.deleteBug(id, hook))) throw notFound();
    await admin.changes.publish(['bugReports']);
    return { ok: true as const };
  });
}
