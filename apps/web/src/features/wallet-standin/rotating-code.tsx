import { useEffect, useMemo, useRef, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import {
  makeWalletCode,
  QR_LEVEL,
  WALLET_CODE_REFRESH_SECONDS,
  walletStandInMessages,
  type WalletTicket,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { useRegisterDeviceKeyMutation } from './api';
import { readDeviceKey, type DeviceKey } from './device-storage';

const text = walletStandInMessages;
/** Large enough for a gate's camera to read off a phone held at arm's length. */
const QR_PIXELS = 256;

/** The refresh slot a moment falls in: the code is drawn anew when it changes. */
const slotOf = (now: number) => Math.floor(now / 1000 / WALLET_CODE_REFRESH_SECONDS);
const secondsLeft = (now: number) =>
  WALLET_CODE_REFRESH_SECONDS - (Math.floor(now / 1000) % WALLET_CODE_REFRESH_SECONDS);

/** A stored key that no longer matches its credential (storage edited by hand) is as good as none. */
function codeOf(deviceKey: DeviceKey): string | undefined {
  try {
    return makeWalletCode({ ...deviceKey, now: new Date() });
  } catch {
    return undefined;
  }
}

/**
 * What the wallet shows at the gate (docs/gate-codes.md): a key pair made here, registered once for the
 * ticket, and a QR signed with it that changes every WALLET_CODE_REFRESH_SECONDS.
 */
export function RotatingCode({ ticket }: { ticket: WalletTicket }) {
  const [deviceKey, setDeviceKey] = useState(() => readDeviceKey(ticket.publicCode));
  const [now, setNow] = useState(() => Date.now());

  const registration = useRegisterDeviceKeyMutation(ticket.publicCode, { onSuccess: setDeviceKey });
  const { mutate: register, isPending: registering } = registration;
  // The server kept the phone before (if any): its code still works, so it stays on screen.
  const error = registration.error ? failureMessage(registration.error, text.registerFailed) : undefined;

  const slot = slotOf(now);
  // Recomputed once per slot, not every second: the code is signed with the time it is drawn.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `slot` is the clock `codeOf` reads.
  const code = useMemo(() => (deviceKey ? codeOf(deviceKey) : undefined), [deviceKey, slot]);

  // Once per visit on its own (React's development double effects would register two phones).
  const registeredOnce = useRef(false);
  useEffect(() => {
    if (code || registeredOnce.current) return;
    registeredOnce.current = true;
    register();
  }, [code, register]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="app-wallet-code">
      {error ? <ErrorBox message={error} /> : null}
      {code ? (
        <>
          <p className="govgr-body">{text.codeHint}</p>
          <figure
            className="app-verification-code"
            role="img"
            aria-label={text.codeLabel(ticket.eventDescription)}
          >
            {/* The figure carries the name; the drawing itself is not read out. */}
            <div aria-hidden="true">
              <QRCodeSVG value={code} level={QR_LEVEL} size={QR_PIXELS} marginSize={4} />
            </div>
          </figure>
          {/* No aria-live: a countdown announced every second would drown everything else. */}
          <p className="govgr-body" data-testid="wallet-code-countdown">
            {text.refreshesIn(secondsLeft(now))}
          </p>
        </>
      ) : registering ? (
        <>
          <Spinner />
          <p className="govgr-body">{text.registering}</p>
        </>
      ) : (
        // No phone registered (or its registration failed): no code to show, only how to get one.
        <p className="govgr-body">{text.noCode}</p>
      )}
      {deviceKey ? <p className="govgr-hint">{text.registerAgainHint}</p> : null}
      <Button variant="secondary" busy={registering} onClick={() => register()}>
        {deviceKey ? text.registerAgain : text.register}
      </Button>
    </div>
  );
}
