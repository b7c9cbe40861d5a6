import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options, type Series } from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

export interface WeeklyChartProps {
  /** The Mondays (yyyy-mm-dd) of the weeks, oldest first. */
  weeks: string[];
  series: ChartSeries[];
  kind: 'stacked' | 'lines';
  /** How a value reads in the legend and on the y axis (euros for revenue). */
  format: (value: number) => string;
  /** How a week reads on the x axis and in the legend. */
  formatWeek: (weekStart: string) => string;
  label: string;
  /** The legend's name for the week column. */
  weekLabel: string;
}

const HEIGHT = 260;

/**
 * A uPlot chart of weekly figures: stacked bars (each series drawn as the running total up to
 * it, the tallest first, so the ones below show through) or lines. The canvas is hidden from
 * assistive technology; the table view beside it carries the same numbers.
 */
export function WeeklyChart({ weeks, series, kind, format, formatWeek, label, weekLabel }: WeeklyChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = weeks.map((w) => Date.parse(`${w}T00:00:00Z`) / 1000);
    let shown: { raw: number[]; plotted: number[]; s: ChartSeries }[];
    if (kind === 'stacked') {
      const totals = weeks.map(() => 0);
      const stacked = series.map((s) => {
        const plotted = s.values.map((v, i) => (totals[i] = (totals[i] ?? 0) + v));
        return { raw: s.values, plotted, s };
      });
      shown = stacked.reverse();
    } else {
      shown = series.map((s) => ({ raw: s.values, plotted: s.values, s }));
    }
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const plotSeries: Series[] = [
      { label: weekLabel, value: (_u, v) => (v === null ? '' : formatWeek(new Date(v * 1000).toISOString().slice(0, 10))) },
      ...shown.map(
        ({ raw, s }): Series => ({
          label: s.label,
          stroke: s.color,
          width: kind === 'stacked' ? 0 : 2,
          fill: kind === 'stacked' ? s.color : undefined,
          paths: kind === 'stacked' ? bars : undefined,
          points: { show: kind === 'lines' && weeks.length <= 26 },
          // The legend shows the series' own value, not the running total it is drawn at.
          value: (_u, _v, _si, idx) => (idx === null ? '' : format(raw[idx] ?? 0)),
        }),
      ),
    ];
    const options: Options = {
      width: Math.max(element.clientWidth, 280),
      height: HEIGHT,
      series: plotSeries,
      // Weeks start at UTC midnight of their Monday: the axis picks its ticks in UTC too.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.08] } },
      axes: [
        { values: (_u, splits) => splits.map((s) => formatWeek(new Date(s * 1000).toISOString().slice(0, 10))), space: 90 },
        { values: (_u, splits) => splits.map((s) => format(s)), size: 80 },
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const data = [x, ...shown.map((s) => s.plotted)] as AlignedData;
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weeks, series, kind, format, formatWeek, weekLabel]);

  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
