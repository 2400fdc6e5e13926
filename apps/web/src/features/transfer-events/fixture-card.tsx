import { messages, type TransferEvent } from '@tickets/domain';
import { Checkbox } from '../../shared/forms/checkbox';
import { EventCard } from './event-card';
import { useSaveEvent } from './use-save-event';

const text = messages.transferRules;

/**
 * docs/product-spec.md §2/§4: a fixture can be excluded from season-ticket transfers, after a confirmation.
 */
export function FixtureCard({ event }: { event: TransferEvent }) {
  const saving = useSaveEvent();

  return (
    <EventCard
      event={event}
      saving={saving}
      confirmTitle={text.toggleConfirm}
      changes={[
        [
          text.ignoreTransfers,
          text.changedValue(
            event.ignoreTransfers ? messages.form.no : messages.form.yes,
            event.ignoreTransfers ? messages.form.yes : messages.form.no,
          ),
        ],
      ]}
      changed={() => ({ ...event, ignoreTransfers: !event.ignoreTransfers })}
    >
      <Checkbox
        id={`ignore-${event.eventId}`}
        label={text.ignoreTransfers}
        checked={event.ignoreTransfers}
        onChange={(change) => {
          change.preventDefault();
          saving.setConfirming(true);
        }}
      />
    </EventCard>
  );
}
