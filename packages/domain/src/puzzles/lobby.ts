import type { Currency } from '../money/currency.ts';
import type { BATTLE_TIMES_MS } from './scoring.ts';
import type { Difficulty, PuzzleTheme } from './catalog.ts';

/** SPEC 9 battle lobby rules. */
export const LOBBY = {
  minPlayers: 2,
  maxPlayersMin: 2,
  maxPlayersMax: 8,
  /** Auto-start this long after createdAt, when at least 2 have joined. */
  autoStartMs: 90_000,
  /** The ELO range of a lobby: the owner's rating ± this. */
  eloRange: 200,
  codeMax: 120,
} as const;

export type PrizeMode = 'pool' | 'giveaway';
/** SPEC 4 puzzle lobby states. */
export const LOBBY_STATUSES = ['created', 'started', 'finished', 'canceled'] as const;
export type LobbyStatus = (typeof LOBBY_STATUSES)[number];

export interface BattleSettings {
  difficulty: Difficulty;
  theme: PuzzleTheme;
  time: (typeof BATTLE_TIMES_MS)[number];
  privacy: 'public' | 'private';
  maxParticipants: number;
  prizeMode: PrizeMode;
  stakesCurrency: Currency;
  /** Whole units (dollars / RushCoins), an integer (SPEC 5). */
  stakesAmount: number;
}

export const eloRangeOf = (ownerRating: number) => ({
  min: ownerRating - LOBBY.eloRange,
  max: ownerRating + LOBBY.eloRange,
});

/**
 * The prize: in pool mode every participant's stake is in the pot and the winners share it
 * minus the 10% fee (ledger `settle`); in giveaway mode only the creator funds the prize
 * (their stake) and the participants pay nothing.
 */
export const paysStake = (mode: PrizeMode, isOwner: boolean): boolean => mode === 'pool' || isOwner;
