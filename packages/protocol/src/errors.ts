import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** Every error body the API sends. `fields` carries per-field texts for forms. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
