import { ERROR_STATUS, type ErrorCode } from '@rush/protocol';
import { TEXTS } from '@rush/domain';

/**
 * The one typed error of the server. Services throw it with a stable code and the SPEC's
 * user-facing text; the HTTP error handler and the realtime acks turn it into a reply.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}

export const badRequest = (message: string = TEXTS.badRequest, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', TEXTS.unauthenticated);
export const forbidden = (message: string = TEXTS.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = TEXTS.notFound) => new AppError('NOT_FOUND', message);
