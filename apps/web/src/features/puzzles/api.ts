import type { z } from 'zod';
import type { Difficulty, PuzzleTheme } from '@rush/domain';
import { type ActivePuzzleResponse, PUZZLE_ROUTES, type MoveRequest } from '@rush/protocol';
import { ApiError, request } from '../../api/http.ts';

/** The HTTP calls of Casual and Solo Puzzle Rush, one function per PUZZLE_ROUTES entry used. */

export const PUZZLE_KEYS = {
  status: ['puzzles', 'status'] as const,
  active: ['puzzles', 'active'] as const,
  casual: (difficulty: Difficulty, theme: PuzzleTheme, round: number) =>
    ['puzzles', 'casual', difficulty, theme, round] as const,
};

export interface PuzzleSettings {
  difficulty: Difficulty;
  theme: PuzzleTheme;
}

/** The catalogue is still importing: the server answers 503 until the puzzles are in. */
export const isImporting = (error: unknown): boolean => error instanceof ApiError && error.status === 503;

export const fetchCatalogStatus = () => request('GET', PUZZLE_ROUTES.status, { schema: (s) => s.CatalogStatus });

export const fetchActivePuzzle = () => request('GET', PUZZLE_ROUTES.active, { schema: (s) => s.ActivePuzzleResponse });

export function fetchNextPuzzle({ difficulty, theme }: PuzzleSettings) {
  const query = new URLSearchParams({ difficulty, theme });
  return request('GET', `${PUZZLE_ROUTES.next}?${query.toString()}`, { schema: (s) => s.NextPuzzleResponse });
}

export const postCasualMove = (attemptId: string, move: MoveRequest) =>
  request('POST', PUZZLE_ROUTES.move(encodeURIComponent(attemptId)), { json: move, schema: (s) => s.MoveVerdictView });

export const postSolution = async (attemptId: string): Promise<string[]> =>
  (
    await request('POST', PUZZLE_ROUTES.solution(encodeURIComponent(attemptId)), {
      json: {},
      schema: (s) => s.SolutionResponse,
    })
  ).moves;

export const startSolo = (settings: PuzzleSettings) =>
  request('POST', PUZZLE_ROUTES.soloStart, { json: settings, schema: (s) => s.SoloRunView });

const run = (runId: string) => encodeURIComponent(runId);

export const soloMove = (runId: string, body: MoveRequest & { attemptId: string }) =>
  request('POST', PUZZLE_ROUTES.soloMove(run(runId)), { json: body, schema: (s) => s.SoloMoveResponse });

export const soloSkip = (runId: string, attemptId: string) =>
  request('POST', PUZZLE_ROUTES.soloSkip(run(runId)), { json: { attemptId }, schema: (s) => s.SoloRunView });

export const soloFinish = (runId: string) =>
  request('POST', PUZZLE_ROUTES.soloFinish(run(runId)), { json: {}, schema: (s) => s.SoloRunView });

export type ActivePuzzle = NonNullable<z.infer<typeof ActivePuzzleResponse>['active']>;
