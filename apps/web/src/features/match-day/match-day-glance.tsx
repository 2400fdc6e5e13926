import type { ReactNode } from 'react';
import { matchDayMessages, type MatchDay } from '@tickets/domain';

const text = matchDayMessages;
const GLANCE_TITLE_ID = 'match-day-glance';

const percent = (part: number, whole: number) =>
  whole === 0
    ? '-'
    : `${new Intl.NumberFormat('el-GR', { maximumFractionDigits: 1 }).format((part / whole) * 100)}\u00a0%`;

/** One figure of the first screen: its name, the number in large type, a line or two about it. */
function Figure({ label, figure, children }: { label: string; figure: ReactNode; children: ReactNode }) {
  return (
    <div className="app-glance__item">
      <dt className="app-glance__label">{label}</dt>
      <dd className="app-glance__figure">{figure}</dd>
      {children}
    </div>
  );
}

/** The devices paired to the club (the revoked ones aside): how many answer, and what waits unsent. */
function devicesState(report: MatchDay) {
  const active = report.devices.filter((device) => !device.revoked);
  const online = active.filter((device) => !device.offline).length;
  const pending = active.reduce((sum, device) => sum + (device.pendingUploads ?? 0), 0);
  return { all: active.length, online, offline: active.length - online, pending };
}

/**
 * The match at a glance (issue #55 item 5), the first thing on the screen: attendance against the bound
 * tickets, the refusals' total, and the devices' state. Each figure is text; the bar under attendance
 * repeats its share for the eye only.
 */
export function MatchDayGlance({ report, refused }: { report: MatchDay; refused: number }) {
  const share = report.boundTickets === 0 ? 0 : Math.min(1, report.admitted / report.boundTickets);
  const devices = devicesState(report);
  return (
    <section aria-labelledby={GLANCE_TITLE_ID}>
      <h2 className="app-visually-hidden" id={GLANCE_TITLE_ID}>
        {text.glanceTitle}
      </h2>
      <dl className="app-glance">
        <Figure
          label={text.admitted}
          figure={
            <>
              {report.admitted}{' '}
              <span className="app-glance__share">({percent(report.admitted, report.boundTickets)})</span>
            </>
          }
        >
          <dd className="app-glance__detail">{text.ofBound(report.boundTickets)}</dd>
          <dd className="app-attendance" aria-hidden="true">
            <div className="app-attendance__bar" style={{ width: `${share * 100}%` }} />
          </dd>
          <dd className="app-glance__detail">{`${text.doubleEntries}: ${report.doubleEntries}`}</dd>
        </Figure>
        <Figure label={text.refused} figure={refused}>
          <dd className="app-glance__detail">{`${text.alreadyAdmitted}: ${report.alreadyAdmittedRefusals}`}</dd>
        </Figure>
        <Figure
          label={text.devicesTitle}
          figure={devices.all === 0 ? '-' : text.devicesOnline(devices.online, devices.all)}
        >
          {devices.all === 0 ? (
            <dd className="app-glance__detail">{text.noDevices}</dd>
          ) : (
            <>
              <dd className="app-glance__detail">{text.devicesOnlineLabel}</dd>
              {devices.offline > 0 || devices.pending > 0 ? (
                <dd
                  className={
                    devices.pending > 0 ? 'app-glance__detail app-warning-text' : 'app-glance__detail'
                  }
                >
                  {[
                    devices.offline > 0 ? text.devicesOffline(devices.offline) : null,
                    devices.pending > 0 ? text.devicesPending(devices.pending) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </dd>
              ) : null}
            </>
          )}
        </Figure>
      </dl>
    </section>
  );
}
