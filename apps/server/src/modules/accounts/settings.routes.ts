import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, TEXTS } from '@rush/domain';
import {
  ACCOUNT_ROUTES,
  ChangeColorRequest,
  ChangePasswordRequest,
  ChangeSettingsRequest,
  ChangeUsernameRequest,
  DateOfBirthRequest,
  RecoveryEmailRequest,
  Me,
  MessageResponse,
  VerifyLinkQuery,
} from '@rush/protocol';
import { AppError, notFound } from '../../platform/errors.ts';
import { sendUpload } from '../../platform/uploads/serve.ts';
import { AVATAR_CONTENT_TYPE } from './avatar.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from './request-auth.ts';
import { withRetryAfter } from './retry-after.ts';
import type { SettingsService } from './settings.service.ts';
import { readSingleFile } from '../../platform/uploads/single-file.ts';

/** User ids are UUIDs; anything else cannot name an avatar and is not worth a query. */
const UID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Account Settings modal (SPEC 2) and the avatar images. All changes need a session. */
export async function settingsRoutes(instance: FastifyInstance, settings: SettingsService): Promise<void> {
  const app = typed(instance);
  app.patch(
    ACCOUNT_ROUTES.username,
    { preValidation: signedInFirst, schema: { body: ChangeUsernameRequest, response: { 200: Me } } },
    async (request) => settings.changeUsername(requireAuth(request), request.body),
  );

  app.post(
    ACCOUNT_ROUTES.dateOfBirth,
    { preValidation: signedInFirst, schema: { body: DateOfBirthRequest, response: { 200: Me } } },
    async (request) => settings.setDateOfBirth(requireAuth(request), request.body),
  );

  app.patch(
    ACCOUNT_ROUTES.color,
    { preValidation: signedInFirst, schema: { body: ChangeColorRequest, response: { 200: Me } } },
    async (request) => settings.changeColor(requireAuth(request), request.body),
  );

  app.patch(
    ACCOUNT_ROUTES.settings,
    { preValidation: signedInFirst, schema: { body: ChangeSettingsRequest, response: { 200: Me } } },
    async (request) => settings.changeSettings(requireAuth(request), request.body),
  );

  app.put(
    ACCOUNT_ROUTES.recoveryEmail,
    { preValidation: signedInFirst, schema: { body: RecoveryEmailRequest, response: { 200: Me } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      return withRetryAfter(reply, () => settings.setRecoveryEmail(auth, request.body));
    },
  );

  // The link mailed to a new recovery address (a GET from the mail client, no session needed:
  // the token is the proof); lands on the app, which shows the outcome.
  app.get(ACCOUNT_ROUTES.verifyRecoveryEmail, { schema: { querystring: VerifyLinkQuery } }, async (request, reply) => {
    const { token } = request.query;
    const ok = token !== undefined && (await settings.verifyRecoveryEmail(token));
    // The same landing notice as the sign-up link: "Your email has been verified" fits both.
    return reply.redirect(`/?emailVerified=${ok ? 1 : 0}`, 302);
  });

  app.post(
    ACCOUNT_ROUTES.password,
    { preValidation: signedInFirst, schema: { body: ChangePasswordRequest, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      return { message: await withRetryAfter(reply, () => settings.changePassword(auth, request.body)) };
    },
  );

  // Multipart is parsed only here: its own encapsulated scope, with the avatar size limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 16, fieldNameSize: 64 },
    });
    scope.post(ACCOUNT_ROUTES.avatar, async (request): Promise<Me> => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', TEXTS.badRequest);
      const bytes = await readSingleFile(request.parts());
      return settings.setAvatar(auth, bytes);
    });
  });

  app.get<{ Params: { uid: string }; Querystring: { v?: string } }>(
    ACCOUNT_ROUTES.avatarOf(':uid'),
    async (request, reply) => {
      const { uid } = request.params;
      if (!UID_SHAPE.test(uid)) throw notFound();
      const avatar = await settings.readAvatar(uid);
      if (!avatar) throw notFound();
      // The URL in `Me` names the version, so that URL never changes content: cache it for good.
      // Any other URL (no or an old version) must be revalidated.
      const current = request.query.v === String(avatar.version);
      reply
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('etag', `"avatar-${avatar.version}"`);
      return sendUpload(reply, AVATAR_CONTENT_TYPE, avatar.image);
    },
  );
}
