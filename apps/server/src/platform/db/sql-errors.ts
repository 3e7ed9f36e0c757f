/**
 * PostgreSQL error codes as PGlite and pg report them; Drizzle wraps the driver error in `cause`.
 */
export const SQLSTATE = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export interface SqlErrorInfo {
  code: string;
  constraint?: string;
}

/** The first SQLSTATE found on the error or its causes. */
export function sqlErrorOf(e: unknown): SqlErrorInfo | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    const { code, constraint } = cur as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

/** Deadlocks and serialization failures are safe to retry as a whole transaction. */
export const isRetryable = (e: unknown): boolean => {
  const code = sqlErrorOf(e)?.code;
  return code === SQLSTATE.deadlockDetected || code === SQLSTATE.serializationFailure;
};

/**
 * The database connection was lost under the work (a failover, a restart, a backend ended by an
 * operator): not the request's fault, and nothing the statement did is committed unless its
 * COMMIT was answered. Answered as 503 "try again", never as a 500 (issue 18).
 */
export function isConnectionLoss(e: unknown): boolean {
  const code = sqlErrorOf(e)?.code;
  // Class 08: connection exception; 57P01-57P03: the server is shutting down or starting.
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    const { code: sys, message } = cur as { code?: unknown; message?: unknown };
    if (typeof sys === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(sys)) return true;
    if (typeof message === 'string' && /^Connection terminated|connection error and is not queryable/.test(message))
      return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}
