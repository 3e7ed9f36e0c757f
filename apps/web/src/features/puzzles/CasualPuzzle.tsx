import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { NEXT_PUZZLE_PAUSE_MS } from '@rush/domain';
import type { PuzzleView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { fetchNextPuzzle, isImporting, postCasualMove, postSolution, PUZZLE_KEYS, type PuzzleSettings } from './api.ts';
import { ImportProgress, useCatalogStatus } from './ImportProgress.tsx';
import { PuzzleBoard, PuzzleStatus } from './PuzzleBoard.tsx';
import { DEFAULT_SETTINGS, difficultyLabel, readSettings, themeLabel } from './settings.ts';
import { fullSolution, localJudge, usePuzzleBoard, type Judge } from './usePuzzleBoard.ts';
import './puzzles.css';

interface RoundProps {
  puzzle: PuzzleView;
  /** The solution once known (after Solve, or the line of a solved puzzle): judged locally. */
  solution: readonly string[] | null;
  onSolution: (moves: readonly string[]) => void;
  onReset: (solution: readonly string[]) => void;
  onNext: () => void;
  pausing: boolean;
}

/** One try at a casual puzzle: the board, its status and the Solve / Reset / Next controls. */
function CasualRound({ puzzle, solution, onSolution, onReset, onNext, pausing }: RoundProps) {
  const judge = useMemo<Judge>(
    () => (solution ? localJudge(puzzle, solution) : (ply, uci) => postCasualMove(puzzle.attemptId, { ply, uci })),
    [puzzle, solution],
  );
  const board = usePuzzleBoard({ puzzle, judge, wrongMove: 'undo' });
  const [solving, setSolving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const solve = () => {
    if (solution) {
      board.showSolution(solution);
      return;
    }
    setSolving(true);
    setError(null);
    postSolution(puzzle.attemptId).then(
      (moves) => {
        setSolving(false);
        const line = fullSolution(puzzle, moves);
        onSolution(line);
        board.showSolution(line);
      },
      (e: unknown) => {
        setSolving(false);
        setError(errorText(e));
      },
    );
  };

  const { phase } = board;
  const done = phase === 'done';
  // After a solved puzzle its own line is a solution to replay against.
  const replayLine = solution ?? (board.outcome === 'solved' ? board.moves : null);

  return (
    <div className="puzzle-layout">
      <div className="puzzle-main">
        <PuzzleBoard board={board} />
      </div>
      <div className="puzzle-side-panel">
        <PuzzleStatus board={board} />
        <div className="puzzle-actions">
          {phase === 'wrong' ? (
            <Button variant="secondary" onClick={board.undo}>
              Try something else
            </Button>
          ) : null}
          {!done && phase !== 'showing' ? (
            <Button variant="secondary" onClick={solve} busy={solving} disabled={phase === 'judging'}>
              Solve
            </Button>
          ) : null}
          {done && replayLine ? (
            <Button variant="secondary" onClick={() => onReset(replayLine)} disabled={pausing}>
              Reset
            </Button>
          ) : null}
          {done ? (
            <Button onClick={onNext} busy={pausing}>
              Next
            </Button>
          ) : null}
        </div>
        <FormMessage text={error} />
        <p className="puzzle-meta">Rating {puzzle.rating}</p>
      </div>
    </div>
  );
}

interface CasualPuzzleProps {
  /** Inside another screen (the matchmaking wait): "Go back" instead of "Finish". */
  embedded?: boolean;
  /** What "Go back" does when embedded; by default the previous page. */
  onBack?: () => void;
  /** Difficulty and theme; the defaults for the matchmaking wait. */
  settings?: PuzzleSettings;
}

/**
 * SPEC 2/4 Casual puzzles: one puzzle after another at the chosen difficulty and theme, each
 * move judged by the server. Embeddable: the matchmaking screen can show it while it waits.
 */
export function CasualPuzzle({ embedded = false, onBack, settings = DEFAULT_SETTINGS }: CasualPuzzleProps) {
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [pausing, setPausing] = useState(false);
  const [solution, setSolution] = useState<readonly string[] | null>(null);
  const [resets, setResets] = useState(0);

  const query = useQuery({
    queryKey: PUZZLE_KEYS.casual(settings.difficulty, settings.theme, round),
    queryFn: () => fetchNextPuzzle(settings),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const importing = query.isError && isImporting(query.error);
  const status = useCatalogStatus(importing);
  const ready = importing && status.data?.ready === true;
  const { refetch } = query;
  useEffect(() => {
    if (ready) void refetch();
  }, [ready, refetch]);

  // SPEC 4: a 750 ms pause between a finished puzzle and the next one.
  useEffect(() => {
    if (!pausing) return;
    const timer = setTimeout(() => {
      setPausing(false);
      setSolution(null);
      setResets(0);
      setRound((r) => r + 1);
    }, NEXT_PUZZLE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pausing]);

  const onReset = useCallback((line: readonly string[]) => {
    setSolution(line);
    setResets((n) => n + 1);
  }, []);

  const leave = () => {
    if (!embedded) void navigate('/puzzle-game');
    else if (onBack) onBack();
    else void navigate(-1);
  };

  const puzzle = query.data?.puzzle;
  let body;
  if (puzzle) {
    body = (
      <CasualRound
        key={`${puzzle.attemptId}:${resets}`}
        puzzle={puzzle}
        solution={solution}
        onSolution={setSolution}
        onReset={onReset}
        onNext={() => setPausing(true)}
        pausing={pausing}
      />
    );
  } else if (importing) {
    body = status.data ? (
      <ImportProgress imported={status.data.imported} total={status.data.total} />
    ) : (
      <p role="status">Preparing puzzles…</p>
    );
  } else {
    const status = { data: undefined, isError: query.isError, error: query.error, refetch };
    body = <QueryState query={status} loading="Loading a puzzle…" subject="the puzzle" />;
  }

  const Heading = embedded ? 'h2' : 'h1';
  return (
    <section className={`puzzle-screen${embedded ? ' is-embedded' : ''}`} aria-labelledby="casual-title">
      {embedded ? null : <title>Casual Puzzles</title>}
      <header className="puzzle-header">
        <div>
          <Heading id="casual-title">Casual Puzzles</Heading>
          <p className="puzzle-settings-line">
            {difficultyLabel(settings.difficulty)} · {themeLabel(settings.theme)}
          </p>
        </div>
        <Button variant="ghost" onClick={leave}>
          {embedded ? 'Go back' : 'Finish'}
        </Button>
      </header>
      {body}
    </section>
  );
}

/** /puzzle-game/casual?difficulty&theme (and `?embedded` for the embeddable view). */
export function CasualPuzzlePage() {
  const [search] = useSearchParams();
  const embedded = search.has('embedded');
  const settings = readSettings(search);
  return <CasualPuzzle embedded={embedded} settings={settings} />;
}
