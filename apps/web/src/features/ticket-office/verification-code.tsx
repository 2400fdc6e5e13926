import { QRCodeSVG } from 'qrcode.react';
import Barcode from 'react-barcode';
import { messages, QR_LEVEL, QR_SIZE } from '@tickets/domain';

/**
 * The verification code as a QR code (level L, 128 px) or a Code 128 SVG barcode (docs/product-spec.md §9).
 */
export function VerificationCode({ code, displayMode }: { code: string; displayMode: string }) {
  const label = `${messages.ticketOffice.verificationCode}: ${code}`;
  return (
    <figure className="app-verification-code" aria-label={label} role="img">
      {/* The figure carries the name; the drawing itself is not read out. */}
      <div aria-hidden="true">
        {displayMode === 'QR' ? (
          <QRCodeSVG value={code} level={QR_LEVEL} size={QR_SIZE} marginSize={4} />
        ) : (
          <Barcode value={code} format="CODE128" renderer="svg" displayValue={false} />
        )}
      </div>
      <figcaption className="govgr-body app-code-text">{code}</figcaption>
    </figure>
  );
}
