import { useEffect, useRef, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import {
  formatTime,
  gateScreenMessages,
  QR_LEVEL,
  type PresentationRequest,
  type PresentationResult,
} from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { usePresentationResult } from './presentation-api';

const text = gateScreenMessages;
/** The link holds the request's whole address: a larger QR keeps its modules readable for a wallet's camera. */
const QR_PIXELS = 300;
const OFFLINE_HINT = 'gate-wallet-offline';

/**
 * The steward's request for an EU wallet's ticket (docs/design.md §12), cross-device: its link as a QR
 * for the fan's wallet to scan, and the wait for the wallet's answer, read from the server every few
 * seconds. An answer (a decision, or the request spent by refused answers) is handed to `onAnswered`
 * once; a refused answer while the request stays open is shown above the wait; an expired request
 * offers a new one. Focus lands on the heading, so a screen reader starts here.
 */
export function WalletPresentation({
  token,
  request,
  connected,
  busy,
  failure,
  onNewRequest,
  onCancel,
  onAnswered,
  onUnpaired,
}: {
  token: string;
  request: PresentationRequest;
  /** Whether the device is online: the wallet's answer reaches it only through the server. */
  connected: boolean;
  /** A new request is being made. */
  busy: boolean;
  /** Why the last new request failed. */
  failure: string | undefined;
  onNewRequest(): void;
  onCancel(): void;
  onAnswered(result: PresentationResult): void;
  onUnpaired(message: string): void;
}) {
  const result = usePresentationResult(token, request.id, onUnpaired);
  // OpenID4VP's link first; HAIP's (haip://) for a wallet that opens only that.
  const [haip, setHaip] = useState(false);
  const link = haip ? request.haipUri : request.uri;
  const heading = useRef<HTMLHeadingElement>(null);
  const answeredFor = useRef<string>(undefined);
  const status = result.data?.status;
  const expired = status === 'EXPIRED';

  useEffect(() => heading.current?.focus(), [request.id]);
  useEffect(() => {
    if (!result.data || (status !== 'DECIDED' && status !== 'REFUSED')) return;
    if (answeredFor.current === request.id) return;
    answeredFor.current = request.id;
    onAnswered(result.data);
  }, [result.data, status, request.id, onAnswered]);

  // A refused answer while the request stays open: the fan's wallet may answer again.
  const refusedAnswer = !expired && status === 'PENDING' ? result.data?.message : null;
  let waiting: string = text.walletWaiting;
  if (expired) waiting = text.walletExpired;
  else if (!connected) waiting = text.walletWaitingOffline;

  return (
    <section className="app-gate-wallet" aria-labelledby="gate-wallet-title">
      <h2 className="govgr-heading-m" id="gate-wallet-title" tabIndex={-1} ref={heading}>
        {text.walletRequestTitle}
      </h2>
      {expired ? null : (
        <>
          <p className="govgr-body">{text.walletRequestHint(formatTime(new Date(request.expiresAt)))}</p>
          <figure
            className="app-verification-code app-gate-wallet__qr"
            role="img"
            aria-label={text.walletRequestQr}
            data-request-uri={link}
          >
            <div aria-hidden="true">
              <QRCodeSVG value={link} level={QR_LEVEL} size={QR_PIXELS} marginSize={4} />
            </div>
          </figure>
          <Button variant="secondary" onClick={() => setHaip(!haip)}>
            {haip ? text.walletFirstQr : text.walletOtherQr}
          </Button>
        </>
      )}
      <p
        role="status"
        aria-live="polite"
        className={expired ? 'app-gate-wallet__expired' : 'app-gate-wallet__waiting'}
      >
        {waiting}
      </p>
      {refusedAnswer ? <ErrorBox message={`${text.walletAnswerRefused} ${refusedAnswer}`} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <div className="govgr-button-group">
        {expired ? (
          <Button busy={busy} disabled={!connected} onClick={onNewRequest}>
            {text.walletNewRequest}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          {text.walletCancel}
        </Button>
      </div>
    </section>
  );
}

/**
 * The steward asks for an EU wallet's ticket. Online only: the wallet answers the platform, not this
 * device, so offline the button is disabled and says why.
 */
export function WalletRequestButton({
  connected,
  busy,
  failure,
  onClick,
}: {
  connected: boolean;
  busy: boolean;
  failure: string | undefined;
  onClick(): void;
}) {
  return (
    <div className="app-gate-wallet__ask">
      {failure ? <ErrorBox message={failure} /> : null}
      <Button
        variant="secondary"
        busy={busy}
        disabled={!connected}
        aria-describedby={connected ? undefined : OFFLINE_HINT}
        onClick={onClick}
      >
        {text.walletRequest}
      </Button>
      {connected ? null : (
        <p className="govgr-hint" id={OFFLINE_HINT}>
          {text.walletRequestOffline}
        </p>
      )}
    </div>
  );
}
