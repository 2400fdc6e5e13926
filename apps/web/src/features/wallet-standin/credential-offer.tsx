import { useEffect, useRef, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import {
  credentialIssuanceMessages,
  CREDENTIAL_OFFER_MINUTES,
  gateScreenMessages,
  QR_LEVEL,
  type WalletTicket,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { useCredentialOfferMutation } from './api';

const text = credentialIssuanceMessages;
/** An offer carries more than a gate code: a larger QR keeps its modules readable. */
const QR_PIXELS = 320;

/**
 * The ticket offered to an EU wallet (docs/design.md §12): the offer's QR, which the wallet scans, and
 * the transaction code beside it, which the person types into the wallet. Shown once asked for: each
 * offer is good once, for CREDENTIAL_OFFER_MINUTES. Its button names the ticket, as one stands under
 * each ticket of the list.
 */
export function CredentialOffer({ ticket }: { ticket: WalletTicket }) {
  const offer = useCredentialOfferMutation(ticket.publicCode);
  const shown = useRef<HTMLDivElement>(null);
  // The same offer by HAIP's haip://, which EU wallets must open, for a wallet the first does not open.
  const [haip, setHaip] = useState(false);
  const link = haip ? offer.data?.haipOfferUri : offer.data?.offerUri;
  // Keyboard and screen-reader users land on the offer they asked for.
  useEffect(() => {
    if (offer.data) shown.current?.focus();
  }, [offer.data]);
  return (
    <div className="app-credential-offer">
      {offer.error ? <ErrorBox message={failureMessage(offer.error, text.offerFailed)} /> : null}
      {offer.data && link ? (
        <div tabIndex={-1} ref={shown}>
          <p className="govgr-body">{text.offerHint(CREDENTIAL_OFFER_MINUTES)}</p>
          <figure
            className="app-verification-code"
            role="img"
            aria-label={text.offerQrLabel(ticket.eventDescription)}
            data-offer-uri={link}
          >
            <div aria-hidden="true">
              <QRCodeSVG value={link} level={QR_LEVEL} size={QR_PIXELS} marginSize={4} />
            </div>
          </figure>
          <Button variant="secondary" onClick={() => setHaip(!haip)}>
            {haip ? gateScreenMessages.walletFirstQr : gateScreenMessages.walletOtherQr}
          </Button>
          <p className="govgr-body">
            <a className="govgr-link" href={link}>
              {text.offerLink}
            </a>
          </p>
          <div className="govgr-inset-text">
            <p className="govgr-body">
              {text.txCodeLabel}: <strong data-testid="credential-offer-tx-code">{offer.data.txCode}</strong>
            </p>
            <p className="govgr-hint">{text.txCodeHint}</p>
          </div>
        </div>
      ) : null}
      <Button
        variant="secondary"
        busy={offer.isPending}
        onClick={() => offer.mutate()}
        aria-label={`${text.offer}: ${ticket.eventDescription}, ${ticket.publicCode}`}
      >
        {offer.isPending ? text.offering : text.offer}
      </Button>
    </div>
  );
}
