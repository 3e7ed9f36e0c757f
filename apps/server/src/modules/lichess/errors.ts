import { AppError } from '../../platform/errors.ts';

/**
 * The texts a player may see when Lichess refuses us. SPEC 8: on HTTP 429 an alert about too
 * many tabs or quick reloads, asking to wait.
 */
export const LICHESS_TEXTS = {
  rateLimited:
    'Lichess is receiving too many requests from your account. Close other tabs playing on Lichess, avoid quick reloads, and wait a minute before trying again.',
  tokenRevoked:
    'Your Lichess authorisation was revoked or has expired. Please authorise the same Lichess account again.',
  unavailable: 'Lichess did not answer in time. Please try again.',
  refused: 'Lichess refused the request.',
  notFound: 'Lichess has no such game or challenge.',
  oauthFailed: 'The Lichess authorisation failed. Please try again.',
  streamLost: 'The connection to Lichess was lost.',
} as const;

/** HTTP 429 from Lichess: no request with that token before `retryAt` (at least 60 s later). */
export class LichessRateLimitedError extends AppError {
  constructor(readonly retryAt: Date) {
    super('RATE_LIMITED', LICHESS_TEXTS.rateLimited);
    this.name = 'LichessRateLimitedError';
  }
}

/** HTTP 401 on a request with a user's token: revoked or expired; the user must re-authorise. */
export class LichessTokenRevokedError extends AppError {
  constructor() {
    super('FORBIDDEN', LICHESS_TEXTS.tokenRevoked);
    this.name = 'LichessTokenRevokedError';
  }
}

/** A request that got no answer in time, or a network failure. */
export class LichessUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super('UNAVAILABLE', LICHESS_TEXTS.unavailable);
    this.name = 'LichessUnavailableError';
  }
}

/** Any other non-2xx answer (400: an illegal move, a finished game...; 404; 5xx). */
export class LichessHttpError extends AppError {
  constructor(
    readonly httpStatus: number,
    /** Lichess's `error` field, when the body had one (never shown to players as is). */
    readonly lichessError: string | undefined,
  ) {
    super(
      httpStatus === 404 ? 'NOT_FOUND' : httpStatus >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST',
      httpStatus === 404
        ? LICHESS_TEXTS.notFound
        : httpStatus >= 500
          ? LICHESS_TEXTS.unavailable
          : LICHESS_TEXTS.refused,
    );
    this.name = 'LichessHttpError';
  }
}

/** The OAuth token endpoint refused the code (`invalid_grant`: wrong verifier, reused or expired code). */
export class LichessOAuthError extends AppError {
  constructor(
    readonly oauthError: string,
    readonly description: string | undefined,
  ) {
    super('BAD_REQUEST', LICHESS_TEXTS.oauthFailed);
    this.name = 'LichessOAuthError';
  }
}

/** A stream that could not be kept open: more than the allowed consecutive failures. */
export class LichessStreamError extends AppError {
  constructor(
    readonly attempts: number,
    readonly lastCause: unknown,
  ) {
    super('UNAVAILABLE', LICHESS_TEXTS.streamLost);
    this.name = 'LichessStreamError';
  }
}
