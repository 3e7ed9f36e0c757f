import type { FastifyRequest } from 'fastify';
import { TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { requireAuth, type RequestAuth } from '../accounts/index.ts';

/**
 * Every wallet route needs a session and a verified email (SPEC 6: "Sorry, this option is
 * available only to verified users."). A closed account never gets this far with a change:
 * the accounts capability refuses its mutating requests (ACCOUNT_CLOSED) for every module.
 */
export function requireWalletUser(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', TEXTS.onlyVerified);
  return auth;
}
