import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { TEXTS } from '@rush/domain';
import type { ErrorBody, ErrorCode } from '@rush/protocol';
import { AppError } from '../errors.ts';
import { isConnectionLoss } from '../db/sql-errors.ts';

/** Sends the one error body shape of the API. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): FastifyReply {
  const body: ErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** zod issues to per-field texts, keyed by the first path segment. */
export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The one error handler: typed errors keep their code and text; client mistakes that Fastify
 * detects (bad JSON, too large, wrong content type) become 4xx; a lost database connection is a
 * 503 to try again; anything else is a 500 whose details go to the log only.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.status, err.code, err.message, err.fields);
    }
    if (err instanceof ZodError) {
      return sendError(reply, 400, 'VALIDATION', TEXTS.badRequest, zodFields(err));
    }
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
      const message =
        code === 'RATE_LIMITED' ? TEXTS.rateLimited : code === 'NOT_FOUND' ? TEXTS.notFound : TEXTS.badRequest;
      return sendError(reply, status, code, message);
    }
    if (isConnectionLoss(err)) {
      // All or nothing: its transaction committed whole or not at all. The client may send it again
      // (moves carry their ply, payments their idempotency key).
      request.log.warn({ err }, 'database connection lost during a request');
      void reply.header('retry-after', '1');
      return sendError(reply, 503, 'UNAVAILABLE', TEXTS.serviceBusy);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL', TEXTS.internal);
  });
}
