import { useId, type ReactNode } from 'react';
import { formatDateTime, type TransferEvent } from '@tickets/domain';

/** A fixture's or a season's card: its name and date, then its rules (`children`) and their dialog. */
export function EventCard({
  event,
  children,
  dialog,
}: {
  event: TransferEvent;
  children: ReactNode;
  dialog: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="govgr-card govgr-card--border app-rules-card" aria-labelledby={headingId}>
      <div className="govgr-card__body">
        <h3 className="govgr-heading-s" id={headingId}>
          {event.eventDescription}
        </h3>
        <p className="govgr-hint">{formatDateTime(event.eventDateTime)}</p>
        {children}
      </div>
      {dialog}
    </section>
  );
}
