import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { parseDay } from '@rush/domain';
import { formatValue, type Unit } from './model.ts';

/**
 * The one module that touches the chart library (uPlot, canvas). It is loaded with the
 * dashboard only (React.lazy in DashboardSection), so no other page carries it; tests replace it.
 * The canvas is decoration for sighted mouse users: the figure's caption says what it shows and
 * the same numbers are one click away as a table, so the drawing is hidden from assistive tech.
 */

export interface ChartSeries {
  label: string;
  values: readonly number[];
  unit: Unit;
}

export interface DashboardChartProps {
  days: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
}

/** Distinguishable on the dark theme, and by dash as well as by colour. */
const STYLES = [
  { stroke: '#6fbf4a', dash: undefined },
  { stroke: '#58a6ff', dash: [6, 4] },
  { stroke: '#e8c21a', dash: [2, 3] },
] as const;
const AXIS = '#9aa6b5';
const GRID = 'rgba(154, 166, 181, 0.15)';

const unitKey = (unit: Unit) => (unit.kind === 'count' ? 'count' : unit.currency);

function options(props: DashboardChartProps, width: number): uPlot.Options {
  const units = [...new Map(props.series.map((s) => [unitKey(s.unit), s.unit])).entries()];
  const scales: uPlot.Scales = { x: { time: true } };
  for (const [key] of units) {
    // From zero, and a visible axis even when every day is zero.
    scales[key] = { range: (_u, _min, max) => [0, max > 0 ? max : 1] };
  }
  return {
    width,
    height: props.height ?? 220,
    // Days are UTC days: label them so, whatever the admin's time zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales,
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
    axes: [
      { stroke: AXIS, grid: { stroke: GRID }, ticks: { stroke: GRID } },
      ...units.map(([key, unit], i) => ({
        scale: key,
        side: i === 0 ? 3 : 1,
        stroke: AXIS,
        grid: { stroke: GRID, show: i === 0 },
        ticks: { stroke: GRID },
        size: unit.kind === 'count' ? 50 : 80,
        values: (_u: uPlot, splits: number[]) => splits.map((v) => formatValue(unit, v)),
      })),
    ],
    series: [
      { label: 'Day', value: (_u, ts) => (ts == null ? '–' : new Date(ts * 1000).toISOString().slice(0, 10)) },
      ...props.series.map((s, i) => {
        const style = STYLES[i % STYLES.length]!;
        return {
          label: s.label,
          scale: unitKey(s.unit),
          stroke: style.stroke,
          ...(style.dash ? { dash: [...style.dash] } : {}),
          width: 2,
          points: { size: 5, fill: style.stroke },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatValue(s.unit, v)),
        };
      }),
    ],
  };
}

const MIN_WIDTH = 280;

/** Draws once per change of days or series (the caller memoises them), and follows its box's width. */
export function DashboardChart({ days, series, height = 220 }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(el.clientWidth, MIN_WIDTH);
    const xs = days.map((d) => (parseDay(d)?.getTime() ?? 0) / 1000);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => [...s.values])];
    const plot = new uPlot(options({ days, series, height }, width()), data, el);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);
  return <div ref={box} className="dashboard-chart-canvas" aria-hidden="true" />;
}
