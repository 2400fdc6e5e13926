import { formatDateTime, gateScreenMessages, matchDayMessages, type GateEvent } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';

const text = gateScreenMessages;

/** The club's matches not yet over: the steward picks the one at this gate. */
export function EventPicker({
  events,
  onPick,
  onUnpair,
}: {
  events: GateEvent[];
  onPick(event: GateEvent): void;
  onUnpair(): void;
}) {
  return (
    <>
      <PageHeading>{text.eventsTitle}</PageHeading>
      {events.length === 0 ? <p className="govgr-body">{text.noEvents}</p> : null}
      <ul className="govgr-list app-gate-events">
        {events.map((event) => (
          <li key={event.eventId}>
            <Button
              className="app-gate-event"
              aria-label={
                event.cancelledAt
                  ? `${text.pick(event.eventDescription)} (${matchDayMessages.cancellation.cancelled})`
                  : text.pick(event.eventDescription)
              }
              onClick={() => onPick(event)}
            >
              <span className="app-gate-event__title">{event.eventDescription}</span>
              <span className="app-gate-event__detail">
                {formatDateTime(event.eventDateTime)}, {event.venue}
                {event.cancelledAt ? ` · ${matchDayMessages.cancellation.cancelled}` : ''}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onUnpair}>
        {text.unpair}
      </Button>
    </>
  );
}
