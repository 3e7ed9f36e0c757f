import type { FastifyInstance } from 'fastify';
import { REALITY_CHECK_ROUTES, RealityCheckAcknowledgeRequest, RealityCheckState } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { RealityCheckService } from './reality-check.service.ts';

/**
 * Issue 37: the reality check, for every signed-in player (RushCoin games count too, so no
 * verified email is needed). The answers are never cached: each tab asks about once a minute.
 */
export function realityCheckRoutes(instance: FastifyInstance, checks: RealityCheckService): void {
  const app = typed(instance);
  app.get(
    REALITY_CHECK_ROUTES.state,
    { preValidation: signedInFirst, schema: { response: { 200: RealityCheckState } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checks.state(requireAuth(request).user);
    },
  );

  app.post(
    REALITY_CHECK_ROUTES.acknowledge,
    {
      preValidation: signedInFirst,
      schema: { body: RealityCheckAcknowledgeRequest, response: { 200: RealityCheckState } },
    },
    async (request) => checks.acknowledge(requireAuth(request).user, new Date(request.body.dueAt)),
  );
}
