import { PUZZLE_TEXTS } from '@rush/domain';
import { AppError } from '../../../platform/errors.ts';

/** The battle's refusals: SPEC texts (PUZZLE_TEXTS) with stable codes. */
export const lobbyUnavailable = () => new AppError('CONFLICT', PUZZLE_TEXTS.lobbyUnavailable);
export const lobbyFull = () => new AppError('CONFLICT', PUZZLE_TEXTS.lobbyFull);
export const alreadyInLobby = () => new AppError('CONFLICT', PUZZLE_TEXTS.alreadyInLobby);
/** One puzzle game at a time: a solo rush in play keeps the player out of battles. */
export const inSoloRush = () => new AppError('CONFLICT', PUZZLE_TEXTS.inSoloRush);
export const lobbyStarted = () => new AppError('CONFLICT', PUZZLE_TEXTS.lobbyStarted);
export const timeUp = () => new AppError('CONFLICT', PUZZLE_TEXTS.timeUp);
/** A move or skip during the start countdown (SPEC 9): the battle has not begun. */
export const notBegun = () => new AppError('CONFLICT', PUZZLE_TEXTS.notBegun);
export const notOwner = () => new AppError('FORBIDDEN', PUZZLE_TEXTS.notOwner);
export const badLobbyRequest = (message: string) => new AppError('BAD_REQUEST', message);
/** An eligibility refusal (wallet, funds, rating, wager): MATCH_REFUSED with its reason, as matchmaking. */
export const lobbyRefused = (reason: string, message: string) => new AppError('MATCH_REFUSED', message, { reason });
