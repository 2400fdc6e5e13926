import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  admissionVoidSchema,
  formatDateTime,
  gateCountsMessages,
  stripNonDigits,
  type LiveAdmission,
} from '@tickets/domain';
import { toastFailure } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { TextField } from '../../shared/forms/text-field';
import { findLiveAdmission, voidAdmission } from './api';

const text = gateCountsMessages;
const fields = admissionVoidSchema.pick({ ticketCode: true, reason: true });
type Errors = Partial<Record<'ticketCode' | 'reason', string>>;

/**
 * Voids a wrong admission of the chosen match (docs/design.md §8): the officer types the ticket and a
 * reason, is shown when and by which device it was admitted, and confirms; its holder may then enter.
 */
export function VoidAdmission({ eventId, onVoided }: { eventId: number; onVoided(): void }) {
  const [ticketCode, setTicketCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [admission, setAdmission] = useState<LiveAdmission>();
  const [busy, setBusy] = useState(false);

  const ask = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = fields.safeParse({ ticketCode, reason });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setAdmission(await findLiveAdmission(eventId, parsed.data.ticketCode));
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!admission) return;
    setBusy(true);
    try {
      const voided = await voidAdmission({
        eventId,
        ticketCode: admission.ticketCode,
        reason: reason.trim(),
      });
      toast.success(text.voided(voided.ticketCode, formatDateTime(voided.admittedAt)));
      setAdmission(undefined);
      setTicketCode('');
      setReason('');
      onVoided();
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h3 className="govgr-heading-s">{text.voidTitle}</h3>
      <p className="govgr-body">{text.voidIntro}</p>
      <form noValidate onSubmit={(submitted) => void ask(submitted)}>
        <TextField
          id="void-ticketCode"
          label={text.voidTicketCode}
          digitsOnly
          maxLength={12}
          className="govgr-input--width-20"
          value={ticketCode}
          error={errors.ticketCode}
          onChange={(change) => setTicketCode(stripNonDigits(change.target.value))}
        />
        <TextField
          id="void-reason"
          label={text.voidReason}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(change) => setReason(change.target.value)}
        />
        <Button type="submit" variant="warning" busy={busy && !admission}>
          {text.voidSubmit}
        </Button>
      </form>
      <ConfirmDialog
        open={admission !== undefined}
        title={text.voidTitle}
        confirmLabel={text.voidYes}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAdmission(undefined)}
      >
        <p className="govgr-body">
          {admission
            ? text.voidConfirm(admission.ticketCode, formatDateTime(admission.admittedAt), admission.device)
            : null}
        </p>
      </ConfirmDialog>
    </>
  );
}
