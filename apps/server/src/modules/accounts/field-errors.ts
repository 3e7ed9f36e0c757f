import { TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import type { UniqueConflict } from './store.ts';

/** A 400 whose message is the first field's text (for the single-message spots) and whose `fields` feed the form. */
export function fieldErrors(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? TEXTS.badRequest;
  return new AppError('VALIDATION', first, fields);
}

export function conflictError(conflict: UniqueConflict): AppError {
  return conflict === 'email'
    ? fieldErrors({ email: TEXTS.emailTaken })
    : conflict === 'username'
      ? fieldErrors({ username: TEXTS.usernameExists })
      : new AppError('CONFLICT', TEXTS.googleSignInFailed);
}
