import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import type { Config } from '../../config.ts';
import { notFound } from '../../platform/errors.ts';
import { OAUTH_STATE_TTL_MS, SignInRefused } from './provider-accounts.ts';
import { clientMeta, setSessionCookie } from './request-auth.ts';
import type { ClientMeta } from './sessions.ts';
import { SESSION_COOKIE } from './sessions.ts';
import type { SignedIn } from './service.ts';
import type { FacebookSignIn } from './facebook.service.ts';
import type { GoogleSignIn } from './google.service.ts';

/** One sign-in provider's service: where to send the browser, and the callback's outcome. */
export interface ProviderSignIn<Q> {
  start(): Promise<{ url: string; state: string }>;
  finish(
    query: Q,
    browserState: string | undefined,
    meta: ClientMeta,
    previousToken: string | undefined,
  ): Promise<SignedIn>;
}

/** What differs between providers; the routes themselves are the same for each. */
export interface ProviderRoutesSpec<Q> {
  /** For the log lines ('google', 'facebook'). */
  name: string;
  startRoute: string;
  callbackRoute: string;
  /** Binds the attempt to the browser that started it (see the services' `finish`). */
  stateCookie: string;
  /** The provider's documented callback parameters; anything else in the query is ignored. */
  callbackQuery: z.ZodType<Q>;
  /** The login page's text when the attempt fails for a reason the person cannot act on. */
  failedText: string;
  /** Null when the provider is not configured: its routes answer 404. */
  signIn: ProviderSignIn<Q> | null;
}

/**
 * A sign-in provider's two routes (SPEC 2 Google, SPEC 7 Facebook): browser navigations, so every
 * outcome is a redirect, to the provider, home signed in, or the login page with a text. The
 * state cookie is sent only to the provider's own routes and spent on the callback, whatever
 * its outcome.
 */
export function providerRoutes<Q>(
  app: FastifyInstance,
  config: Config,
  log: FastifyBaseLogger,
  spec: ProviderRoutesSpec<Q>,
): void {
  const { signIn, name, failedText } = spec;
  const cookie = {
    httpOnly: true,
    sameSite: 'lax' as const, // sent on the top-level redirect back from the provider
    secure: config.cookieSecure,
    path: spec.startRoute,
  };
  const toLogin = (reply: FastifyReply, text: string) =>
    reply.redirect(`/login?error=${encodeURIComponent(text)}`, 302);

  app.get(spec.startRoute, async (_request, reply) => {
    if (!signIn) throw notFound();
    try {
      const { url, state } = await signIn.start();
      reply.setCookie(spec.stateCookie, state, { ...cookie, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return reply.redirect(url, 302);
    } catch (err) {
      log.warn({ err }, `${name} sign-in could not start`);
      return toLogin(reply, failedText);
    }
  });

  app.get(spec.callbackRoute, async (request, reply) => {
    if (!signIn) throw notFound();
    const browserState = request.cookies[spec.stateCookie];
    reply.clearCookie(spec.stateCookie, cookie);
    // Read by hand, not declared as the route's querystring schema: a callback query that fails
    // as a whole lands on the login page with the provider's text (a 400 would be a bare error
    // page in the browser), and catching field by field would pass a half-read query on.
    const query = spec.callbackQuery.safeParse(request.query);
    if (!query.success) return toLogin(reply, failedText);
    try {
      const signed = await signIn.finish(
        query.data,
        browserState,
        clientMeta(request),
        request.cookies[SESSION_COOKIE],
      );
      setSessionCookie(reply, config, signed.token);
      return reply.redirect('/', 302);
    } catch (err) {
      if (err instanceof SignInRefused) {
        log.info({ detail: err.detail }, `${name} sign-in refused`);
        return toLogin(reply, err.text);
      }
      log.error({ err }, `${name} sign-in failed`);
      return toLogin(reply, failedText);
    }
  });
}

/** The OAuth callback's parameters both providers send; anything else in the query is ignored. */
const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** Facebook's documented callback parameters add the reason of a refusal. */
const FacebookCallbackQuery = CallbackQuery.extend({
  error_reason: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/**
 * SPEC 2 "Google sign-in" and SPEC 7 registerWithFacebook (issue 20): each absent (404) unless
 * configured.
 */
export function signInProviderRoutes(
  app: FastifyInstance,
  config: Config,
  log: FastifyBaseLogger,
  providers: { google: GoogleSignIn | null; facebook: FacebookSignIn | null },
): void {
  providerRoutes(app, config, log, {
    name: 'google',
    startRoute: ACCOUNT_ROUTES.googleStart,
    callbackRoute: ACCOUNT_ROUTES.googleCallback,
    stateCookie: 'g_state',
    callbackQuery: CallbackQuery,
    failedText: TEXTS.googleSignInFailed,
    signIn: providers.google,
  });
  providerRoutes(app, config, log, {
    name: 'facebook',
    startRoute: ACCOUNT_ROUTES.facebookStart,
    callbackRoute: ACCOUNT_ROUTES.facebookCallback,
    stateCookie: 'fb_state',
    callbackQuery: FacebookCallbackQuery,
    failedText: TEXTS.facebookSignInFailed,
    signIn: providers.facebook,
  });
}
