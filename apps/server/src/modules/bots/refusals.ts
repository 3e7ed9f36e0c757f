import { BOT_TEXTS, type Refusal } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';

/** A domain refusal as the wire's MATCH_REFUSED (400) with `fields.reason` = its code, as matchmaking answers. */
export const botRefused = (r: Refusal) => new AppError('MATCH_REFUSED', r.message, { reason: r.code });
/** SPEC 8 bot: 'User is already in a match.' */
export const alreadyInMatch = () => new AppError('CONFLICT', BOT_TEXTS.alreadyInMatch);
/** Every engine is busy and the queue is full: new bot games wait rather than slow every game. */
export const enginesBusy = () => new AppError('UNAVAILABLE', BOT_TEXTS.enginesBusy);
export const houseCannotCover = () => new AppError('MATCH_REFUSED', BOT_TEXTS.houseCannotCover, { reason: 'house' });
/** The house's hourly bound (issue 33), for this player (`player`) or over everyone (`house`). */
export const houseLimit = (scope: 'player' | 'house') =>
  new AppError('MATCH_REFUSED', BOT_TEXTS.houseLimit, { reason: `house-limit-${scope}` });
export const noBotGame = () => new AppError('CONFLICT', BOT_TEXTS.notInBotGame);
