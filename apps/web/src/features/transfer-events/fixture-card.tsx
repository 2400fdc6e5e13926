import { formatDateTime, messages, type TransferEvent } from '@tickets/domain';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { SummaryList } from '../../shared/components/summary-list';
import { Checkbox } from '../../shared/forms/checkbox';
import { EventCard } from './event-card';
import { useSaveEvent } from './use-save-event';

const text = messages.transferRules;

/**
 * docs/product-spec.md §2/§4: a fixture can be excluded from season-ticket transfers, after a confirmation.
 */
export function FixtureCard({ event }: { event: TransferEvent }) {
  const { confirming, setConfirming, busy, save } = useSaveEvent();

  return (
    <EventCard
      event={event}
      dialog={
        <ConfirmDialog
          open={confirming}
          title={text.toggleConfirm}
          busy={busy}
          onConfirm={() => void save({ ...event, ignoreTransfers: !event.ignoreTransfers })}
          onClose={() => setConfirming(false)}
        >
          {/* Under the spec's question: the match, and the exclusion as it will be. */}
          <SummaryList
            rows={[
              [text.dialogEvent, event.eventDescription],
              [text.dialogDate, formatDateTime(event.eventDateTime)],
              [
                text.ignoreTransfers,
                text.changedValue(
                  event.ignoreTransfers ? messages.form.no : messages.form.yes,
                  event.ignoreTransfers ? messages.form.yes : messages.form.no,
                ),
              ],
            ]}
          />
        </ConfirmDialog>
      }
    >
      <Checkbox
        id={`ignore-${event.eventId}`}
        label={text.ignoreTransfers}
        checked={event.ignoreTransfers}
        onChange={(change) => {
          change.preventDefault();
          setConfirming(true);
        }}
      />
    </EventCard>
  );
}
