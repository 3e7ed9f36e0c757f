import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTES, AuditQuery, type AuditResponse } from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import { requireAdmin, type AuditLog } from '../audit/index.ts';

/** GET the audit log: newest first, 50 a page, filtered by action, admin and target. */
export function auditRoutes(app: FastifyInstance, audit: AuditLog): void {
  app.get(ADMIN_ROUTES.audit, async (request, reply): Promise<AuditResponse> => {
    requireAdmin(request);
    const { page, ...filter } = parse(AuditQuery, request.query);
    reply.header('cache-control', 'no-store');
    return audit.page(filter, page);
  });
}
