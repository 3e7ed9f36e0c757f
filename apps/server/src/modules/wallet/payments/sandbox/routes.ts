import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import type { Clock } from '../../../../platform/clock.ts';
import { AppError, notFound } from '../../../../platform/errors.ts';
import { CHECKOUT_CSS, CHECKOUT_JS } from './assets.ts';
import { checkoutPage } from './page.ts';
import type { SandboxProvider } from './provider.ts';

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The sandbox provider's web pages and endpoints, served on our origin but outside `/api`: they
 * stand for the provider's site. The checkout id is an unguessable UUID (the provider's session);
 * paying it only tells the provider, which then notifies our wallet through its signed webhook.
 */
export function sandboxRoutes(app: FastifyInstance, provider: SandboxProvider, clock: Clock, merchant: string): void {
  const find = async (id: string) => {
    const row = ID_SHAPE.test(id) ? await provider.checkout(id) : null;
    if (!row || row.kind !== 'checkout') throw notFound();
    return row;
  };

  app.get<{ Params: { id: string } }>('/sandbox-pay/checkout/:id', async (request, reply) => {
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
    app.post<{ Params: { id: string } }>(`/sandbox-pay/checkout/:id/${action}`, async (request) => {
      await find(request.params.id);
      const decided = await provider.decide(request.params.id, status);
      if (!decided) throw new AppError('CONFLICT', TEXTS.paymentNotOpen);
      return { status: decided.status };
    });
  }
}
