import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PUZZLE_TEXTS, userColor } from '@rush/domain';
import { canSkip, cycleStart, nextPly, type CycleState } from '../puzzleCycle.ts';
import { usePuzzleCycle } from '../usePuzzleCycle.ts';
import { fetchBattlePuzzle, sendBattleMove, skipBattlePuzzle } from './api.ts';
import { failureText } from './errors.ts';
import { storeLobby } from './queries.ts';

/**
 * The battle board (SPEC 4 puzzle board, battle rules): the puzzle cycle (puzzleCycle.ts, shared
 * with Casual and Solo) on the battle's shared sequence. Each user move goes to the server with
 * its ply; a wrong move fails the puzzle (a strike); a solved or failed puzzle brings the next
 * one, which the server's answer carries, after the 750 ms pause; Skip brings it at once.
 */

export interface BattleBoard {
  state: CycleState;
  loading: boolean;
  error: string | null;
  /** The side the user plays (SPEC: opposite the FEN's side to move). */
  color: 'white' | 'black' | null;
  status: string;
  move: (uci: string) => void;
  skip: () => void;
  skipping: boolean;
}

export function useBattleBoard(lobbyId: string, live: boolean): BattleBoard {
  const client = useQueryClient();
  const [state, dispatch] = usePuzzleCycle(() => cycleStart(null, 'fail'));
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [skipping, setSkipping] = useState(false);

  // The current puzzle, once, when the battle is on (a reload lands on the same attempt).
  useEffect(() => {
    if (!live) return;
    let cancelled = false;
    fetchBattlePuzzle(lobbyId).then(
      (res) => {
        if (cancelled) return;
        storeLobby(client, res.lobby);
        dispatch({ type: 'start', puzzle: res.puzzle });
        setLoading(false);
      },
      (err: unknown) => {
        if (cancelled) return;
        setLoading(false);
        setError(failureText(err));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, lobbyId, live, dispatch]);

  const move = useCallback(
    (uci: string) => {
      if (state.phase !== 'play' || !state.puzzle) return;
      const { attemptId } = state.puzzle;
      const ply = nextPly(state);
      setError(null);
      dispatch({ type: 'move', uci });
      sendBattleMove(lobbyId, { attemptId, ply, uci }).then(
        (res) => {
          storeLobby(client, res.lobby);
          dispatch({ type: 'judged', attemptId, verdict: res.verdict, next: res.puzzle });
        },
        (err: unknown) => {
          dispatch({ type: 'notJudged', attemptId });
          setError(failureText(err));
        },
      );
    },
    [client, lobbyId, state, dispatch],
  );

  const skip = useCallback(() => {
    if (!state.puzzle || skipping || !canSkip(state)) return;
    const { attemptId } = state.puzzle;
    setSkipping(true);
    setError(null);
    skipBattlePuzzle(lobbyId, attemptId).then(
      (res) => {
        setSkipping(false);
        storeLobby(client, res.lobby);
        dispatch({ type: 'skipped', attemptId, next: res.puzzle });
      },
      (err: unknown) => {
        setSkipping(false);
        setError(failureText(err));
      },
    );
  }, [client, lobbyId, skipping, state, dispatch]);

  const color = state.puzzle ? userColor(state.puzzle.fen) : null;
  return { state, loading: live && loading, error, color, status: statusText(state, color), move, skip, skipping };
}

/** The SPEC 4 board message for the moment (announced politely). */
export function statusText(state: CycleState, color: 'white' | 'black' | null): string {
  // In a battle a wrong move is a strike: the board says "wrong", and the next puzzle follows.
  if (state.verdict === 'wrong') return PUZZLE_TEXTS.wrongMove;
  if (state.outcome === 'solved') return PUZZLE_TEXTS.solved;
  if (state.verdict === 'correct') return PUZZLE_TEXTS.correctMove;
  if (state.phase === 'over' || !color) return '';
  if (state.phase === 'play' && nextPly(state) === 1) return PUZZLE_TEXTS.makeFirstMove;
  return PUZZLE_TEXTS.moveFor(color);
}
