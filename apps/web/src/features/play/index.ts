/**
 * play's public surface: a game on screen (the player's GameScreen, and the parts a spectator's
 * page assembles), the live game and its commands. Matchmaking's match page, the bot match page
 * and the spectator page build on it.
 */
export { DisconnectBanner, FirstMoveNote } from './Banners.tsx';
export { useGameCommands, type GameCommands } from './commands.ts';
export { ResultDialog } from './GameDialogs.tsx';
export { GameScreen, lastMoveAnnouncement } from './GameScreen.tsx';
export { clockReading, type LiveGame } from './liveGame.ts';
export { MoveList } from './MoveList.tsx';
export { PlayersAndBoard } from './PlayersAndBoard.tsx';
export { PrizePool } from './PrizePool.tsx';
export { applyToCache, CURRENT_GAME_KEY, useCurrentGame, useLiveGame } from './useLiveGame.ts';
