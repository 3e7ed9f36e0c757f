import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import type { Config } from '../../config.ts';
import type { FacebookSignIn } from './facebook.service.ts';
import { providerRoutes } from './provider.routes.ts';

/** Facebook's documented callback parameters; anything else in the query is ignored. */
const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_reason: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** SPEC 7 registerWithFacebook (issue 20). Absent (404) unless configured. */
export function facebookRoutes(
  app: FastifyInstance,
  config: Config,
  facebook: FacebookSignIn | null,
  log: FastifyBaseLogger,
): void {
  providerRoutes(app, config, log, {
    name: 'facebook',
    startRoute: ACCOUNT_ROUTES.facebookStart,
    callbackRoute: ACCOUNT_ROUTES.facebookCallback,
    stateCookie: 'fb_state',
    callbackQuery: CallbackQuery,
    failedText: TEXTS.facebookSignInFailed,
    signIn: facebook,
  });
}
