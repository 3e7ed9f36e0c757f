import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { IdentityProfileRequest, PHOTO_ID_MAX_BYTES, WALLET_ROUTES, type IdentityView } from '@rush/protocol';
import { AppError } from '../../../platform/errors.ts';
import { parse } from '../../../platform/http/parse.ts';
import { requireWalletUser } from '../access.ts';
import type { IdentityService } from './identity.service.ts';

/**
 * The identity step of the wallet onboarding (SPEC 4): where the user stands, the profile form,
 * and the photo ID (multipart, one part `file`, at most PHOTO_ID_MAX_BYTES; its own scope as the
 * avatar's).
 */
export async function identityRoutes(app: FastifyInstance, identity: IdentityService): Promise<void> {
  app.get(WALLET_ROUTES.identity, async (request, reply): Promise<IdentityView> => {
    const auth = requireWalletUser(request);
    reply.header('cache-control', 'no-store');
    return identity.view(auth.user.id);
  });

  app.post(WALLET_ROUTES.identityProfile, async (request): Promise<IdentityView> => {
    const auth = requireWalletUser(request);
    return identity.submitProfile(auth.user, parse(IdentityProfileRequest, request.body), request.ip);
  });

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

interface Part {
  type: 'file' | 'field';
  fieldname: string;
  file?: { truncated: boolean };
  toBuffer?: () => Promise<Buffer>;
}

/** The one `file` part (as the avatar upload reads it): a form the parser cannot read is a 400, a limit its 4xx. */
async function readSingleFile(parts: AsyncIterable<Part>): Promise<Buffer> {
  const invalid = () => new AppError('VALIDATION', TEXTS.badRequest, { file: TEXTS.badRequest });
  try {
    let bytes: Buffer | null = null;
    for await (const part of parts) {
      if (bytes !== null || part.type !== 'file' || part.fieldname !== 'file' || !part.toBuffer) throw invalid();
      bytes = await part.toBuffer();
    }
    if (bytes === null) throw invalid();
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as Partial<FastifyError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw invalid();
  }
}
