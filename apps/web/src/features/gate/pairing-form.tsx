import { useState, type FormEvent } from 'react';
import { gateScreenMessages, messages, type GatePairing } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { ErrorSummary } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { CameraScanner, canScanWithCamera } from '../../shared/qr/camera-scanner';
import { pairDevice } from './api';

const text = gateScreenMessages;
const FIELD_ID = 'gate-token';

/**
 * Pairing, once per device: the token the ticket office showed, exchanged at once for this browser's
 * own credential (docs/design.md §8). A wrong, revoked or already used token is said here, in Greek.
 */
export function PairingForm({
  notice,
  onPaired,
}: {
  /** Why the device is here again (the server stopped knowing it). */
  notice?: string;
  onPaired(pairing: GatePairing): void;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState(notice);
  const [busy, setBusy] = useState(false);
  // Each failed attempt moves focus to the summary again (the pattern of the forms' submitCount).
  const [attempts, setAttempts] = useState(0);

  const pair = async (candidate: string) => {
    const trimmed = candidate.trim();
    if (!trimmed) {
      setError(text.tokenRequired);
      setAttempts((count) => count + 1);
      return;
    }
    setBusy(true);
    try {
      onPaired(await pairDevice(trimmed));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.errors.system);
      setAttempts((count) => count + 1);
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pair(token);
  };

  return (
    <>
      <PageHeading>{text.pairTitle}</PageHeading>
      <form noValidate onSubmit={submit}>
        <ErrorSummary
          problems={error ? [{ fieldId: FIELD_ID, message: error }] : []}
          submitCount={attempts}
        />
        <p className="govgr-body">{text.pairIntro}</p>
        <TextField
          id={FIELD_ID}
          label={text.token}
          error={error}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={token}
          onChange={(change) => setToken(change.target.value)}
        />
        <div className="govgr-button-group">
          <Button type="submit" busy={busy}>
            {text.pair}
          </Button>
        </div>
      </form>
      {canScanWithCamera() ? (
        <CameraScanner
          labels={text}
          onCode={(code) => {
            setToken(code);
            void pair(code);
          }}
        />
      ) : null}
    </>
  );
}
