import crypto from 'node:crypto';
import { STANDARD_FEN } from '@rush/domain';
import { GameStore, type GameRecord } from '../../src/modules/play/games.store.ts';
import type { TestServer } from '../support/server.ts';

export interface Row {
  white: string;
  black: string;
  /** null: a draw, an abort, or a game still running. */
  winner?: 'white' | 'black' | null;
  status?: string;
  currency?: 'usd' | 'wbx' | null;
  /** Minor units. */
  amount?: number | null;
  endedAt?: Date | null;
  createdAt?: Date;
  mode?: string;
  ratings?: [number, number];
}

/**
 * Writes a game row as the play module stores it (the leaderboard and landing read only rows,
 * so a test can place games anywhere in time without playing them).
 */
export async function insertGame(server: TestServer, r: Row): Promise<GameRecord> {
  const ended = r.endedAt === undefined ? new Date() : r.endedAt;
  const status = r.status ?? (ended === null ? 'started' : r.winner ? 'resign' : 'draw');
  const [whiteRating, blackRating] = r.ratings ?? [1500, 1500];
  return new GameStore(server.ctx.db).insert({
    id: `g${crypto.randomBytes(6).toString('hex')}`,
    mode: r.mode ?? 'wmgt_000001',
    whiteId: r.white,
    blackId: r.black,
    whiteRating,
    blackRating,
    whiteProvisional: false,
    blackProvisional: false,
    status,
    winner: r.winner ?? null,
    initialFen: STANDARD_FEN,
    fen: STANDARD_FEN,
    initialMs: 180_000,
    incrementMs: 0,
    whiteMs: 180_000,
    blackMs: 180_000,
    stakeCurrency: r.currency ?? null,
    stakeAmount: r.amount ?? null,
    createdAt: r.createdAt ?? ended ?? new Date(),
    endedAt: ended,
  });
}
