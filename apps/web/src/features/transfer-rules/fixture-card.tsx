import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime, messages, type TransferEvent } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { saveTransferEvent } from './api';

const text = messages.transferRules;

/** Spec §2/§4: a fixture can be excluded from season-ticket transfers, after a confirmation. */
export function FixtureCard({
  event,
  onSaved,
}: {
  event: TransferEvent;
  onSaved(event: TransferEvent): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const toggleId = `ignore-${event.eventId}`;

  const save = async () => {
    setBusy(true);
    try {
      onSaved(await saveTransferEvent({ ...event, ignoreTransfers: !event.ignoreTransfers }));
      toast.success(text.saved);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.errors.system);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

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
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
