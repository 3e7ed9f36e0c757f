import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { AppError } from '../../../platform/errors.ts';
import type { PaymentNotifications } from './notifications.service.ts';
import { NotificationRejected } from './port.ts';

/** Outside `/api`: a server-to-server call carries no session and no CSRF token, only its signature. */
export const SANDBOX_WEBHOOK_PATH = '/webhooks/payments/sandbox';

/**
 * The provider's webhook. The signature covers the exact bytes sent, so this route keeps the
 * raw body (its own JSON parser, in its own scope) and hands it to the port to authenticate.
 */
export async function webhookRoutes(app: FastifyInstance, notifications: PaymentNotifications): Promise<void> {
  await app.register((scope, _opts, done) => {
    // The edge's UTF-8-checking JSON parser is inherited: this scope replaces it with the raw text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, next) => next(null, body));
    scope.post(SANDBOX_WEBHOOK_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k] = Array.isArray(v) ? v.join(',') : v;
      try {
        const note = await notifications.handle(raw, headers);
        return { ok: true as const, id: note.id };
      } catch (e) {
        if (e instanceof NotificationRejected) {
          throw e.message.startsWith('signature')
            ? new AppError('FORBIDDEN', TEXTS.webhookSignatureInvalid)
            : new AppError('VALIDATION', TEXTS.badRequest);
        }
        throw e;
      }
    });
    done();
  });
}
