import type { FastifyInstance } from 'fastify';
import { allowedCountryForRushCoins, TEXTS } from '@rush/domain';
import {
  ACCOUNT_ROUTES,
  EmptyRequest,
  ForgotPasswordRequest,
  LoginRequest,
  PROTOCOL_VERSION,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  type AppConfigResponse,
  type AuthResponse,
  type MessageResponse,
  type RegisterResponse,
  type SessionResponse,
} from '@rush/protocol';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import type { PresenceService } from './presence.ts';
import { clearSessionCookie, clientMeta, requireAuth, setSessionCookie } from './request-auth.ts';
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
export function authRoutes(app: FastifyInstance, d: AuthRouteDeps): void {
  const { config, accounts } = d;

  app.get(ACCOUNT_ROUTES.appConfig, (): AppConfigResponse => ({
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

  app.get(ACCOUNT_ROUTES.session, async (request, reply): Promise<SessionResponse> => {
    // Never cached: it is the answer to "who am I" after every sign-in and sign-out.
    reply.header('cache-control', 'no-store');
    const auth = request.auth;
    return { user: auth ? await accounts.me(auth.user, auth.session.publicId) : null };
  });

  // No session here whatever happened (issue 10); the mailed link signs a new account in.
  app.post(ACCOUNT_ROUTES.register, async (request): Promise<RegisterResponse> => {
    const input = parse(RegisterRequest, request.body);
    // SPEC 1: offered only in the US and Canada; checked after the body is valid, so a bad
    // request still gets its field errors, and before anything is written or mailed.
    if (!allowedCountryForRushCoins(await d.ipCountry(request.ip)))
      throw new AppError('LOCATION_BLOCKED', TEXTS.notOfferedHere);
    await accounts.register(input, clientMeta(request));
    return { message: TEXTS.registrationCheckEmail };
  });

  app.post(ACCOUNT_ROUTES.login, async (request, reply): Promise<AuthResponse> => {
    const input = parse(LoginRequest, request.body);
    const signed = await withRetryAfter(reply, () =>
      accounts.login(input, clientMeta(request), request.cookies[SESSION_COOKIE]),
    );
    setSessionCookie(reply, config, signed.token);
    return { user: signed.me };
  });

  app.post(ACCOUNT_ROUTES.logout, async (request, reply) => {
    parse(EmptyRequest, request.body === undefined ? {} : request.body);
    // Signing out twice is not an error: the outcome the user wanted holds either way.
    await accounts.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  // The link in the mail: verifies, signs a fresh sign-up in, and lands on the app, which shows the outcome.
  app.get(ACCOUNT_ROUTES.verifyEmail, async (request, reply) => {
    const q = VerifyEmailRequest.safeParse(request.query);
    const user = q.success ? await accounts.verifyEmail(q.data.token) : null;
    if (user) {
      const signed = await accounts.signInFromLink(user, clientMeta(request), request.cookies[SESSION_COOKIE]);
      if (signed) setSessionCookie(reply, config, signed.token);
    }
    return reply.redirect(`/?emailVerified=${user ? 1 : 0}`, 302);
  });

  app.post(ACCOUNT_ROUTES.verifyEmail, async (request): Promise<MessageResponse> => {
    const input = parse(VerifyEmailRequest, request.body);
    if (!(await accounts.verifyEmail(input.token))) {
      throw new AppError('VALIDATION', TEXTS.resetLinkInvalid, { token: TEXTS.resetLinkInvalid });
    }
    return { message: TEXTS.emailVerified };
  });

  app.post(ACCOUNT_ROUTES.resendVerification, async (request, reply): Promise<MessageResponse> => {
    const auth = requireAuth(request);
    parse(EmptyRequest, request.body === undefined ? {} : request.body);
    await withRetryAfter(reply, () => accounts.resendVerification(auth.user));
    return { message: TEXTS.checkEmail };
  });

  app.post(ACCOUNT_ROUTES.forgotPassword, async (request): Promise<MessageResponse> => {
    const input = parse(ForgotPasswordRequest, request.body);
    await accounts.forgotPassword(input, clientMeta(request));
    return { message: TEXTS.resetSuccess };
  });

  app.post(ACCOUNT_ROUTES.resetPassword, async (request): Promise<MessageResponse> => {
    const input = parse(ResetPasswordRequest, request.body);
    await accounts.resetPassword(input);
    return { message: TEXTS.passwordChanged };
  });

  app.get(ACCOUNT_ROUTES.presence, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { online: await d.presence.countOnline() };
  });
}
