import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { SandboxDecisionResponse } from '@rush/protocol';
import { z } from 'zod';
import type { Clock } from '../../../../platform/clock.ts';
import { AppError, notFound } from '../../../../platform/errors.ts';
import { typed } from '../../../../platform/http/typed-routes.ts';
import { requireAuth } from '../../../accounts/index.ts';
import { CHECKOUT_CSS, CHECKOUT_JS } from './assets.ts';
import { checkoutPage } from './page.ts';
import type { SandboxProvider } from './provider.ts';

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Checked by `find` (404), not by the schema (400). */
const IdParams = z.object({ id: z.string() });

/** Where the checkout page posts the payer's decision: under /api, so session and CSRF checks apply. */
export const sandboxDecisionPath = (id: string, action: 'pay' | 'cancel') =>
  `/api/sandbox-pay/checkout/${id}/${action}`;

/**
 * Who may pay a checkout: the user whose deposit it is. A real provider authenticates its payer
 * on its own site; the sandbox has no payers of its own, so it binds the Pay press to the
 * merchant session of the user who opened the checkout (otherwise one anonymous POST would
 * credit any checkout).
 */
export type PayerOf = (reference: string) => Promise<string | null>;

/**
 * The sandbox provider's web pages and endpoints, served on our origin: they stand for the
 * provider's site. The checkout id is an unguessable UUID (the provider's session); paying it
 * only tells the provider, which then notifies our wallet through its signed webhook.
 */
export function sandboxRoutes(
  instance: FastifyInstance,
  provider: SandboxProvider,
  clock: Clock,
  merchant: string,
  payerOf: PayerOf,
): void {
  const app = typed(instance);
  const find = async (id: string) => {
    const row = ID_SHAPE.test(id) ? await provider.checkout(id) : null;
    if (!row || row.kind !== 'checkout') throw notFound();
    return row;
  };

  // An HTML page (and below, its script and style): no JSON answer to declare.
  app.get('/sandbox-pay/checkout/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const row = await find(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutPage(row, merchant, clock.now()));
  });

  app.get('/sandbox-pay/assets/checkout.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(CHECKOUT_JS),
  );
  app.get('/sandbox-pay/assets/checkout.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(CHECKOUT_CSS),
  );

  for (const [action, status] of [
    ['pay', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    // The page's press carries nothing the route reads: no body schema (any body was ignored).
    app.post(
      sandboxDecisionPath(':id', action),
      { schema: { params: IdParams, response: { 200: SandboxDecisionResponse } } },
      async (request) => {
        const auth = requireAuth(request);
        const row = await find(request.params.id);
        // Someone else's checkout is answered like an unknown one: its existence is not confirmed.
        if ((await payerOf(row.reference)) !== auth.user.id) throw notFound();
        const decided = await provider.decide(row.id, status);
        if (!decided) throw new AppError('CONFLICT', TEXTS.paymentNotOpen);
        // The checkout closed with exactly this status (decide sets it).
        return { status };
      },
    );
  }
}
