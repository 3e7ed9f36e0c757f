import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { GRAPH_CP } from '@rush/domain';
import { graphSeries, moveTick, pawnTick } from './graph.ts';

/**
 * The evaluation graph of the analysis page: White's advantage after each ply, drawn with uPlot
 * (canvas). Loaded lazily by AnalysisPanel only, so no other page carries the library; tests
 * replace it. The canvas is for sighted pointer users: the figure's caption says what it shows
 * and the move list beside it has every evaluation as text, so it is hidden from assistive tech.
 * A click on the graph selects the nearest ply; the selected ply is marked with a line.
 */
export interface EvalChartProps {
  /** Centipawns, White's view, after each ply (index 0 is ply 1); null where nothing evaluated it. */
  evals: readonly (number | null)[];
  /** 0 = the start position. */
  selectedPly: number;
  onSelectPly: (ply: number) => void;
  height?: number;
}

const LINE = '#e9edcc';
const FILL = 'rgba(233, 237, 204, 0.22)';
const MARK = '#ffd35c';
const AXIS = '#9aa6b5';
const GRID = 'rgba(154, 166, 181, 0.15)';
const MIN_WIDTH = 240;

export function EvalChart({ evals, selectedPly, onSelectPly, height = 200 }: EvalChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const selected = useRef(selectedPly);
  const onSelect = useRef(onSelectPly);

  useEffect(() => {
    onSelect.current = onSelectPly;
  }, [onSelectPly]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(el.clientWidth, MIN_WIDTH);
    const [xs, ys] = graphSeries(evals);
    const options: uPlot.Options = {
      width: width(),
      height,
      scales: { x: { time: false }, y: { range: [-GRAPH_CP, GRAPH_CP] } },
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      axes: [
        {
          stroke: AXIS,
          grid: { stroke: GRID },
          ticks: { stroke: GRID },
          // Plies on the scale, full moves on the labels.
          values: (_u, splits) => splits.map(moveTick),
        },
        {
          stroke: AXIS,
          grid: { stroke: GRID },
          ticks: { stroke: GRID },
          size: 40,
          values: (_u, splits) => splits.map(pawnTick),
        },
      ],
      series: [
        {},
        { label: 'Evaluation', stroke: LINE, width: 2, fill: FILL, fillTo: 0, points: { show: false }, spanGaps: true },
      ],
      hooks: {
        draw: [
          (u) => {
            const x = u.valToPos(selected.current, 'x', true);
            const { ctx } = u;
            ctx.save();
            ctx.strokeStyle = MARK;
            ctx.lineWidth = 2 * uPlot.pxRatio;
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          },
        ],
      },
    };
    const chart = new uPlot(options, [xs, ys], el);
    plot.current = chart;
    const click = () => {
      const idx = chart.cursor.idx;
      if (idx !== null && idx !== undefined) onSelect.current(idx);
    };
    chart.over.addEventListener('click', click);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.over.removeEventListener('click', click);
      chart.destroy();
      plot.current = null;
    };
  }, [evals, height]);

  useEffect(() => {
    selected.current = selectedPly;
    plot.current?.redraw(false, false);
  }, [selectedPly]);

  return <div ref={box} className="eval-chart-canvas" aria-hidden="true" />;
}
