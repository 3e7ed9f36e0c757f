import { MATCH_TEXTS, type Refusal } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';

/** A domain refusal as the wire's MATCH_REFUSED (400) with `fields.reason` = its code. */
export const refused = (r: Refusal) => new AppError('MATCH_REFUSED', r.message, { reason: r.code });
export const alreadyInMatch = () => new AppError('CONFLICT', MATCH_TEXTS.alreadyInMatch);
export const matchGone = () => new AppError('CONFLICT', MATCH_TEXTS.matchGone);
export const tooSoon = () => new AppError('TOO_SOON', MATCH_TEXTS.tooSoon);
export const isRefusal = (x: unknown): x is Refusal =>
  typeof x === 'object' && x !== null && 'ok' in x && x.ok === false;
