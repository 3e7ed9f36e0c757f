import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be valid UTF-8 (RFC 8259). The default parser decodes bytes that are not
 * with U+FFFD in their place, so a client's broken text would be stored as something it never
 * sent; here such a body is refused (400) before any route sees it. Parsing itself stays
 * Fastify's own (prototype-poisoning checks included).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
