import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { WebhookAckResponse } from '@rush/protocol';
import { AppError } from '../../../platform/errors.ts';
import { typed } from '../../../platform/http/typed-routes.ts';
import type { PaymentNotifications } from './notifications.service.ts';
import { NotificationRejected, ProviderUnavailable } from './port.ts';

/** Outside `/api`: a server-to-server call carries no session and no CSRF token, only its signature. */
export const webhookPath = (provider: string) => `/webhooks/payments/${provider}`;
export const SANDBOX_WEBHOOK_PATH = webhookPath('sandbox');
/** The endpoint to register in the Dots (Svix) dashboard: {APP_URL}/webhooks/payments/dots. */
export const DOTS_WEBHOOK_PATH = webhookPath('dots');

/**
 * The provider's webhook. The signature covers the exact bytes sent, so this route keeps the
 * raw body (its own JSON parser, in its own scope) and hands it to the port to authenticate.
 * Only the answer is declared: a body schema would validate (and could refuse with 400) what
 * is still unauthenticated text, before the port has checked its signature; the port parses
 * the notification with the provider's own schema once the bytes are proven.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  notifications: PaymentNotifications,
  path: string = SANDBOX_WEBHOOK_PATH,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    // The edge's UTF-8-checking JSON parser is inherited: this scope replaces it with the raw text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, next) => next(null, body));
    typed(scope).post(path, { schema: { response: { 200: WebhookAckResponse } } }, async (request) => {
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
        // Not the sender's mistake and not ours to guess: 503, and the provider redelivers.
        if (e instanceof ProviderUnavailable) throw new AppError('UNAVAILABLE', TEXTS.walletUnableToProcess);
        throw e;
      }
    });
    done();
  });
}
