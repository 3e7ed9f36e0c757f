import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { IdentityProfileRequest, IdentityView, PHOTO_ID_MAX_BYTES, WALLET_ROUTES } from '@rush/protocol';
import { AppError } from '../../../platform/errors.ts';
import { typed } from '../../../platform/http/typed-routes.ts';
import { requireWalletUser, walletUserFirst } from '../access.ts';
import type { IdentityService } from './identity.service.ts';
import { readSingleFile } from '../../../platform/uploads/single-file.ts';

/**
 * The identity step of the wallet onboarding (SPEC 4): where the user stands, the profile form,
 * and the photo ID (multipart, one part `file`, at most PHOTO_ID_MAX_BYTES; its own scope as the
 * avatar's).
 */
export async function identityRoutes(instance: FastifyInstance, identity: IdentityService): Promise<void> {
  const app = typed(instance);
  app.get(
    WALLET_ROUTES.identity,
    { preValidation: walletUserFirst, schema: { response: { 200: IdentityView } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return identity.view(auth.user.id);
    },
  );

  app.post(
    WALLET_ROUTES.identityProfile,
    { preValidation: walletUserFirst, schema: { body: IdentityProfileRequest, response: { 200: IdentityView } } },
    async (request) => identity.submitProfile(requireWalletUser(request).user, request.body, request.ip),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_ID_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 16, fieldNameSize: 64 },
    });
    scope.post(WALLET_ROUTES.identityPhoto, async (request): Promise<IdentityView> => {
      const auth = requireWalletUser(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', TEXTS.badRequest);
      const bytes = await readSingleFile(request.parts());
      return identity.uploadPhoto(auth.user.id, bytes);
    });
  });
}
