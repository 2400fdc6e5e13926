import { useEffect, useRef } from 'react';
import { formatDateTime, matchDayMessages, type GateEvent } from '@tickets/domain';

const text = matchDayMessages.cancellation;

/**
 * A cancelled match, said first on its view: when, and why. `focused` right after the officer cancelled
 * it: the dialog's button is gone with the section, so focus (and the reader) move here.
 */
export function CancelledNotice({ event, focused }: { event: GateEvent; focused: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused) notice.current?.focus();
  }, [focused, event.cancelledAt]);
  if (!event.cancelledAt) return null;
  return (
    <div className="govgr-warning-text app-cancelled" ref={notice} tabIndex={-1}>
      {/* One column: the warning text lays its children side by side. */}
      <div>
        <p className="govgr-body">
          <strong className="app-tag app-tag--refuse">{text.cancelled}</strong>{' '}
          {text.cancelledAt(formatDateTime(event.cancelledAt))}
        </p>
        {event.cancellationReason ? (
          <p className="govgr-body">{text.cancelledReason(event.cancellationReason)}</p>
        ) : null}
      </div>
    </div>
  );
}
