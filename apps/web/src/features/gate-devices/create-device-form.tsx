import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  gateDeviceCreateSchema,
  gateDevicesMessages,
  GATE_DEVICE_LABEL_MAX_LENGTH,
  gateMessages,
  type CreatedGateDevice,
} from '@tickets/domain';
import { ApiError, failureMessage } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { useRefusal } from '../../shared/forms/use-refusal';
import { createGateDevice, deviceOrganisationsQuery, gateDevicesQuery } from './api';

const text = gateDevicesMessages;
type FormValues = z.input<typeof gateDeviceCreateSchema>;
const ORGANISATION_FIELD = 'gate-device-organisationId';

/**
 * Registers a device. A platform-wide officer (who has no club of their own) chooses its club from a
 * list of the clubs by name, shown from the start; a club officer's device is their club's.
 */
export function CreateDeviceForm({ onCreated }: { onCreated(device: CreatedGateDevice): void }) {
  const choices = useQuery(deviceOrganisationsQuery);
  const queryClient = useQueryClient();
  const refusal = useRefusal();
  const { register, handleSubmit, formState, reset, setError } = useForm<
    FormValues,
    unknown,
    z.output<typeof gateDeviceCreateSchema>
  >({
    resolver: zodResolver(gateDeviceCreateSchema),
    ...summaryFocus,
    defaultValues: { label: '', organisationId: undefined },
  });

  const create = useMutation({
    mutationFn: (values: z.output<typeof gateDeviceCreateSchema>) =>
      createGateDevice(values.label, values.organisationId ?? undefined),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: gateDevicesQuery.queryKey });
      reset();
      onCreated(created);
    },
    onError: (error) => {
      // No club chosen (or one gone since the list loaded): said at the list, where it is chosen.
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'ORGANISATION_REQUIRED' || code === 'ORGANISATION_NOT_FOUND') {
        setError('organisationId', { message: error.message });
      } else {
        refusal.refuse(error);
      }
    },
  });

  const { errors, submitCount } = formState;
  const problems = problemsFrom(errors, ['label', 'organisationId'], (field) => `gate-device-${field}`);
  const organisationError = errors.organisationId?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => create.mutate(values))(event)}
      aria-labelledby="gate-device-create-title"
      {...refusal.formProps}
    >
      <h2 className="govgr-heading-m" id="gate-device-create-title">
        {text.createTitle}
      </h2>
      <ErrorSummary problems={problems} submitCount={submitCount} refusal={refusal} />
      <TextField
        id="gate-device-label"
        label={text.label}
        hint={gateMessages.label}
        error={errors.label?.message}
        maxLength={GATE_DEVICE_LABEL_MAX_LENGTH}
        autoComplete="off"
        {...register('label')}
      />
      {choices.status === 'error' ? (
        <ErrorBox message={failureMessage(choices.error, text.organisationsFailed)} />
      ) : null}
      {choices.status === 'success' && choices.data.choose ? (
        <div className={`govgr-field ${organisationError ? 'govgr-field__error' : ''}`.trim()}>
          <label className="govgr-label" htmlFor={ORGANISATION_FIELD}>
            {text.organisation}
            <span className="govgr-hint" id={`${ORGANISATION_FIELD}-hint`}>
              {text.organisationHint}
            </span>
            {organisationError ? (
              <p className="govgr-error-message" id={`${ORGANISATION_FIELD}-error`}>
                {organisationError}
              </p>
            ) : null}
          </label>
          <select
            id={ORGANISATION_FIELD}
            className={`govgr-select ${organisationError ? 'govgr-error-input' : ''}`.trim()}
            aria-invalid={organisationError ? true : undefined}
            aria-describedby={`${ORGANISATION_FIELD}-hint${organisationError ? ` ${ORGANISATION_FIELD}-error` : ''}`}
            {...register('organisationId', { setValueAs: (value: string) => value || undefined })}
          >
            <option value="">{text.chooseOrganisation}</option>
            {choices.data.organisations.map(({ organisationId, name }) => (
              <option key={organisationId} value={organisationId}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button type="submit" busy={create.isPending}>
        {text.create}
      </Button>
    </form>
  );
}
