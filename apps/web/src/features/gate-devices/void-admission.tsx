import { useState } from 'react';
import { formatDateTime, gateCountsMessages, type LiveAdmission } from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { TicketCodeField } from '../../shared/forms/ticket-code-field';
import { useFindLiveAdmissionMutation, useVoidAdmissionMutation } from './api';

const text = gateCountsMessages;
interface FormValues {
  ticketCode: string;
  reason: string;
}

/**
 * Voids a wrong admission of the chosen match (docs/design.md §8): the officer types the ticket and a
 * reason, is shown when and by which device it was admitted, and confirms; its holder may then enter.
 */
export function VoidAdmission({ eventId }: { eventId: number }) {
  const [admission, setAdmission] = useState<LiveAdmission>();
  // Looking the admission up is a read the officer asks for by submitting, once: not a cached query.
  const lookUp = useFindLiveAdmissionMutation({
    onSuccess: setAdmission,
    onError: (error) => toastFailure(error),
  });
  const voiding = useVoidAdmissionMutation({
    onSuccess: (voided) => {
      toastSuccess(text.voided(voided.ticketCode, formatDateTime(voided.admittedAt)));
      setAdmission(undefined);
    },
    onError: (error) => toastFailure(error),
  });

  return (
    <>
      <h3 className="govgr-heading-s">{text.voidTitle}</h3>
      <p className="govgr-body">{text.voidIntro}</p>
      <Form<FormValues>
        schema={() => import('./form-schemas').then((schemas) => schemas.voidAdmissionSchema)}
        defaultValues={{ ticketCode: '', reason: '' }}
        // Each field says its own problem; a failed lookup is a toast.
        summary={false}
        reValidateMode="onSubmit"
        onSubmit={({ ticketCode }) => lookUp.mutate({ eventId, ticketCode })}
        submitLabel={text.voidSubmit}
        submitVariant="warning"
        busy={lookUp.isPending}
        footer={({ getValues, reset }) => (
          <ConfirmDialog
            open={admission !== undefined}
            title={text.voidTitle}
            confirmLabel={text.voidYes}
            busy={voiding.isPending}
            onConfirm={() => {
              if (!admission) return;
              const request = {
                eventId,
                ticketCode: admission.ticketCode,
                reason: getValues('reason').trim(),
              };
              voiding.mutate(request, { onSuccess: () => reset() });
            }}
            onClose={() => setAdmission(undefined)}
          >
            <p className="govgr-body">
              {admission
                ? text.voidConfirm(
                    admission.ticketCode,
                    formatDateTime(admission.admittedAt),
                    admission.device,
                  )
                : null}
            </p>
          </ConfirmDialog>
        )}
      >
        {({ register, formState: { errors } }) => (
          <>
            <TicketCodeField
              id="void-ticketCode"
              label={text.voidTicketCode}
              hint=""
              error={errors.ticketCode?.message}
              {...register('ticketCode')}
            />
            <TextField
              id="void-reason"
              label={text.voidReason}
              maxLength={500}
              error={errors.reason?.message}
              {...register('reason')}
            />
          </>
        )}
      </Form>
    </>
  );
}
