import type { FastifyInstance } from 'fastify';
import { allowedCountryForRushCoins, TEXTS } from '@rush/domain';
import {
  ACCOUNT_ROUTES,
  AppConfigResponse,
  AuthResponse,
  EmptyRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  OkResponse,
  PROTOCOL_VERSION,
  PresenceCount,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionResponse,
  VerifyEmailRequest,
  VerifyLinkQuery,
} from '@rush/protocol';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import type { PresenceService } from './presence.ts';
import { clearSessionCookie, clientMeta, requireAuth, setSessionCookie, signedInFirst } from './request-auth.ts';
import type { AccountService } from './service.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { withRetryAfter } from './retry-after.ts';

export interface AuthRouteDeps {
  config: Config;
  accounts: AccountService;
  presence: PresenceService;
  /** The country of a client address, or null (private, not placed, or no IP database): IpLocator.countryOrNull. */
  ipCountry: (ip: string) => Promise<string | null>;
}

/** Sign-up, sign-in, session, e-mail links, app config and the online count (SPEC 2, 4). */
/** No body at all reads as {} (a JSON null is still refused). */
const NoBody = EmptyRequest.prefault({});

/** Sign-up, sign-in, session, e-mail links, app config and the online count (SPEC 2, 4). */
export function authRoutes(instance: FastifyInstance, d: AuthRouteDeps): void {
  const app = typed(instance);
  const { config, accounts } = d;

  app.get(ACCOUNT_ROUTES.appConfig, { schema: { response: { 200: AppConfigResponse } } }, () => ({
    productName: config.productName,
    supportEmail: config.supportEmail,
    googleEnabled: config.google !== null,
    facebookEnabled: config.facebook !== null,
    captchaSiteKey: config.captcha?.siteKey ?? null,
    captchaScriptUrl: config.captcha?.scriptUrl ?? null,
    protocolVersion: PROTOCOL_VERSION,
    payments: config.payments,
    chessPlatform: config.chessPlatform,
    communityUrl: config.communityUrl,
  }));

  app.get(ACCOUNT_ROUTES.session, { schema: { response: { 200: SessionResponse } } }, async (request, reply) => {
    // Never cached: it is the answer to "who am I" after every sign-in and sign-out.
    reply.header('cache-control', 'no-store');
    const auth = request.auth;
    return { user: auth ? await accounts.me(auth.user, auth.session.publicId) : null };
  });

  // No session here whatever happened (issue 10); the mailed link signs a new account in. The
  // form sent again by its own unverified account is a resend or an address correction (issue 36).
  app.post(
    ACCOUNT_ROUTES.register,
    { schema: { body: RegisterRequest, response: { 200: RegisterResponse } } },
    async (request) => {
      // SPEC 1: offered only in the US and Canada; checked after the body is valid, so a bad
      // request still gets its field errors, and before anything is written or mailed.
      if (!allowedCountryForRushCoins(await d.ipCountry(request.ip)))
        throw new AppError('LOCATION_BLOCKED', TEXTS.notOfferedHere);
      await accounts.register(request.body, clientMeta(request));
      return { message: TEXTS.registrationCheckEmail };
    },
  );

  app.post(
    ACCOUNT_ROUTES.login,
    { schema: { body: LoginRequest, response: { 200: AuthResponse } } },
    async (request, reply) => {
      const signed = await withRetryAfter(reply, () =>
        accounts.login(request.body, clientMeta(request), request.cookies[SESSION_COOKIE]),
      );
      setSessionCookie(reply, config, signed.token);
      return { user: signed.me };
    },
  );

  app.post(
    ACCOUNT_ROUTES.logout,
    { schema: { body: NoBody, response: { 200: OkResponse } } },
    async (request, reply) => {
      // Signing out twice is not an error: the outcome the user wanted holds either way.
      await accounts.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  // The link in the mail: verifies, signs its owner in wherever it is opened (issue 36: a session
  // as login's, refused where login is) and lands on the app, which shows the outcome. A browser navigation: a bad token is a redirect too (VerifyLinkQuery reads it as none).
  app.get(ACCOUNT_ROUTES.verifyEmail, { schema: { querystring: VerifyLinkQuery } }, async (request, reply) => {
    const { token } = request.query;
    const user = token !== undefined ? await accounts.verifyEmail(token) : null;
    // Already signed in here as that account: its session stays (a new one would sign out and
    // reload this browser's other tabs for nothing).
    if (user && request.auth?.user.id !== user.id) {
      const signed = await accounts.signInFromLink(user, clientMeta(request), request.cookies[SESSION_COOKIE]);
      if (signed) setSessionCookie(reply, config, signed.token);
    }
    return reply.redirect(`/?emailVerified=${user ? 1 : 0}`, 302);
  });

  app.post(
    ACCOUNT_ROUTES.verifyEmail,
    { schema: { body: VerifyEmailRequest, response: { 200: MessageResponse } } },
    async (request) => {
      if (!(await accounts.verifyEmail(request.body.token))) {
        throw new AppError('VALIDATION', TEXTS.resetLinkInvalid, { token: TEXTS.resetLinkInvalid });
      }
      return { message: TEXTS.emailVerified };
    },
  );

  app.post(
    ACCOUNT_ROUTES.resendVerification,
    { preValidation: signedInFirst, schema: { body: NoBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await withRetryAfter(reply, () => accounts.resendVerification(auth.user));
      return { message: TEXTS.checkEmail };
    },
  );

  app.post(
    ACCOUNT_ROUTES.forgotPassword,
    { schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await accounts.forgotPassword(request.body, clientMeta(request));
      return { message: TEXTS.resetSuccess };
    },
  );

  app.post(
    ACCOUNT_ROUTES.resetPassword,
    { schema: { body: ResetPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { message: TEXTS.passwordChanged };
    },
  );

  app.get(ACCOUNT_ROUTES.presence, { schema: { response: { 200: PresenceCount } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { online: await d.presence.countOnline() };
  });
}
