import { describe, expect, test, vi } from 'vitest';
import { render } from '@testing-library/react';
import { GRAPH_CP } from '@rush/domain';
import { EvalChart } from './EvalChart.tsx';
import { graphSeries, moveTick, pawnTick } from './graph.ts';

// jsdom has no canvas: uPlot is replaced by a recorder of what the chart asks of it.
const plots = vi.hoisted(() => [] as FakePlot[]);
interface FakePlot {
  opts: { series: unknown[]; scales: { y: { range: [number, number] } }; hooks: { draw: ((u: unknown) => void)[] } };
  data: number[][];
  over: HTMLDivElement;
  cursor: { idx: number | null };
  redraw: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  setSize: ReturnType<typeof vi.fn>;
}
vi.mock('uplot', () => {
  class Plot {
    over = document.createElement('div');
    cursor = { idx: null as number | null };
    redraw = vi.fn();
    destroy = vi.fn();
    setSize = vi.fn();
    constructor(
      public opts: FakePlot['opts'],
      public data: number[][],
      el: HTMLElement,
    ) {
      el.appendChild(this.over);
      plots.push(this);
    }
    static pxRatio = 1;
  }
  return { default: Plot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

describe('evaluation graph', () => {
  test('draws the plies through graphCp, bounded at ±GRAPH_CP, hidden from assistive tech', () => {
    plots.length = 0;
    const { container } = render(<EvalChart evals={[30, -5000, 2500]} selectedPly={3} onSelectPly={() => {}} />);
    const plot = plots[0]!;
    expect(plot.data).toEqual([
      [0, 1, 2, 3],
      [0, 30, -GRAPH_CP, GRAPH_CP],
    ]);
    expect(plot.opts.scales.y.range).toEqual([-GRAPH_CP, GRAPH_CP]);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  test('a click picks the ply under the cursor; a new ply redraws the mark; unmount destroys', () => {
    plots.length = 0;
    const onSelectPly = vi.fn();
    // The caller memoises the evaluations: the same array draws once.
    const evals = [10, 20];
    const { rerender, unmount } = render(<EvalChart evals={evals} selectedPly={0} onSelectPly={onSelectPly} />);
    const plot = plots[0]!;
    plot.cursor.idx = 2;
    plot.over.click();
    expect(onSelectPly).toHaveBeenCalledWith(2);
    const before = plot.redraw.mock.calls.length;
    rerender(<EvalChart evals={evals} selectedPly={1} onSelectPly={onSelectPly} />);
    expect(plot.redraw.mock.calls.length).toBe(before + 1);
    expect(plots).toHaveLength(1);
    unmount();
    expect(plot.destroy).toHaveBeenCalledOnce();
  });

  test('data and ticks', () => {
    expect(graphSeries([])).toEqual([[0], [0]]);
    expect(graphSeries([Number.NaN])).toEqual([
      [0, 1],
      [0, 0],
    ]);
    // The book (null: not evaluated) has no point, so the line spans it instead of dipping to level.
    expect(graphSeries([null, null, 120])).toEqual([
      [0, 1, 2, 3],
      [0, null, null, 120],
    ]);
    expect(pawnTick(300)).toBe('+3');
    expect(pawnTick(-1000)).toBe('-10');
    expect(pawnTick(0)).toBe('0');
    expect([0, 1, 2, 3, 2.5].map(moveTick)).toEqual(['', '1', '1', '2', '']);
  });
});
