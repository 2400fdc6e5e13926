import { useId, useState } from 'react';
import {
  EVENT_CANCELLATION_REASON_MAX_LENGTH,
  eventCancellationSchema,
  matchDayMessages,
  type GateEvent,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { toastSuccess } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { useCancelEvent } from './api';

const text = matchDayMessages.cancellation;

/**
 * «Ακύρωση αγώνα»: an officer of the club cancels a match not yet over, its gates open or not, after
 * confirming in a dialog with the reason (required; audited and shown with the match). Irreversible.
 */
export function MatchCancellation({ event, onCancelled }: { event: GateEvent; onCancelled(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const reasonId = useId();
  const cancel = useCancelEvent({
    onSuccess: () => {
      setOpen(false);
      onCancelled();
      toastSuccess(text.done(event.eventDescription));
    },
    onError: (error) => setProblem(failureMessage(error, text.failed)),
  });
  const confirm = () => {
    const parsed = eventCancellationSchema.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? text.reasonRequired);
    setProblem(undefined);
    cancel.mutate({ eventId: event.eventId, reason: parsed.data.reason });
  };
  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setProblem(undefined);
  };
  return (
    <section aria-labelledby={`${reasonId}-title`}>
      <h2 className="govgr-heading-m govgr-mt-6" id={`${reasonId}-title`}>
        {text.title}
      </h2>
      <p className="govgr-body">{text.intro}</p>
      <Button variant="warning" onClick={() => setOpen(true)}>
        {text.open}
      </Button>
      <ConfirmDialog
        open={open}
        title={text.confirmTitle}
        confirmLabel={text.confirm}
        busy={cancel.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <p className="govgr-body">
          <strong>{text.confirmQuestion(event.eventDescription)}</strong>
        </p>
        <p className="govgr-body">{text.confirmBody}</p>
        <div className={`govgr-field ${problem ? 'govgr-field__error' : ''}`.trim()}>
          <label className="govgr-label" htmlFor={reasonId}>
            {text.reasonLabel}
          </label>
          <p className="govgr-hint" id={`${reasonId}-hint`}>
            {text.reasonHint}
          </p>
          {problem ? (
            <p className="govgr-error-message" id={`${reasonId}-error`} role="alert">
              {problem}
            </p>
          ) : null}
          <textarea
            className="govgr-textarea"
            id={reasonId}
            rows={3}
            maxLength={EVENT_CANCELLATION_REASON_MAX_LENGTH}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${reasonId}-hint${problem ? ` ${reasonId}-error` : ''}`}
            value={reason}
            onChange={(change) => setReason(change.target.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
