import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FIRST_MOVE_DELAY_MS, NEXT_PUZZLE_PAUSE_MS, PUZZLE_TEXTS, REPLY_DELAY_MS, userColor } from '@rush/domain';
import type { PuzzleView } from '@rush/protocol';
import { fetchBattlePuzzle, sendBattleMove, skipBattlePuzzle } from './api.ts';
import { failureText } from './errors.ts';
import { storeLobby } from './queries.ts';

/**
 * The battle board's life (SPEC 4 puzzle board, battle rules): the opponent's first move is
 * played 1 s after a puzzle appears; each user move goes to the server with its ply; a right move
 * gets the reply 700 ms later; a solved puzzle or a wrong move (a failure in a battle) brings the
 * next puzzle of the shared sequence after the 750 ms pause; Skip brings it at once.
 */

export type BoardPhase =
  /** Showing the FEN; the first move comes after 1 s. */
  | 'intro'
  | 'yourMove'
  | 'sending'
  /** A right move; the reply comes after 700 ms. */
  | 'reply'
  /** Solved or failed; the next puzzle comes after 750 ms. */
  | 'done'
  /** No puzzle left (the sequence ran out or the battle is over). */
  | 'over';

export interface BoardState {
  puzzle: PuzzleView | null;
  /** UCI moves played from `puzzle.fen` (the first move once auto-played). */
  moves: readonly string[];
  /** The ply of the user's next move (1, 3, 5...). */
  ply: number;
  phase: BoardPhase;
  feedback: 'correct' | 'solved' | 'wrong' | null;
  /** The opponent's reply waiting for its 700 ms. */
  reply: string | null;
  /** The puzzle after this one, shown when the 750 ms pause ends. */
  queued: PuzzleView | null;
}

const start = (puzzle: PuzzleView | null): BoardState => ({
  puzzle,
  moves: [],
  ply: 1,
  phase: puzzle ? 'intro' : 'over',
  feedback: null,
  reply: null,
  queued: null,
});

export interface BattleBoard {
  state: BoardState;
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
  const [state, setState] = useState<BoardState>(() => start(null));
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
        setState(start(res.puzzle));
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
  }, [client, lobbyId, live]);

  const attemptId = state.puzzle?.attemptId ?? null;
  const { phase } = state;

  useEffect(() => {
    if (phase === 'intro') {
      const timer = setTimeout(
        () =>
          setState((s) =>
            s.phase === 'intro' && s.puzzle?.attemptId === attemptId && s.puzzle
              ? { ...s, moves: [s.puzzle.firstMove], phase: 'yourMove' }
              : s,
          ),
        FIRST_MOVE_DELAY_MS,
      );
      return () => clearTimeout(timer);
    }
    if (phase === 'reply') {
      const timer = setTimeout(
        () =>
          setState((s) =>
            s.phase === 'reply' && s.reply
              ? { ...s, moves: [...s.moves, s.reply], ply: s.ply + 2, reply: null, phase: 'yourMove' }
              : s,
          ),
        REPLY_DELAY_MS,
      );
      return () => clearTimeout(timer);
    }
    if (phase === 'done') {
      const timer = setTimeout(() => setState((s) => (s.phase === 'done' ? start(s.queued) : s)), NEXT_PUZZLE_PAUSE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase, attemptId]);

  const move = useCallback(
    (uci: string) => {
      const current = state;
      if (current.phase !== 'yourMove' || !current.puzzle) return;
      const { attemptId: attempt } = current.puzzle;
      const ply = current.ply;
      setError(null);
      setState({ ...current, moves: [...current.moves, uci], phase: 'sending', feedback: null });
      sendBattleMove(lobbyId, { attemptId: attempt, ply, uci }).then(
        (res) => {
          storeLobby(client, res.lobby);
          const { verdict } = res;
          setState((s) => {
            if (s.puzzle?.attemptId !== attempt || s.phase !== 'sending') return s;
            if (verdict.verdict === 'correct' && !verdict.solved && verdict.reply) {
              return { ...s, phase: 'reply', feedback: 'correct', reply: verdict.reply };
            }
            return {
              ...s,
              phase: 'done',
              feedback: verdict.verdict === 'correct' ? 'solved' : 'wrong',
              queued: res.puzzle,
            };
          });
        },
        (err: unknown) => {
          // Not judged: the move is taken back and may be played again.
          setState((s) =>
            s.puzzle?.attemptId === attempt && s.phase === 'sending'
              ? { ...s, moves: s.moves.slice(0, -1), phase: 'yourMove' }
              : s,
          );
          setError(failureText(err));
        },
      );
    },
    [client, lobbyId, state],
  );

  const skip = useCallback(() => {
    const current = state;
    if (!current.puzzle || skipping || (current.phase !== 'yourMove' && current.phase !== 'intro')) return;
    const attempt = current.puzzle.attemptId;
    setSkipping(true);
    setError(null);
    skipBattlePuzzle(lobbyId, attempt).then(
      (res) => {
        setSkipping(false);
        storeLobby(client, res.lobby);
        setState((s) => (s.puzzle?.attemptId === attempt ? start(res.puzzle) : s));
      },
      (err: unknown) => {
        setSkipping(false);
        setError(failureText(err));
      },
    );
  }, [client, lobbyId, skipping, state]);

  const color = state.puzzle ? userColor(state.puzzle.fen) : null;
  return { state, loading: live && loading, error, color, status: statusText(state, color), move, skip, skipping };
}

/** The SPEC 4 board message for the moment (announced politely). */
export function statusText(state: BoardState, color: 'white' | 'black' | null): string {
  switch (state.feedback) {
    case 'wrong':
      return PUZZLE_TEXTS.wrongMove;
    case 'solved':
      return PUZZLE_TEXTS.solved;
    case 'correct':
      return PUZZLE_TEXTS.correctMove;
    default:
      break;
  }
  if (state.phase === 'over' || !color) return '';
  if (state.phase === 'yourMove' && state.ply === 1) return PUZZLE_TEXTS.makeFirstMove;
  return PUZZLE_TEXTS.moveFor(color);
}
