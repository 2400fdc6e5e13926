import { useMemo } from 'react';
import { formatTime, matchDayMessages, MATCH_DAY_REFRESH_SECONDS, type MatchDay } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { SummaryList } from '../../shared/components/summary-list';
import { matchReportUrl, useMatchDay } from './api';
import { DevicesTable, EntriesTable, reasonLabel, RefusalsTable, RefusedByReason } from './match-day-tables';
import { admittingDevices, deviceMinutes, refusalSpans } from './series';
import { TimeChart } from './time-chart';

const text = matchDayMessages;

/** Told apart by people with the common colour-vision deficiencies (Okabe and Ito), dark enough on white. */
const REASON_COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#8A6100',
  '#004D40',
  '#6A3D9A',
  '#000000',
];
const ENTRY_COLOUR = '#003476';
const DEVICES_TITLE_ID = 'match-day-devices';

const percent = (part: number, whole: number) =>
  whole === 0
    ? '-'
    : `${new Intl.NumberFormat('el-GR', { maximumFractionDigits: 1 }).format((part / whole) * 100)} %`;

/** One match as its gates saw it; asked again every MATCH_DAY_REFRESH_SECONDS (a failed refresh keeps the last figures). */
export function MatchDayView({ eventId }: { eventId: number }) {
  const query = useMatchDay(eventId);
  const failure = query.error ? failureMessage(query.error, text.loadFailed) : undefined;
  if (!query.data) return failure ? <ErrorBox message={failure} /> : <Spinner />;
  const report = query.data;
  const refused = Object.values(report.refusedByReason).reduce((sum, n) => sum + n, 0);
  return (
    <div className="app-wide">
      {failure ? <ErrorBox message={failure} /> : null}
      <h2 className="govgr-heading-m">{text.attendanceTitle}</h2>
      <SummaryList
        rows={[
          [text.admitted, report.admitted],
          [text.boundTickets, report.boundTickets],
          [text.refused, refused],
          [text.alreadyAdmitted, report.alreadyAdmittedRefusals],
          [text.doubleEntries, report.doubleEntries],
        ]}
      />
      <p className="govgr-hint">{text.doublesHint}</p>
      <Attendance admitted={report.admitted} bound={report.boundTickets} />
      <h2 className="govgr-heading-m govgr-mt-6" id={DEVICES_TITLE_ID}>
        {text.devicesTitle}
      </h2>
      <DevicesTable report={report} titleId={DEVICES_TITLE_ID} />
      <h2 className="govgr-heading-m govgr-mt-6">{text.entriesTitle}</h2>
      <EntryCharts report={report} />
      <EntriesTable report={report} />
      <h2 className="govgr-heading-m govgr-mt-6">{text.refusalsTitle}</h2>
      <RefusedByReason report={report} />
      {refused > 0 ? <RefusalChart report={report} /> : null}
      <RefusalsTable report={report} />
      <h2 className="govgr-heading-m govgr-mt-6">{text.reportTitle}</h2>
      <p className="govgr-body">{text.reportIntro}</p>
      {report.over ? (
        <p className="govgr-body">
          <a className="govgr-link" href={matchReportUrl(eventId)} download>
            {text.reportLink(report.eventDescription)}
          </a>
        </p>
      ) : (
        <p className="govgr-hint">{text.reportAfterEnd}</p>
      )}
      <p className="govgr-hint">
        {text.refreshed(MATCH_DAY_REFRESH_SECONDS, formatTime(new Date(query.dataUpdatedAt)))}
      </p>
    </div>
  );
}

/** Attendance against the bound tickets: a bar, its figures in words beside it. */
function Attendance({ admitted, bound }: { admitted: number; bound: number }) {
  const share = bound === 0 ? 0 : Math.min(1, admitted / bound);
  return (
    <figure className="app-figure">
      <div className="app-attendance" aria-hidden="true">
        <div className="app-attendance__bar" style={{ width: `${share * 100}%` }} />
      </div>
      <figcaption className="govgr-body">
        {text.attendanceShare(admitted, bound, percent(admitted, bound))}
      </figcaption>
    </figure>
  );
}

/** A chart per gate (device): its entries in each minute of the match. */
function EntryCharts({ report }: { report: MatchDay }) {
  const charts = useMemo(
    () =>
      admittingDevices(report).map((device) => {
        const { minutes, admitted } = deviceMinutes(report, device.deviceId);
        return {
          device,
          minutes,
          series: [{ label: device.label, color: ENTRY_COLOUR, values: admitted }],
        };
      }),
    [report],
  );
  if (report.admitted === 0) return <p className="govgr-body">{text.noEntries}</p>;
  return (
    <>
      {charts.map(({ device, minutes, series }) => (
        <figure className="app-figure" key={device.deviceId}>
          <figcaption className="govgr-heading-s">
            {text.entriesSummary(device.label, device.admitted)}
          </figcaption>
          <TimeChart
            label={text.entriesChart(device.label)}
            times={minutes}
            series={series}
            kind="bars"
            height={140}
          />
        </figure>
      ))}
    </>
  );
}

/** The refusals by reason over the match, a line per reason, its key beside it. */
function RefusalChart({ report }: { report: MatchDay }) {
  const { spans, series } = useMemo(() => {
    const shaped = refusalSpans(report);
    return {
      spans: shaped.spans,
      series: [...shaped.byReason].map(([reason, values], index) => ({
        label: reasonLabel(reason),
        color: REASON_COLOURS[index % REASON_COLOURS.length] ?? '#000000',
        values,
      })),
    };
  }, [report]);
  const title = text.refusalsChart(report.refusalSpanMinutes);
  return (
    <figure className="app-figure">
      <figcaption className="govgr-heading-s">{title}</figcaption>
      <TimeChart label={title} times={spans} series={series} kind="lines" height={220} />
      <ul className="app-chart-key" aria-hidden="true">
        {series.map((one) => (
          <li key={one.label}>
            <span className="app-chart-key__swatch" style={{ backgroundColor: one.color }} />
            {one.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
