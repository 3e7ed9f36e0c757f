/** The play module's public surface: other modules and the composition root import only this. */
export { gamesPlayedIn, isGameRunning, playersIn } from './activity.ts';
export type { GameRecord } from './games.store.ts';
export { coinFlip, newPublicId } from './ids.ts';
export { createPlayCore, registerPlay } from './module.ts';
export type { PlayCore, PlayModule } from './module.ts';
export { ProfileStore } from './profiles.store.ts';
export { statusOf } from './record.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { chessProfiles, games, ratingHistory } from './schema.ts';

/*
 * What a platform mirrored into play's rows (Lichess's adapter, follower and mirror in
 * modules/lichess) builds on: the platform port, the ports play hands over at construction (its
 * core's transactions, finisher and built-in platform; ratings, link reward, profile notices),
 * the row reads and writes inside a game transaction, and the record's helpers.
 */
export type { BuiltinMoveOutcome, BuiltinPlatform } from './builtin-platform.ts';
export { ChatStore } from './chat.store.ts';
export type { GameChange } from './events.ts';
export type { GameFinisher } from './finish.ts';
export { ok, type GameTransactions } from './game-tx.ts';
export { GameStore, type GamePatch } from './games.store.ts';
export type { LichessLinkPort, LinkRewardPort, ProfileNotifier } from './link.service.ts';
export type {
  ChessPlatform,
  CreateGameInput,
  MoveInput,
  OfferAnswer,
  PlatformGameFull,
  PlatformStreamEvent,
} from './platform-port.ts';
export type { MirroredPlatform } from './platforms.ts';
export type { LinkedRatingsPort, RatingsPort } from './ratings.service.ts';
export { clockOf, colorOf, fensOf, moveTimesOf, turnOf } from './record.ts';
export { SocketStore } from './sockets.store.ts';
export { SOCKET_FRESH_MS } from './view.ts';
