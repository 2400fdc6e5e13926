import { useId, type ReactNode } from 'react';
import { formatDateTime, messages, type TransferEvent } from '@tickets/domain';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { SummaryList } from '../../shared/components/summary-list';
import type { useSaveEvent } from './use-save-event';

const text = messages.transferRules;

/**
 * A fixture's or a season's card: its name and date, then its rules (`children`), and the dialog that
 * asks `confirmTitle` before `saving` saves `changed()`. Under the spec's question the dialog shows the
 * event and `changes`: each rule as it will be.
 */
export function EventCard({
  event,
  children,
  saving,
  confirmTitle,
  changes,
  changed,
}: {
  event: TransferEvent;
  children: ReactNode;
  saving: ReturnType<typeof useSaveEvent>;
  confirmTitle: string;
  changes: [string, string][];
  changed: () => TransferEvent;
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
      <ConfirmDialog
        open={saving.confirming}
        title={confirmTitle}
        busy={saving.busy}
        onConfirm={() => void saving.save(changed())}
        onClose={() => saving.setConfirming(false)}
      >
        <SummaryList
          rows={[
            [text.dialogEvent, event.eventDescription],
            [text.dialogDate, formatDateTime(event.eventDateTime)],
            ...changes,
          ]}
        />
      </ConfirmDialog>
    </section>
  );
}
