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
