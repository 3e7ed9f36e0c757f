import { Component, lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FAIRPLAY_TEXTS } from '@rush/domain';
import type { AnalysedPlyView, GameAnalysisResponse, GameView } from '@rush/protocol';
import { fetchGameAnalysis } from './api.ts';
import { ApiError, errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { useSession } from '../../api/session.ts';
import { ANALYSIS_TEXTS, formatEval, MOVE_CLASS_LABEL, moveNumber, VERDICT_LABEL } from './labels.ts';
import { SideFiguresTable } from './SideFiguresTable.tsx';
import './fairplay.css';

// The chart library loads only where the graph draws: not with the spectator page itself.
const EvalChart = lazy(() => import('./EvalChart.tsx').then((m) => ({ default: m.EvalChart })));

export const analysisKey = (gameId: string) => ['fairplay', 'analysis', gameId] as const;

/** While the engine has not finished, the analysis is read again this often. */
export const ANALYSIS_POLL_MS = 10_000;

const isPending = (data: GameAnalysisResponse | undefined) => data?.state === 'queued' || data?.state === 'running';

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="eval-chart-note">{ANALYSIS_TEXTS.chartFailed}</p>;
    return this.props.children;
  }
}

interface PlyRowProps {
  ply: AnalysedPlyView;
  selected: boolean;
  onSelect: () => void;
}

function PlyRow({ ply, selected, onSelect }: PlyRowProps) {
  const [shown, setShown] = useState(false);
  const bestId = useId();
  const side = ply.color === 'white' ? 'White' : 'Black';
  const where = `move ${Math.ceil(ply.ply / 2)}, ${side}`;
  const label = MOVE_CLASS_LABEL[ply.class];
  return (
    <li className={`ply-row${selected ? ' is-selected' : ''}`}>
      <span className="ply-number" aria-hidden="true">
        {moveNumber(ply.ply)}
      </span>
      <button
        type="button"
        className="ply-move"
        aria-current={selected ? 'step' : undefined}
        aria-label={`${ply.san}, ${where}: ${label}`}
        onClick={onSelect}
      >
        {ply.san}
      </button>
      <span className={`ply-class ply-class-${ply.class}`}>{label}</span>
      <span className="ply-eval">{formatEval(ply.evalCp)}</span>
      {ply.best !== null ? (
        <span className="ply-engine">
          <Button
            variant="ghost"
            className="ply-engine-toggle"
            aria-expanded={shown}
            aria-controls={bestId}
            aria-label={`${shown ? 'Hide' : 'Show'} best move for ${where} (${ply.san})`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide best move' : 'Show best move'}
          </Button>
          <span id={bestId} className="ply-engine-move" hidden={!shown}>
            Best: {ply.bestSan ?? ply.best}
            {ply.best === ply.uci ? ' (played)' : ''}
          </span>
        </span>
      ) : (
        <span className="ply-engine muted">–</span>
      )}
    </li>
  );
}

interface AnalysisBodyProps {
  data: GameAnalysisResponse;
  view: GameView;
  selectedPly: number;
  onSelectPly: (ply: number) => void;
}

function AnalysisBody({ data, view, selectedPly, onSelectPly }: AnalysisBodyProps) {
  const { me } = useSession();
  const graphId = useId();
  const evals = useMemo(() => data.plies.map((p) => p.evalCp), [data.plies]);
  if (data.state === 'none') return <p className="analysis-note">{ANALYSIS_TEXTS.none}</p>;
  if (data.state === 'failed') return <p className="analysis-note">{ANALYSIS_TEXTS.failed}</p>;
  if (data.state !== 'done') {
    return (
      <p className="analysis-note" role="status">
        {ANALYSIS_TEXTS.pending}
      </p>
    );
  }
  return (
    <div className="analysis-body">
      <figure className="analysis-graph" aria-labelledby={graphId}>
        <figcaption>
          <h3 id={graphId}>{ANALYSIS_TEXTS.graphTitle}</h3>
          <p className="eval-chart-note">{ANALYSIS_TEXTS.graphSummary}</p>
        </figcaption>
        <ChartBoundary>
          <Suspense fallback={<p className="eval-chart-note">{ANALYSIS_TEXTS.chartLoading}</p>}>
            <EvalChart evals={evals} selectedPly={selectedPly} onSelectPly={onSelectPly} />
          </Suspense>
        </ChartBoundary>
      </figure>
      <section className="analysis-figures" aria-label="Figures per side">
        <h3>Figures per side</h3>
        <SideFiguresTable
          caption="Figures per side"
          white={{ name: view.white.username, figures: data.white }}
          black={{ name: view.black.username, figures: data.black }}
        />
        {me?.role === 'admin' && data.verdict ? (
          <p className="analysis-verdict">
            Verdict: White {VERDICT_LABEL[data.verdict.white]}, Black {VERDICT_LABEL[data.verdict.black]}.
          </p>
        ) : null}
      </section>
      <section className="analysis-moves" aria-label="Move by move">
        <h3>Move by move</h3>
        {data.plies.length === 0 ? (
          <p className="muted">No moves.</p>
        ) : (
          <ol className="ply-list">
            {data.plies.map((p) => (
              <PlyRow key={p.ply} ply={p} selected={p.ply === selectedPly} onSelect={() => onSelectPly(p.ply)} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

interface AnalysisPanelProps {
  view: GameView;
  /** The ply shown on the board (0 = start); choosing a move or a point on the graph sets it. */
  selectedPly: number;
  onSelectPly: (ply: number) => void;
}

/**
 * Issue 14: a finished game's engine analysis under the replay (`/tv/{id}?analysis=1`, History's
 * Analyze): the evaluation graph, both sides' figures, and each move's class with the engine's
 * best move on demand. For the game's players and admins; everyone else is told so.
 */
export function AnalysisPanel({ view, selectedPly, onSelectPly }: AnalysisPanelProps) {
  const query = useQuery({
    queryKey: analysisKey(view.id),
    queryFn: () => fetchGameAnalysis(view.id),
    refetchInterval: (q) => (isPending(q.state.data) ? ANALYSIS_POLL_MS : false),
  });
  const titleId = useId();
  const status = query.error instanceof ApiError ? query.error.status : null;
  // Reading again cannot make a stranger a player, nor find a game that is not there.
  const final = status === 401 || status === 403 || status === 404;
  return (
    <section className="analysis-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel-title">
        {ANALYSIS_TEXTS.title}
      </h2>
      <QueryState
        query={query}
        loading={ANALYSIS_TEXTS.loading}
        subject="the analysis"
        describe={(error) => (status === 403 ? FAIRPLAY_TEXTS.notYourGame : errorText(error))}
        retry={!final}
      >
        {(data) => <AnalysisBody data={data} view={view} selectedPly={selectedPly} onSelectPly={onSelectPly} />}
      </QueryState>
    </section>
  );
}
