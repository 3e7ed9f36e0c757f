import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { historyDate } from '@rush/domain';
import { formatChartValue, type ChartSpec } from './chartModel.ts';

/**
 * The module of the player charts that touches the chart library (uPlot, canvas), loaded lazily
 * by PlayerCharts only: no page carries it until a chart is drawn; tests replace it. The canvas is
 * for sighted pointer users: the figure's caption sums it up and the same points are a table
 * beside it, so the drawing is hidden from assistive tech.
 */

/** Distinguishable on the dark theme, and by dash as well as by colour (the dashboard's). */
const STYLES = [
  { stroke: '#6fbf4a', dash: undefined },
  { stroke: '#e5534b', dash: [6, 4] },
] as const;
const AXIS = '#9aa6b5';
const GRID = 'rgba(154, 166, 181, 0.15)';
const MIN_WIDTH = 260;

function options(spec: ChartSpec, width: number, height: number): uPlot.Options {
  const money = spec.format.kind === 'money';
  return {
    width,
    height,
    // The dates are History's (UTC days): the axis says the same, whatever the viewer's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      // Money from zero (running totals); a rating around where it moved.
      y: money ? { range: (_u, _min, max) => [0, max > 0 ? max : 1] } : {},
    },
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
    axes: [
      { stroke: AXIS, grid: { stroke: GRID }, ticks: { stroke: GRID } },
      {
        stroke: AXIS,
        grid: { stroke: GRID },
        ticks: { stroke: GRID },
        size: money ? 80 : 50,
        values: (_u, splits) => splits.map((v) => formatChartValue(spec.format, v)),
      },
    ],
    series: [
      { label: 'Date', value: (_u, ts) => (ts == null ? '–' : historyDate(new Date(ts * 1000))) },
      ...spec.lines.map((line, i) => {
        const style = STYLES[i % STYLES.length]!;
        return {
          label: line.label,
          stroke: style.stroke,
          ...(style.dash ? { dash: [...style.dash] } : {}),
          width: 2,
          // Every game is a visible point: one game alone is still a dot on the chart.
          points: { show: true, size: 6, fill: style.stroke },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatChartValue(spec.format, v)),
        };
      }),
    ],
  };
}

/** Draws once per spec (the caller memoises it) and follows its box's width. */
export function SeriesChart({ spec, height = 200 }: { spec: ChartSpec; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(el.clientWidth, MIN_WIDTH);
    const data: uPlot.AlignedData = [[...spec.xs], ...spec.lines.map((l) => [...l.values])];
    const plot = new uPlot(options(spec, width(), height), data, el);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [spec, height]);
  return <div ref={box} className="series-chart-canvas" aria-hidden="true" data-points={spec.xs.length} />;
}
