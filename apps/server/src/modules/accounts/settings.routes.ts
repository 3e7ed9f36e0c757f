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
  VerifyEmailRequest,
  type Me,
  type MessageResponse,
} from '@rush/protocol';
import { AppError, notFound } from '../../platform/errors.ts';
import { sendUpload } from '../../platform/uploads/serve.ts';
import { AVATAR_CONTENT_TYPE } from './avatar.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from './request-auth.ts';
import { withRetryAfter } from './retry-after.ts';
import type { SettingsService } from './settings.service.ts';
import { readSingleFile } from '../../platform/uploads/single-file.ts';

/** User ids are UUIDs; anything else cannot name an avatar and is not worth a query. */
const UID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Account Settings modal (SPEC 2) and the avatar images. All changes need a session. */
export async function settingsRoutes(app: FastifyInstance, settings: SettingsService): Promise<void> {
  app.patch(ACCOUNT_ROUTES.username, async (request): Promise<Me> => {
    const auth = requireAuth(request);
    return settings.changeUsername(auth, parse(ChangeUsernameRequest, request.body));
  });

  app.post(ACCOUNT_ROUTES.dateOfBirth, async (request): Promise<Me> => {
    const auth = requireAuth(request);
    return settings.setDateOfBirth(auth, parse(DateOfBirthRequest, request.body));
  });

  app.patch(ACCOUNT_ROUTES.color, async (request): Promise<Me> => {
    const auth = requireAuth(request);
    return settings.changeColor(auth, parse(ChangeColorRequest, request.body));
  });

  app.patch(ACCOUNT_ROUTES.settings, async (request): Promise<Me> => {
    const auth = requireAuth(request);
    return settings.changeSettings(auth, parse(ChangeSettingsRequest, request.body));
  });

  app.put(ACCOUNT_ROUTES.recoveryEmail, async (request, reply): Promise<Me> => {
    const auth = requireAuth(request);
    const input = parse(RecoveryEmailRequest, request.body);
    return withRetryAfter(reply, () => settings.setRecoveryEmail(auth, input));
  });

  // The link mailed to a new recovery address (a GET from the mail client, no session needed:
  // the token is the proof); lands on the app, which shows the outcome.
  app.get(ACCOUNT_ROUTES.verifyRecoveryEmail, async (request, reply) => {
    const q = VerifyEmailRequest.safeParse(request.query);
    const ok = q.success && (await settings.verifyRecoveryEmail(q.data.token));
    // The same landing notice as the sign-up link: "Your email has been verified" fits both.
    return reply.redirect(`/?emailVerified=${ok ? 1 : 0}`, 302);
  });

  app.post(ACCOUNT_ROUTES.password, async (request, reply): Promise<MessageResponse> => {
    const auth = requireAuth(request);
    const input = parse(ChangePasswordRequest, request.body);
    return { message: await withRetryAfter(reply, () => settings.changePassword(auth, input)) };
  });

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
