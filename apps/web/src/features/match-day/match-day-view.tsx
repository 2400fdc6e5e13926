import { formatTime, matchDayMessages, MATCH_DAY_REFRESH_SECONDS } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { matchReportUrl, useMatchDay } from './api';
import { AllGatesChart, GateCharts, RefusalChart } from './match-day-charts';
import { MatchDayGlance } from './match-day-glance';
import { DevicesTable, EntriesTable, RefusalsTable, RefusedByReason } from './match-day-tables';

const text = matchDayMessages;
const DEVICES_TITLE_ID = 'match-day-devices';

/**
 * One match as its gates saw it, as a dashboard (issue #55 item 5): first the figures at a glance and
 * the entries of all gates together, then a chart per gate in a grid, the refusals, the devices and
 * the report. Each chart's numbers are in a table under it. Asked again every
 * MATCH_DAY_REFRESH_SECONDS (a failed refresh keeps the last figures).
 */
export function MatchDayView({ eventId }: { eventId: number }) {
  const query = useMatchDay(eventId);
  const failure = query.error ? failureMessage(query.error, text.loadFailed) : undefined;
  if (!query.data) return failure ? <ErrorBox message={failure} /> : <Spinner />;
  const report = query.data;
  const refused = Object.values(report.refusedByReason).reduce((sum, n) => sum + n, 0);
  return (
    <>
      {failure ? <ErrorBox message={failure} /> : null}
      <MatchDayGlance report={report} refused={refused} />
      <h2 className="govgr-heading-m govgr-mb-2">{text.allGatesTitle}</h2>
      {report.admitted === 0 ? (
        <p className="govgr-body">{text.noEntries}</p>
      ) : (
        <>
          <AllGatesChart report={report} />
          <EntriesTable report={report} />
          <h2 className="govgr-heading-m govgr-mt-6">{text.perGateTitle}</h2>
          <p className="govgr-hint">{text.perGateHint}</p>
          <GateCharts report={report} />
        </>
      )}
      <p className="govgr-hint">
        {text.refreshed(MATCH_DAY_REFRESH_SECONDS, formatTime(new Date(query.dataUpdatedAt)))}
      </p>
      <h2 className="govgr-heading-m govgr-mt-6">{text.refusalsTitle}</h2>
      <div className="app-split">
        <div>
          <RefusedByReason report={report} />
          <p className="govgr-hint">{text.doublesHint}</p>
        </div>
        {refused > 0 ? (
          <div>
            <RefusalChart report={report} />
            <RefusalsTable report={report} />
          </div>
        ) : null}
      </div>
      <h2 className="govgr-heading-m govgr-mt-6" id={DEVICES_TITLE_ID}>
        {text.devicesTitle}
      </h2>
      <DevicesTable report={report} titleId={DEVICES_TITLE_ID} />
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
    </>
  );
}
