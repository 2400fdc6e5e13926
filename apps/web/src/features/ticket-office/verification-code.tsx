import { QRCodeSVG } from 'qrcode.react';
import Barcode from 'react-barcode';
import { messages, QR_LEVEL, QR_SIZE } from '@tickets/domain';

/**
 * The verification code as a QR code (level L, 128 px) or a Code 128 SVG barcode (docs/product-spec.md §9).
 * A QR holds the platform's signature (docs/design.md §8): some 180 digits, for the gate's scanner, not
 * for anyone to read or type, so it is not written out; a barcode's 16 characters are, for a gate
 * whose scanner fails.
 */
export function VerificationCode({ code, displayMode }: { code: string; displayMode: string }) {
  const qr = displayMode === 'QR';
  const label = `${messages.ticketOffice.verificationCode}: ${qr ? messages.ticketOffice.signedQr : code}`;
  return (
    <figure className="app-verification-code" aria-label={label} role="img">
      {/* The figure carries the name; the drawing itself is not read out. */}
      <div aria-hidden="true">
        {qr ? (
          <QRCodeSVG value={code} level={QR_LEVEL} size={QR_SIZE} marginSize={4} />
        ) : (
          <Barcode value={code} format="CODE128" renderer="svg" displayValue={false} />
        )}
      </div>
      {qr ? null : <figcaption className="govgr-body app-code-text">{code}</figcaption>}
    </figure>
  );
}
