import type { z } from 'zod';
import { TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';

// C0 controls and DEL, except tab, line feed and carriage return (whitespace the rules trim or
// refuse with their own texts). No field of these forms legitimately holds one, and PostgreSQL
// text cannot store NUL at all (it would surface as a 500 from the driver).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * `parse()` with the protocol schema, then a refusal of control characters in any top-level
 * string field (the accounts schemas are flat objects of strings, booleans and numbers).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed: unknown = parse(schema, value);
  if (parsed && typeof parsed === 'object') {
    for (const [key, v] of Object.entries(parsed)) {
      if (typeof v === 'string' && CONTROL.test(v)) {
        throw new AppError('VALIDATION', TEXTS.badRequest, { [key]: TEXTS.badRequest });
      }
    }
  }
  return parsed as z.infer<S>;
}
