import { useState } from 'react';
import { gateScreenMessages, type GatePairing } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { problemsFrom } from '../../shared/forms/error-summary';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { CameraScanner, canScanWithCamera } from '../../shared/qr/camera-scanner';
import { usePairDeviceMutation } from './api';

const text = gateScreenMessages;
const FIELD_ID = 'gate-token';

/**
 * Pairing, once per device: the token the ticket office showed, exchanged at once for this browser's
 * own credential (docs/design.md §8). A wrong, revoked or already used token is said here, in Greek.
 */
export function PairingForm({
  notice,
  onPaired,
  onRetry,
}: {
  /** Why the device is here again (the server stopped knowing it), until the next attempt. */
  notice?: string;
  onPaired(pairing: GatePairing): void;
  /** The device's credential was refused and is kept: try it again (the office may have renewed it). */
  onRetry?(): void;
}) {
  const [shownNotice, setShownNotice] = useState(notice);
  const pair = usePairDeviceMutation({ onSuccess: onPaired });
  return (
    <>
      <PageHeading>{text.pairTitle}</PageHeading>
      <Form<{ token: string }>
        schema={() => import('./form-schemas').then((schemas) => schemas.pairingSchema)}
        defaultValues={{ token: '' }}
        problems={(errors) =>
          shownNotice
            ? [{ fieldId: FIELD_ID, message: shownNotice }]
            : problemsFrom(errors, ['token'], () => FIELD_ID)
        }
        refusalField={FIELD_ID}
        // Said here, at the field, not in a toast: the steward's screen has none.
        toastRefusal={false}
        onSubmitStart={() => setShownNotice(undefined)}
        onSubmit={({ token }, { refusal }) =>
          pair.mutate(token, {
            // The API's Greek message (for a status it did not describe, the spec's §8 one).
            onError: (error) => refusal.refuse(error, error instanceof ApiError ? error.message : undefined),
          })
        }
        submitLabel={text.pair}
        busy={pair.isPending || pair.isSuccess}
        actions={null}
        footer={(form) => (
          <>
            {canScanWithCamera() ? (
              <CameraScanner
                labels={text}
                onCode={(code) => {
                  setShownNotice(undefined);
                  form.setValue('token', code);
                  form.submit();
                }}
              />
            ) : null}
            {onRetry ? (
              <>
                <p className="govgr-body">{text.retryHint}</p>
                <Button variant="secondary" onClick={onRetry}>
                  {text.retry}
                </Button>
              </>
            ) : null}
          </>
        )}
      >
        {({ register, formState: { errors }, refusal }) => (
          <>
            <p className="govgr-body">{text.pairIntro}</p>
            <TextField
              id={FIELD_ID}
              label={text.token}
              error={errors.token?.message ?? refusal.message ?? shownNotice}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              {...register('token')}
            />
          </>
        )}
      </Form>
    </>
  );
}
