import type { FastifyInstance } from 'fastify';
import { containsForbiddenControl, TEXTS } from '@rush/domain';
import { sendError } from './error-handler.ts';

/**
 * The HTTP edge of the control-character rule (domain `containsForbiddenControl`): every string
 * of every request, in the parsed body, the query and the path parameters, is checked once here,
 * before any route sees it, so no module has to remember it and NUL never reaches PostgreSQL.
 * Multipart bodies are not parsed yet at this point; their fields go through their own parsers.
 * Before the route schemas validate (they would drop unknown query keys and body fields first).
 */
export function installControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (
      containsForbiddenControl(request.params) ||
      containsForbiddenControl(request.query) ||
      containsForbiddenControl(request.body)
    ) {
      return sendError(reply, 400, 'VALIDATION', TEXTS.controlCharacters);
    }
  });
}
