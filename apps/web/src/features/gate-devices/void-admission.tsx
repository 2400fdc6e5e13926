import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  admissionVoidSchema,
  formatDateTime,
  gateCountsMessages,
  stripNonDigits,
  type LiveAdmission,
} from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { TextField } from '../../shared/forms/text-field';
import { findLiveAdmission, gateCountsQuery, voidAdmission } from './api';

const text = gateCountsMessages;
const fields = admissionVoidSchema.pick({ ticketCode: true, reason: true });
type Errors = Partial<Record<'ticketCode' | 'reason', string>>;

/**
 * Voids a wrong admission of the chosen match (docs/design.md §8): the officer types the ticket and a
 * reason, is shown when and by which device it was admitted, and confirms; its holder may then enter.
 */
export function VoidAdmission({ eventId }: { eventId: number }) {
  const [ticketCode, setTicketCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [admission, setAdmission] = useState<LiveAdmission>();
  const queryClient = useQueryClient();
  // Looking the admission up is a read the officer asks for by submitting, once: not a cached query.
  const lookUp = useMutation({
    mutationFn: (code: string) => findLiveAdmission(eventId, code),
    onSuccess: setAdmission,
    onError: (error) => toastFailure(error),
  });
  const voiding = useMutation({
    mutationFn: voidAdmission,
    onSuccess: (voided) => {
      toastSuccess(text.voided(voided.ticketCode, formatDateTime(voided.admittedAt)));
      setAdmission(undefined);
      setTicketCode('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: gateCountsQuery(eventId).queryKey });
    },
    onError: (error) => toastFailure(error),
  });

  const ask = (submitted: FormEvent) => {
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
    lookUp.mutate(parsed.data.ticketCode);
  };

  const confirm = () => {
    if (admission) voiding.mutate({ eventId, ticketCode: admission.ticketCode, reason: reason.trim() });
  };

  return (
    <>
      <h3 className="govgr-heading-s">{text.voidTitle}</h3>
      <p className="govgr-body">{text.voidIntro}</p>
      <form noValidate onSubmit={ask}>
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
        <Button type="submit" variant="warning" busy={lookUp.isPending}>
          {text.voidSubmit}
        </Button>
      </form>
      <ConfirmDialog
        open={admission !== undefined}
        title={text.voidTitle}
        confirmLabel={text.voidYes}
        busy={voiding.isPending}
        onConfirm={confirm}
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
