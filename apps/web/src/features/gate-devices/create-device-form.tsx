import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  errorCatalogue,
  gateDeviceCreateSchema,
  gateDevicesMessages,
  GATE_DEVICE_LABEL_MAX_LENGTH,
  gateMessages,
  messages,
  type CreatedGateDevice,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorSummary, problemsFrom } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { createGateDevice } from './api';

const text = gateDevicesMessages;
type Errors = Partial<Record<'label' | 'organisationId', string>>;

/**
 * Registers a device. The organisation field appears only when the server answers that this
 * officer must name one (a platform-wide officer): the session does not say which officer is which.
 */
export function CreateDeviceForm({ onCreated }: { onCreated(device: CreatedGateDevice): void }) {
  const [label, setLabel] = useState('');
  const [organisationId, setOrganisationId] = useState('');
  const [askOrganisation, setAskOrganisation] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = gateDeviceCreateSchema.safeParse({ label, organisationId: organisationId || undefined });
    if (!parsed.success) {
      setErrors({ label: gateMessages.label });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const created = await createGateDevice(parsed.data.label, parsed.data.organisationId ?? undefined);
      setLabel('');
      setOrganisationId('');
      onCreated(created);
    } catch (error) {
      // The server asks a platform-wide officer for the club, and says when the code names none.
      const aboutOrganisation: string[] = [
        errorCatalogue.ORGANISATION_REQUIRED.description,
        errorCatalogue.ORGANISATION_NOT_FOUND.description,
      ];
      if (error instanceof ApiError && aboutOrganisation.includes(error.description ?? '')) {
        setAskOrganisation(true);
        setErrors({ organisationId: error.description });
      } else {
        toast.error(error instanceof ApiError ? error.message : messages.errors.system);
      }
    } finally {
      setBusy(false);
    }
  };

  const problems = problemsFrom(errors, ['label', 'organisationId'], (field) => `gate-device-${field}`);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="gate-device-create-title">
      <h2 className="govgr-heading-m" id="gate-device-create-title">
        {text.createTitle}
      </h2>
      <ErrorSummary problems={problems} />
      <TextField
        id="gate-device-label"
        label={text.label}
        hint={gateMessages.label}
        error={errors.label}
        maxLength={GATE_DEVICE_LABEL_MAX_LENGTH}
        autoComplete="off"
        value={label}
        onChange={(change) => setLabel(change.target.value)}
      />
      {askOrganisation ? (
        <TextField
          id="gate-device-organisationId"
          label={text.organisation}
          hint={text.organisationHint}
          error={errors.organisationId}
          autoComplete="off"
          spellCheck={false}
          value={organisationId}
          onChange={(change) => setOrganisationId(change.target.value)}
        />
      ) : null}
      <Button type="submit" busy={busy}>
        {text.create}
      </Button>
    </form>
  );
}
