import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTES, AuditQuery, AuditResponse } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import { adminFirst, type AuditLog } from '../audit/index.ts';

/** GET the audit log: newest first, 50 a page, filtered by action, admin and target. */
export function auditRoutes(app: FastifyInstance, audit: AuditLog): void {
  typed(app).get(
    ADMIN_ROUTES.audit,
    { preValidation: adminFirst, schema: { querystring: AuditQuery, response: { 200: AuditResponse } } },
    async (request, reply) => {
      const { page, ...filter } = request.query;
      reply.header('cache-control', 'no-store');
      return audit.page(filter, page);
    },
  );
}
