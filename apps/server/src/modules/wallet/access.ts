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
  if (!hasWallet(auth.user)) throw new AppError('EMAIL_NOT_VERIFIED', TEXTS.onlyVerified);
  return auth;
}

/**
 * Who has a wallet (SPEC 3 hasWallet): the wallet opens with a verified email, and nothing else
 * is asked of the user before its screen (the payment provider's own account comes with a
 * deposit). The admin console's balances list and its deposit buttons use the same rule.
 */
export const hasWallet = (user: { readonly emailVerified: boolean }): boolean => user.emailVerified;

/** A route's `preValidation` hook: a signed-in user with a verified email, before the body is validated. */
export function walletUserFirst(request: FastifyRequest): Promise<void> {
  return Promise.resolve().then(() => {
    requireWalletUser(request);
  });
}
