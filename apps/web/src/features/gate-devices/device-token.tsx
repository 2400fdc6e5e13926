import { useEffect, useRef } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { gateDevicesMessages, QR_LEVEL, type CreatedGateDevice } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { TextField } from '../../shared/forms/text-field';

const text = gateDevicesMessages;

/** The new device's token, once: as text to paste and as a QR for the device's camera. */
export function DeviceToken({ device, onDone }: { device: CreatedGateDevice; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="app-device-token" aria-labelledby="gate-device-token-title">
      <h2 className="govgr-heading-m" id="gate-device-token-title" tabIndex={-1} ref={heading}>
        {text.tokenTitle(device.label)}
      </h2>
      <p className="govgr-body app-warning">{text.tokenWarning}</p>
      <figure className="app-verification-code" role="img" aria-label={text.tokenQr}>
        <div aria-hidden="true">
          <QRCodeSVG value={device.token} level={QR_LEVEL} size={200} marginSize={4} />
        </div>
      </figure>
      <TextField
        id="gate-device-token"
        label={text.tokenText}
        readOnly
        spellCheck={false}
        className="app-token"
        value={device.token}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" onClick={onDone}>
        {text.done}
      </Button>
    </section>
  );
}
