import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  gateDeviceCreateSchema,
  gateDevicesMessages,
  GATE_DEVICE_LABEL_MAX_LENGTH,
  gateMessages,
  type CreatedGateDevice,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { toastFailure } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { createGateDevice } from './api';

const text = gateDevicesMessages;
type FormValues = z.input<typeof gateDeviceCreateSchema>;

/**
 * Registers a device. The organisation field appears only when the server answers that this
 * officer must name one (a platform-wide officer): the session does not say which officer is which.
 */
export function CreateDeviceForm({ onCreated }: { onCreated(device: CreatedGateDevice): void }) {
  const [askOrganisation, setAskOrganisation] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm<
    FormValues,
    unknown,
    z.output<typeof gateDeviceCreateSchema>
  >({
    resolver: zodResolver(gateDeviceCreateSchema),
    ...summaryFocus,
    defaultValues: { label: '', organisationId: undefined },
  });

  const onSubmit = async (values: z.output<typeof gateDeviceCreateSchema>) => {
    try {
      const created = await createGateDevice(values.label, values.organisationId ?? undefined);
      reset();
      onCreated(created);
    } catch (error) {
      // The server asks a platform-wide officer for the club, and says when the code names none.
      const code = error instanceof ApiError ? error.code : undefined;
      if (
        error instanceof ApiError &&
        (code === 'ORGANISATION_REQUIRED' || code === 'ORGANISATION_NOT_FOUND')
      ) {
        setAskOrganisation(true);
        setError('organisationId', { message: error.message });
      } else {
        toastFailure(error);
      }
    }
  };

  const { errors, isSubmitting, submitCount } = formState;
  const problems = problemsFrom(errors, ['label', 'organisationId'], (field) => `gate-device-${field}`);
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby="gate-device-create-title"
    >
      <h2 className="govgr-heading-m" id="gate-device-create-title">
        {text.createTitle}
      </h2>
      <ErrorSummary problems={problems} submitCount={submitCount} />
      <TextField
        id="gate-device-label"
        label={text.label}
        hint={gateMessages.label}
        error={errors.label?.message}
        maxLength={GATE_DEVICE_LABEL_MAX_LENGTH}
        autoComplete="off"
        {...register('label')}
      />
      {askOrganisation ? (
        <TextField
          id="gate-device-organisationId"
          label={text.organisation}
          hint={text.organisationHint}
          error={errors.organisationId?.message}
          autoComplete="off"
          spellCheck={false}
          {...register('organisationId', { setValueAs: (value: string) => value.trim() || undefined })}
        />
      ) : null}
      <Button type="submit" busy={isSubmitting}>
        {text.create}
      </Button>
    </form>
  );
}
