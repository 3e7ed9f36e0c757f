import crypto from 'node:crypto';

/** Public ids of games and invitations: 12 URL- and topic-safe characters, 72 random bits. */
export const newPublicId = (): string => crypto.randomBytes(9).toString('base64url');

/** A fair coin for colours (friendly games and invitations). */
export const coinFlip = (): boolean => crypto.randomInt(2) === 0;
