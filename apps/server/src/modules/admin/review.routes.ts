import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTES, ReviewActionRequest, ReviewActionResponse, ReviewQuery, ReviewResponse } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import { adminFirst, adminUidFirst, requireAdmin, targetUid, UidParams, type AdminChanges } from '../audit/index.ts';
import type { ReviewService } from './review.service.ts';

/**
 * The responsible-gaming review (issue 37): the findings a page at a time, an admin's action on
 * one (an audit entry), and every finding as CSV for a regulator. Admin-only, never cached.
 */
export function reviewRoutes(
  instance: FastifyInstance,
  review: ReviewService,
  changes: AdminChanges,
  now: () => Date,
): void {
  const app = typed(instance);
  app.get(
    ADMIN_ROUTES.review,
    { preValidation: adminFirst, schema: { querystring: ReviewQuery, response: { 200: ReviewResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, ...filter } = request.query;
      return review.page(filter, page);
    },
  );

  // A file, not JSON: no answer schema (as the other downloads and pages).
  app.get(
    ADMIN_ROUTES.reviewCsv,
    { preValidation: adminFirst, schema: { querystring: ReviewQuery } },
    async (request, reply) => {
      const csv = await review.csv({ kind: request.query.kind, uid: request.query.uid });
      const day = now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="responsible-gaming-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    ADMIN_ROUTES.reviewAction(':uid'),
    {
      preValidation: adminUidFirst,
      schema: { params: UidParams, body: ReviewActionRequest, response: { 200: ReviewActionResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const finding = await review.act(admin.user.id, targetUid(request), request.body);
      await changes.publish(['review']);
      return { finding };
    },
  );
}
