import type { FastifyError, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { BUG_IMAGE_MAX_BYTES, BUG_IMAGES_MAX, SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import { OkResponse, PlayerReportRequest, SOCIAL_ROUTES } from '@rush/protocol';
import { AppError } from '../../platform/errors.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import { ReportsService } from './reports.service.ts';

/** Ours: the longest field (a 600-character description) in 4-byte characters, with room to spare. */
const FIELD_MAX_BYTES = 8 * 1024;
const FIELD_NAMES = ['title', 'platform', 'description'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

interface Part {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  valueTruncated?: boolean;
  toBuffer?: () => Promise<Buffer>;
}

export interface BugForm {
  fields: Record<FieldName, string>;
  images: Uint8Array[];
}

/** POST player reports (signed in) and bug reports (multipart, anonymous allowed). Both answer `{ ok: true }`. */
export async function reportsRoutes(instance: FastifyInstance, reports: ReportsService): Promise<void> {
  const app = typed(instance);
  app.post(
    SOCIAL_ROUTES.playerReport,
    { preValidation: signedInFirst, schema: { body: PlayerReportRequest, response: { 200: OkResponse } } },
    async (request) => {
      await reports.reportPlayer(requireAuth(request).user, request.body);
      return { ok: true as const };
    },
  );

  // Multipart only here, in its own scope: one more image than allowed is read so the domain
  // refuses it with its own text, and each image is bounded by the domain's size. The form is
  // read part by part in the handler (readBugForm), so no body schema: the answer only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: BUG_IMAGE_MAX_BYTES,
        files: BUG_IMAGES_MAX + 1,
        fields: FIELD_NAMES.length,
        fieldSize: FIELD_MAX_BYTES,
        parts: FIELD_NAMES.length + BUG_IMAGES_MAX + 1,
        headerPairs: 16,
        fieldNameSize: 64,
      },
    });
    typed(scope).post(SOCIAL_ROUTES.bugReport, { schema: { response: { 200: OkResponse } } }, async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', TEXTS.badRequest);
      const uid = request.auth?.user.id ?? null;
      const key = ReportsService.bugKey(uid, request.ip);
      // Over the limit: refused before the upload is read into memory.
      await reports.assertBugReportAllowed(key);
      const form = await readBugForm(request.parts());
      await reports.reportBug({ uid, key }, { ...form.fields, images: form.images });
      return { ok: true as const };
    });
  });
}

const invalid = (field: string) => new AppError('VALIDATION', TEXTS.badRequest, { [field]: TEXTS.badRequest });

/**
 * Reads the three text fields and the `images` files. Unknown or repeated parts are refused,
 * an empty file input (a part with no name and no bytes, as browsers send it) is skipped. The
 * plugin's limits come back as the domain's texts where one exists, else as 4xx; anything the
 * parser cannot make sense of is the client's mistake, a 400.
 */
export async function readBugForm(parts: AsyncIterable<Part>): Promise<BugForm> {
  const fields: Record<FieldName, string> = { title: '', platform: '', description: '' };
  const seen = new Set<string>();
  const images: Uint8Array[] = [];
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images' || !part.toBuffer) throw invalid('images');
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        images.push(new Uint8Array(bytes));
        continue;
      }
      const name = part.fieldname as FieldName;
      if (!FIELD_NAMES.includes(name) || seen.has(name) || typeof part.value !== 'string')
        throw invalid(part.fieldname);
      seen.add(name);
      // A truncated value is over every field's maximum: keep what arrived, the rule refuses it.
      fields[name] = part.value;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as Partial<FastifyError>).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION', SOCIAL_TEXTS.bugImageTooLarge, { images: SOCIAL_TEXTS.bugImageTooLarge });
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('VALIDATION', SOCIAL_TEXTS.bugTooManyImages, { images: SOCIAL_TEXTS.bugTooManyImages });
    }
    const status = (err as Partial<FastifyError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw new AppError('VALIDATION', TEXTS.badRequest);
  }
  return { fields, images };
}
