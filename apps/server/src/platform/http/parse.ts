import type { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { AppError } from '../errors.ts';
import { zodFields } from './error-handler.ts';

/** Parses input at the edge with a protocol schema (ARCHITECTURE principle 8). */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('VALIDATION', TEXTS.badRequest, zodFields(r.error));
  return r.data;
}
