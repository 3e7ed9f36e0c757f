import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import type { Config } from '../../config.ts';
import type { GoogleSignIn } from './google.service.ts';
import { providerRoutes } from './provider.routes.ts';

const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** SPEC 2 "Google sign-in". Absent (404) unless configured. */
export function googleRoutes(
  app: FastifyInstance,
  config: Config,
  google: GoogleSignIn | null,
  log: FastifyBaseLogger,
): void {
  providerRoutes(app, config, log, {
    name: 'google',
    startRoute: ACCOUNT_ROUTES.googleStart,
    callbackRoute: ACCOUNT_ROUTES.googleCallback,
    stateCookie: 'g_state',
    callbackQuery: CallbackQuery,
    failedText: TEXTS.googleSignInFailed,
    signIn: google,
  });
}
