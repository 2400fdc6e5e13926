import { useId } from 'react';
import { formatDateTime, messages, type TransferEvent } from '@tickets/domain';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { useSaveEvent } from './use-save-event';

const text = messages.transferRules;

/**
 * docs/product-spec.md §2/§4: a fixture can be excluded from season-ticket transfers, after a confirmation.
 */
export function FixtureCard({
  event,
  onSaved,
}: {
  event: TransferEvent;
  onSaved(event: TransferEvent): void;
}) {
  const { confirming, setConfirming, busy, save } = useSaveEvent(onSaved);
  const headingId = useId();
  const toggleId = `ignore-${event.eventId}`;

  return (
    <section className="govgr-card govgr-card--border app-rules-card" aria-labelledby={headingId}>
      <div className="govgr-card__body">
        <h3 className="govgr-heading-s" id={headingId}>
          {event.eventDescription}
        </h3>
        <p className="govgr-hint">{formatDateTime(event.eventDateTime)}</p>
        <div className="govgr-checkboxes__item">
          <label className="govgr-checkboxes__label" htmlFor={toggleId}>
            <input
              className="govgr-checkboxes__input"
              type="checkbox"
              id={toggleId}
              checked={event.ignoreTransfers}
              onChange={(change) => {
                change.preventDefault();
                setConfirming(true);
              }}
            />
            {text.ignoreTransfers}
          </label>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={text.toggleConfirm}
        busy={busy}
        onConfirm={() => void save({ ...event, ignoreTransfers: !event.ignoreTransfers })}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
