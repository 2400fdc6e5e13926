import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTime } from '@tickets/domain';
import { countAxis } from './series';

/** One line or bar series of a chart: its values at each time of the chart. */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
  /** A line's width in CSS pixels (2 unless given): the total of all gates is drawn thicker. */
  width?: number;
}

interface TimeChartProps {
  /** What the chart shows, read by screen readers in place of the drawing (its table follows it). */
  label: string;
  /** Epoch milliseconds, ascending, one per value of each series. */
  times: number[];
  series: ChartSeries[];
  kind: 'bars' | 'lines';
  height: number;
  /** The count the vertical axis reaches at least: the same for charts compared side by side. */
  countMax?: number;
}

const COUNT = new Intl.NumberFormat('el-GR');
const AXIS = {
  font: '13px system-ui, sans-serif',
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
export function TimeChart(props: TimeChartProps) {
  // What the drawing shows, as text: a refresh whose figures are the same as the last one's (a played
  // match, a quiet minute) leaves the drawing as it is, where new arrays of equal numbers would draw it
  // again (every MATCH_DAY_REFRESH_SECONDS, the devices' contact times and the reading's time change).
  const drawn = JSON.stringify([props.times, props.series, props.kind, props.height, props.countMax]);
  const { label } = props;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `drawn` holds every figure drawn
  const { times, series, kind, height, countMax } = useMemo(() => props, [drawn]);
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let resized: ResizeObserver | undefined;
    const draw = () => {
      const bars = uPlot.paths.bars?.({ size: [0.8, 16] });
      // Counts only: the vertical axis in whole steps, four at most, so that even a short chart reads.
      const counts = countAxis(countMax ?? Math.max(0, ...series.flatMap((one) => one.values)));
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height,
          legend: { show: false },
          cursor: { show: false, drag: { x: false, y: false } },
          scales: {
            // Bars stand on their minute: half a step either side, so that the first and last show whole.
            x: {
              time: true,
              range: (_chart, min, max) => {
                const half =
                  kind === 'bars' && times.length > 1 ? ((times[1] ?? 0) - (times[0] ?? 0)) / 2000 : 0;
                return [min - half, Math.max(max, min + 60) + half];
              },
            },
            y: { range: () => [0, counts.top] },
          },
          axes: [
            { ...AXIS, values: (_chart, splits) => splits.map((at) => formatTime(new Date(at * 1000))) },
            {
              ...AXIS,
              size: 48,
              splits: () => counts.splits,
              values: (_chart, splits) => splits.map((n) => COUNT.format(n)),
            },
          ],
          series: [
            {},
            ...series.map((one) => ({
              label: one.label,
              stroke: one.color,
              width: kind === 'bars' ? 0 : (one.width ?? 2),
              ...(kind === 'bars' ? { fill: one.color, paths: bars, points: { show: false } } : {}),
            })),
          ],
        },
        [times.map((at) => at / 1000), ...series.map((one) => one.values)],
        element,
      );
      // Drawn again when its box's width changes (not at the observer's first call: it was just drawn).
      resized = new ResizeObserver(() => {
        const width = Math.max(element.clientWidth, 200);
        if (chart && width !== chart.width) chart.setSize({ width, height });
      });
      resized.observe(element);
    };
    // Drawn when its box comes near the window, not before: on a phone the charts are below the first
    // screen, and a page's first seconds go to what is on it (the Lighthouse budget, issue #28).
    // Once seen, a refresh's new figures are drawn at once (waiting for the observer would blank it a frame).
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        seen.current = true;
        draw();
      },
      { rootMargin: '200px 0px' },
    );
    if (seen.current) draw();
    else near.observe(element);
    return () => {
      near.disconnect();
      resized?.disconnect();
      chart?.destroy();
    };
  }, [times, series, kind, height, countMax]);
  // Its height held before uPlot draws (after the first paint), so that nothing under it moves.
  return <div ref={box} className="app-chart" role="img" aria-label={label} style={{ height }} />;
}
