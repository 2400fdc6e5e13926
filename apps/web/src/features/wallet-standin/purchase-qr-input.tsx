import { useState } from 'react';
import { addTicketMessages, claimMessages, parsePurchaseQr, type PurchaseProof } from '@tickets/domain';
import { CameraScanner, canScanWithCamera } from '../../shared/qr/camera-scanner';
import { readQrFromImage } from '../../shared/qr/read-qr-image';

const text = addTicketMessages;
const IMAGE_ID = 'add-ticket-image';

type Reading = { state: 'idle' | 'reading' | 'read' } | { state: 'failed'; message: string };

/**
 * The purchase confirmation's QR, read with the camera (the browser's reader, else jsQR) or
 * from an image of it; its two codes go to the form, for the person to check before adding.
 */
export function PurchaseQrInput({ onRead }: { onRead(proof: PurchaseProof): void }) {
  const [reading, setReading] = useState<Reading>({ state: 'idle' });

  const take = (scanned: string | undefined, unreadable: string) => {
    const proof = scanned === undefined ? undefined : parsePurchaseQr(scanned);
    if (!proof) {
      // A QR that is something else (a gate code, a link) says so; an image with none says that.
      setReading({
        state: 'failed',
        message: scanned === undefined ? unreadable : claimMessages.purchaseQrUnreadable,
      });
      return;
    }
    setReading({ state: 'read' });
    onRead(proof);
  };

  const readImage = async (file: File | undefined) => {
    if (!file) return;
    setReading({ state: 'reading' });
    take(await readQrFromImage(file), text.imageUnreadable);
  };

  const error = reading.state === 'failed' ? reading.message : undefined;
  return (
    <>
      {canScanWithCamera() ? (
        <CameraScanner
          labels={text}
          formats={['qr_code']}
          onCode={(scanned) => take(scanned, claimMessages.purchaseQrUnreadable)}
        />
      ) : null}
      <div className={`govgr-field ${error ? 'govgr-field__error' : ''}`.trim()}>
        <label className="govgr-label" htmlFor={IMAGE_ID}>
          {text.image}
          <span className="govgr-hint" id={`${IMAGE_ID}-hint`}>
            {text.imageHint}
          </span>
        </label>
        <input
          id={IMAGE_ID}
          type="file"
          accept="image/*"
          className="app-file-input"
          aria-describedby={`${IMAGE_ID}-hint ${IMAGE_ID}-result`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void readImage(event.target.files?.[0])}
        />
        {/* Announced as it happens: the fields above are filled in, or why not. */}
        <div id={`${IMAGE_ID}-result`} role="status" aria-live="polite">
          {reading.state === 'reading' ? <p className="govgr-hint">{text.imageReading}</p> : null}
          {reading.state === 'read' ? <p className="govgr-body app-notice">{text.qrRead}</p> : null}
          {error ? <p className="govgr-error-message">{error}</p> : null}
        </div>
      </div>
    </>
  );
}
