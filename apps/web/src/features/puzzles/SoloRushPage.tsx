import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { NEXT_PUZZLE_PAUSE_MS } from '@rush/domain';
import type { PuzzleView, SoloRunView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { isImporting, PUZZLE_KEYS, soloFinish, soloMove, soloSkip, startSolo } from './api.ts';
import { ImportProgress, useCatalogStatus } from './ImportProgress.tsx';
import { PuzzleBoard, PuzzleStatus } from './PuzzleBoard.tsx';
import { RushScoreboard, RushTimer } from './RushStats.tsx';
import { difficultyLabel, readSettings, themeLabel } from './settings.ts';
import { SoloResultDialog } from './SoloResultDialog.tsx';
import { usePuzzleBoard, type Judge, type Outcome } from './usePuzzleBoard.ts';
import './puzzles.css';

interface Run {
  view: SoloRunView;
  /** Server time minus local time when the run arrived, ms. */
  offset: number;
}

interface SoloRoundProps {
  runId: string;
  puzzle: PuzzleView;
  onRun: (view: SoloRunView) => void;
  onOutcome: (outcome: Outcome) => void;
  enabled: boolean;
}

/** The current puzzle of the run; every move goes to the run, whose answer is the new state. */
function SoloRound({ runId, puzzle, onRun, onOutcome, enabled }: SoloRoundProps) {
  const judge = useMemo<Judge>(
    () => async (ply, uci) => {
      const answer = await soloMove(runId, { attemptId: puzzle.attemptId, ply, uci });
      onRun(answer.run);
      return answer.verdict;
    },
    [runId, puzzle.attemptId, onRun],
  );
  const board = usePuzzleBoard({ puzzle, judge, wrongMove: 'fail', onOutcome, enabled });
  return (
    <>
      <div className="puzzle-main">
        <PuzzleBoard board={board} />
      </div>
      <PuzzleStatus board={board} />
    </>
  );
}

/**
 * SPEC 2/4 Solo Puzzle Rush: 3 minutes from the first correct move, as many puzzles as
 * possible; a wrong move is a strike and the next puzzle comes; Skip; the result popup at the
 * end. The server keeps the run (start resumes a running one) and judges every move.
 */
export function SoloRushPage() {
  const [search] = useSearchParams();
  const { difficulty, theme } = readSettings(search);
  const navigate = useNavigate();
  const client = useQueryClient();

  const [run, setRun] = useState<Run | null>(null);
  /** The puzzle on the board and a counter keying its board (a new puzzle starts clean). */
  const [shown, setShown] = useState<{ puzzle: PuzzleView; turn: number } | null>(null);
  const [pausing, setPausing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<'start' | 'skip' | 'finish' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<Run | null>(null);

  const accept = useCallback(
    (view: SoloRunView) => {
      const next = { view, offset: Date.parse(view.serverNow) - Date.now() || 0 };
      latest.current = next;
      setRun(next);
      // An ended run no longer forces this route.
      if (view.status === 'finished') client.setQueryData(PUZZLE_KEYS.active, { active: null });
    },
    [client],
  );

  const showCurrent = useCallback(() => {
    const current = latest.current?.view;
    const puzzle = current && current.status !== 'finished' ? current.puzzles[0] : undefined;
    setShown((s) => (puzzle ? { puzzle, turn: (s?.turn ?? 0) + 1 } : s));
  }, []);

  /** POST start: a new run, or the running one (resumed). */
  const begin = useCallback(
    () =>
      startSolo({ difficulty, theme }).then(
        (view) => {
          setBusy(null);
          setImporting(false);
          accept(view);
          showCurrent();
        },
        (e: unknown) => {
          setBusy(null);
          if (isImporting(e)) setImporting(true);
          else setError(errorText(e));
        },
      ),
    [difficulty, theme, accept, showCurrent],
  );

  const start = () => {
    setBusy('start');
    setError(null);
    void begin();
  };

  // Start (or resume) once per visit, StrictMode's second mount included.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void begin();
  }, [begin]);

  const status = useCatalogStatus(importing);
  const ready = importing && status.data?.ready === true;
  useEffect(() => {
    if (ready) void begin();
  }, [ready, begin]);

  // SPEC 4: a 750 ms pause after a solved, failed or skipped puzzle, then the run's next one.
  useEffect(() => {
    if (!pausing) return;
    const timer = setTimeout(() => {
      setPausing(false);
      showCurrent();
    }, NEXT_PUZZLE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pausing, showCurrent]);

  const onOutcome = useCallback(() => setPausing(true), []);

  const act = useCallback(
    (name: 'skip' | 'finish', call: () => Promise<SoloRunView>, then?: () => void) => {
      setBusy(name);
      setError(null);
      call().then(
        (answer) => {
          setBusy(null);
          accept(answer);
          then?.();
        },
        (e: unknown) => {
          setBusy(null);
          setError(errorText(e));
        },
      );
    },
    [accept],
  );

  const view = run?.view ?? null;
  const finished = view?.status === 'finished';
  const runId = view?.runId ?? '';
  const finish = useCallback(() => {
    if (!runId || latest.current?.view.status === 'finished') return;
    act('finish', () => soloFinish(runId));
  }, [runId, act]);

  const skip = () => {
    if (!view || !shown) return;
    act(
      'skip',
      () => soloSkip(view.runId, shown.puzzle.attemptId),
      () => setPausing(true),
    );
  };

  let body;
  if (run && view && shown) {
    body = (
      <div className="puzzle-layout">
        <SoloRound
          key={`${shown.puzzle.attemptId}:${shown.turn}`}
          runId={view.runId}
          puzzle={shown.puzzle}
          onRun={accept}
          onOutcome={onOutcome}
          enabled={!finished && !pausing}
        />
        <div className="puzzle-side-panel">
          <RushTimer
            endsAt={view.endsAt}
            durationMs={view.durationMs}
            offset={run.offset}
            finished={finished}
            onTimeUp={finish}
          />
          <RushScoreboard stats={view.stats} />
          <div className="puzzle-actions">
            <Button variant="secondary" onClick={skip} busy={busy === 'skip'} disabled={finished || pausing}>
              Skip
            </Button>
            <Button variant="ghost" onClick={finish} busy={busy === 'finish'} disabled={finished}>
              Finish
            </Button>
          </div>
          <FormMessage text={error} />
        </div>
      </div>
    );
  } else if (importing) {
    body = status.data ? (
      <ImportProgress imported={status.data.imported} total={status.data.total} />
    ) : (
      <p role="status">Preparing puzzles…</p>
    );
  } else {
    // Starting the run is a command, not a query: its failure (already worded) and start again.
    const status = { data: undefined, isError: error !== null, error, refetch: start };
    body = <QueryState query={status} loading="Starting your run…" subject="the run" describe={() => error ?? ''} />;
  }

  return (
    <section className="puzzle-screen" aria-labelledby="solo-title">
      <title>Solo Puzzle Rush</title>
      <header className="puzzle-header">
        <div>
          <h1 id="solo-title">Solo Puzzle Rush</h1>
          {/* A resumed run (after a redirect) keeps its own settings, which the URL does not know. */}
          {search.has('difficulty') || search.has('theme') ? (
            <p className="puzzle-settings-line">
              {difficultyLabel(difficulty)} · {themeLabel(theme)}
            </p>
          ) : null}
        </div>
      </header>
      {body}
      {view && finished && !pausing ? (
        <SoloResultDialog
          run={view}
          busy={busy === 'start'}
          onPlayAgain={start}
          onBack={() => void navigate('/puzzle-game')}
        />
      ) : null}
    </section>
  );
}
