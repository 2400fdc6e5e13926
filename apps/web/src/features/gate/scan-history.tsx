import { formatTime, gateScreenMessages, type Admission } from '@tickets/domain';

const text = gateScreenMessages;

export interface Scan {
  id: number;
  admission: Admission;
  /** This device's clock when the answer came: the undo window is counted from it. */
  receivedAt: number;
  undone: boolean;
  /** Decided by this device from the manifest, the network being down. */
  offline: boolean;
  /** The ticket, where known: an online admission undone is forgotten locally too. */
  ticketCode?: string;
  /** A presented ticket's disclosed `under_15` (docs/design.md §12): shown on the panel, not kept. */
  under15?: boolean;
}

/** The last decisions, newest first: who came through, and who was turned away and why. */
export function ScanHistory({ scans }: { scans: Scan[] }) {
  return (
    <section aria-labelledby="gate-history-title" className="app-gate__history">
      <h2 className="govgr-heading-s" id="gate-history-title">
        {text.history}
      </h2>
      {scans.length === 0 ? <p className="govgr-body">{text.historyEmpty}</p> : null}
      <ol className="govgr-list">
        {scans.map(({ id, admission, receivedAt, undone, offline }) => {
          const admitted = admission.decision === 'ADMIT';
          return (
            <li key={id} className="app-gate__history-item">
              <span className={`app-tag ${admitted ? 'app-tag--success' : 'app-tag--refuse'}`}>
                {admitted ? text.admit : text.refuse}
              </span>{' '}
              {formatTime(new Date(receivedAt))} {admission.holderName ?? ''}
              {admitted ? '' : ` — ${admission.message}`} {undone ? text.undoneTag : ''}
              {offline ? ` ${text.offlineTag}` : ''}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
