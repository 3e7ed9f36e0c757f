import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { GameEvents, type PlayCommandName } from '@rush/protocol';
import { TEXTS } from '@rush/domain';
import type { Parser } from '../../api/http.ts';
import { CommandError, type RealtimeClient } from '../../api/realtime.ts';
import { useRealtime } from '../../api/realtime-react.tsx';
import { loadSchemas, type Schemas } from '../../api/schemaLoader.ts';
import { applyToCache, refetchGame } from './useLiveGame.ts';

export type OfferActionName = 'offer' | 'accept' | 'decline';

/**
 * Commands that the server applies at most once (a move names its ply; ending an ended game is
 * refused) are resent after a reconnect; offers and chat lines are not.
 */
const RESEND_SAFE: ReadonlySet<PlayCommandName> = new Set([
  'game.move',
  'game.resign',
  'game.abort',
  'game.claimVictory',
  'game.spectate',
  'game.unspectate',
]);

async function run<T>(
  client: RealtimeClient,
  name: PlayCommandName,
  payload: unknown,
  schema: (schemas: Schemas) => Parser<T>,
): Promise<T> {
  const result = await client.command(name, payload, { resendSafe: RESEND_SAFE.has(name) });
  // Loaded before the socket opened; awaited all the same, it costs nothing.
  const parsed = schema(await loadSchemas()).safeParse(result);
  if (!parsed.success) throw new CommandError('INTERNAL', TEXTS.internal);
  return parsed.data;
}

/** One-way network lag estimate (half a move's round trip), smoothed; sent with moves. */
let lagEstimateMs: number | undefined;

function recordRoundTrip(ms: number): void {
  const oneWay = Math.max(0, Math.min(60_000, ms / 2));
  lagEstimateMs = lagEstimateMs === undefined ? oneWay : lagEstimateMs * 0.7 + oneWay * 0.3;
}

/** The socket commands of one game, bound to its cache: a move's ack is applied like its event. */
export function useGameCommands(gameId: string) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  return useMemo(() => gameCommands(client, queryClient, gameId), [client, queryClient, gameId]);
}

function gameCommands(client: RealtimeClient, queryClient: QueryClient, gameId: string) {
  const ref = { gameId };

  const refetchOnConflict = (error: unknown) => {
    if (error instanceof CommandError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      void refetchGame(queryClient, gameId);
    }
    throw error;
  };

  return {
    /** `ply` is the ply the move will have (`view.ply + 1`). A resend of the same ply is harmless. */
    async move(ply: number, uci: string) {
      const started = performance.now();
      const lagMs = lagEstimateMs === undefined ? undefined : Math.round(lagEstimateMs);
      try {
        const result = await run(
          client,
          'game.move',
          { ...ref, ply, uci, ...(lagMs === undefined ? {} : { lagMs }) },
          (s) => s.MoveResult,
        );
        recordRoundTrip(performance.now() - started);
        const { duplicate: _duplicate, ...data } = result;
        if (!applyToCache(queryClient, gameId, { type: GameEvents.moved, data })) void refetchGame(queryClient, gameId);
        return result;
      } catch (error) {
        return refetchOnConflict(error);
      }
    },
    resign: () => run(client, 'game.resign', ref, (s) => s.OkResult).catch(refetchOnConflict),
    abort: () => run(client, 'game.abort', ref, (s) => s.OkResult).catch(refetchOnConflict),
    draw: (action: OfferActionName) =>
      run(client, 'game.draw', { ...ref, action }, (s) => s.OkResult).catch(refetchOnConflict),
    takeback: (action: OfferActionName) =>
      run(client, 'game.takeback', { ...ref, action }, (s) => s.OkResult).catch(refetchOnConflict),
    rematch: (action: OfferActionName) =>
      run(client, 'game.rematch', { ...ref, action }, (s) => s.RematchResult).catch(refetchOnConflict),
    claimVictory: () => run(client, 'game.claimVictory', ref, (s) => s.OkResult).catch(refetchOnConflict),
    chat: (text: string) => run(client, 'game.chat', { ...ref, text }, (s) => s.ChatResult),
    spectatorChat: (text: string) => run(client, 'spectator.chat', { ...ref, text }, (s) => s.ChatResult),
    spectate: () => run(client, 'game.spectate', ref, (s) => s.SpectateResult),
    unspectate: () => run(client, 'game.unspectate', ref, (s) => s.SpectateResult),
  };
}

export type GameCommands = ReturnType<typeof gameCommands>;
