import { useMemo } from 'react';
import { matchDayMessages, type MatchDay } from '@tickets/domain';
import { reasonLabel } from './match-day-tables';
import { admittingDevices, entrySeries, refusalSpans } from './series';
import { TimeChart, type ChartSeries } from './time-chart';

const text = matchDayMessages;

/**
 * Told apart by people with the common colour-vision deficiencies (Okabe and Ito), dark enough on white;
 * black is the total's alone.
 */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8A6100', '#004D40', '#6A3D9A'];
const colour = (index: number) => COLOURS[index % COLOURS.length] ?? '#0072B2';
const TOTAL_COLOUR = '#0b0c0c';

/** A chart's key, for the eye: the table under the chart says the same to everyone. */
function ChartKey({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="app-chart-key" aria-hidden="true">
      {series.map((one) => (
        <li key={one.label}>
          <span
            className="app-chart-key__swatch"
            style={{ backgroundColor: one.color, height: `${(one.width ?? 2) * 2}px` }}
          />
          {one.label}
        </li>
      ))}
    </ul>
  );
}

/** The entries as the charts draw them: a series per admitting gate, in its colour, and the total. */
function useEntrySeries(report: MatchDay) {
  return useMemo(() => {
    const { minutes, byDevice, total } = entrySeries(report);
    const gates = admittingDevices(report).map((device, index) => ({
      device,
      series: { label: device.label, color: colour(index), values: byDevice[index] ?? [] },
    }));
    return { minutes, gates, total, max: Math.max(0, ...byDevice.flat()) };
  }, [report]);
}

/** The entries a minute of all gates together, a line each and the total (issue #55 item 5). */
export function AllGatesChart({ report }: { report: MatchDay }) {
  const { minutes, gates, total } = useEntrySeries(report);
  const series = useMemo(
    () => [
      ...gates.map((gate) => gate.series),
      { label: text.total, color: TOTAL_COLOUR, values: total, width: 3 },
    ],
    [gates, total],
  );
  return (
    <figure className="app-figure">
      <ChartKey series={series} />
      <TimeChart label={text.allGatesChart} times={minutes} series={series} kind="lines" height={200} />
      <figcaption className="govgr-hint govgr-mb-0">{text.allGatesHint}</figcaption>
    </figure>
  );
}

/** A chart per gate (device), side by side as the width allows, all on one scale. */
export function GateCharts({ report }: { report: MatchDay }) {
  const { minutes, gates, max } = useEntrySeries(report);
  return (
    <ul className="app-chart-grid">
      {gates.map(({ device, series }) => (
        <li key={device.deviceId}>
          <figure className="app-figure">
            <figcaption className="govgr-heading-s govgr-mb-2">
              {text.entriesSummary(device.label, device.admitted)}
            </figcaption>
            <GateChart label={text.entriesChart(device.label)} minutes={minutes} series={series} max={max} />
          </figure>
        </li>
      ))}
    </ul>
  );
}

function GateChart(props: { label: string; minutes: number[]; series: ChartSeries; max: number }) {
  const series = useMemo(() => [props.series], [props.series]);
  return (
    <TimeChart
      label={props.label}
      times={props.minutes}
      series={series}
      kind="bars"
      height={160}
      countMax={props.max}
    />
  );
}

/** The refusals by reason over the match, a line per reason, its key beside it. */
export function RefusalChart({ report }: { report: MatchDay }) {
  const { spans, series } = useMemo(() => {
    const shaped = refusalSpans(report);
    return {
      spans: shaped.spans,
      series: [...shaped.byReason].map(([reason, values], index) => ({
        label: reasonLabel(reason),
        color: colour(index),
        values,
      })),
    };
  }, [report]);
  const title = text.refusalsChart(report.refusalSpanMinutes);
  return (
    <figure className="app-figure">
      <figcaption className="govgr-heading-s">{title}</figcaption>
      <TimeChart label={title} times={spans} series={series} kind="lines" height={220} />
      <ChartKey series={series} />
    </figure>
  );
}
