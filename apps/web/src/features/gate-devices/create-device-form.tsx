import type { z } from 'zod';
import {
  gateDevicesMessages,
  GATE_DEVICE_LABEL_MAX_LENGTH,
  gateMessages,
  type CreatedGateDevice,
  type gateDeviceCreateSchema,
} from '@tickets/domain';
import { ApiError, failureMessage } from '../../shared/api/client';
import { ErrorBox } from '../../shared/components/error-box';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { useCreateGateDeviceMutation, useDeviceOrganisations } from './api';

const text = gateDevicesMessages;
type FormValues = z.input<typeof gateDeviceCreateSchema>;
type FormOutput = z.output<typeof gateDeviceCreateSchema>;
const ORGANISATION_FIELD = 'gate-device-organisationId';

/**
 * Registers a device. A platform-wide officer (who has no club of their own) chooses its club from a
 * list of the clubs by name, shown from the start; a club officer's device is their club's.
 */
export function CreateDeviceForm({ onCreated }: { onCreated(device: CreatedGateDevice): void }) {
  const choices = useDeviceOrganisations();
  const create = useCreateGateDeviceMutation();

  return (
    <Form<FormValues, FormOutput>
      schema={() => import('./form-schemas').then((schemas) => schemas.gateDeviceCreateSchema)}
      defaultValues={{ label: '', organisationId: undefined }}
      fields={['label', 'organisationId']}
      idOf={(field) => `gate-device-${field}`}
      onSubmit={(values, { reset, setError, refusal }) =>
        create.mutate(values, {
          onSuccess: (created) => {
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
        })
      }
      aria-labelledby="gate-device-create-title"
      heading={
        <h2 className="govgr-heading-m" id="gate-device-create-title">
          {text.createTitle}
        </h2>
      }
      submitLabel={text.create}
      busy={create.isPending}
    >
      {({ register, formState: { errors } }) => {
        const organisationError = errors.organisationId?.message;
        return (
          <>
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
          </>
        );
      }}
    </Form>
  );
}
