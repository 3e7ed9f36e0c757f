import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import type { Config } from '../../config.ts';
import { notFound } from '../../platform/errors.ts';
import type { GoogleSignIn } from './google.service.ts';
import { OAUTH_STATE_TTL_MS, SignInRefused } from './provider-accounts.ts';
import { clientMeta, setSessionCookie } from './request-auth.ts';
import { SESSION_COOKIE } from './sessions.ts';

/** Binds the attempt to the browser that started it (see GoogleSignIn.finish). */
const STATE_COOKIE = 'g_state';

const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** SPEC 2 "Google sign-in": browser navigations, so every outcome is a redirect. Absent (404) unless configured. */
export function googleRoutes(
  app: FastifyInstance,
  config: Config,
  google: GoogleSignIn | null,
  log: FastifyBaseLogger,
): void {
  const stateCookie = {
    httpOnly: true,
    sameSite: 'lax' as const, // sent on the top-level redirect back from the provider
    secure: config.cookieSecure,
    path: ACCOUNT_ROUTES.googleStart,
  };
  const toLogin = (reply: FastifyReply, text: string) =>
    reply.redirect(`/login?error=${encodeURIComponent(text)}`, 302);

  app.get(ACCOUNT_ROUTES.googleStart, async (_request, reply) => {
    if (!google) throw notFound();
    try {
      const { url, state } = await google.start();
      reply.setCookie(STATE_COOKIE, state, { ...stateCookie, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return reply.redirect(url, 302);
    } catch (err) {
      log.warn({ err }, 'google sign-in could not start');
      return toLogin(reply, TEXTS.googleSignInFailed);
    }
  });

  app.get(ACCOUNT_ROUTES.googleCallback, async (request, reply) => {
    if (!google) throw notFound();
    const browserState = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, stateCookie);
    const query = CallbackQuery.safeParse(request.query);
    if (!query.success) return toLogin(reply, TEXTS.googleSignInFailed);
    try {
      const signed = await google.finish(
        query.data,
        browserState,
        clientMeta(request),
        request.cookies[SESSION_COOKIE],
      );
      setSessionCookie(reply, config, signed.token);
      return reply.redirect('/', 302);
    } catch (err) {
      if (err instanceof SignInRefused) {
        log.info({ detail: err.detail }, 'google sign-in refused');
        return toLogin(reply, err.text);
      }
      log.error({ err }, 'google sign-in failed');
      return toLogin(reply, TEXTS.googleSignInFailed);
    }
  });
}
