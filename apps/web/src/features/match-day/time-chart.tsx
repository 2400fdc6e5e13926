import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTime } from '@tickets/domain';

/** One line or bar series of a chart: its values at each time of the chart. */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

interface TimeChartProps {
  /** What the chart shows, read by screen readers in place of the drawing (its table follows it). */
  label: string;
  /** Epoch milliseconds, ascending, one per value of each series. */
  times: number[];
  series: ChartSeries[];
  kind: 'bars' | 'lines';
  height: number;
}

/** Counts only: the y axis steps by whole numbers. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];
const AXIS = {
  stroke: '#0b0c0c',
  grid: { stroke: '#dcdcdc', width: 1 },
  ticks: { stroke: '#b1b4b6', width: 1 },
};

/**
 * A chart over time drawn by uPlot (a small canvas chart library, loaded only with the match-day
 * screen): its times in Athens time, 24-hour, as everywhere on the site. Drawn again at the width of
 * its box when that changes (a phone turned, a window resized). The drawing is one image to assistive
 * technology, named by `label`; its numbers are in the table beside it.
 */
export function TimeChart({ label, times, series, kind, height }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.8, 16] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { show: false, drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: (_chart, min, max) => [min, Math.max(max, min + 60)] },
          y: { range: (_chart, _min, max) => [0, Math.max(2, Math.ceil(max * 1.15))] },
        },
        axes: [
          { ...AXIS, values: (_chart, splits) => splits.map((at) => formatTime(new Date(at * 1000))) },
          { ...AXIS, incrs: WHOLE_STEPS, size: 44, values: (_chart, splits) => splits.map(String) },
        ],
        series: [
          {},
          ...series.map((one) => ({
            label: one.label,
            stroke: one.color,
            width: kind === 'bars' ? 0 : 2,
            ...(kind === 'bars' ? { fill: one.color, paths: bars, points: { show: false } } : {}),
          })),
        ],
      },
      [times.map((at) => at / 1000), ...series.map((one) => one.values)],
      element,
    );
    const resized = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height }),
    );
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [times, series, kind, height]);
  return <div ref={box} className="app-chart" role="img" aria-label={label} />;
}
