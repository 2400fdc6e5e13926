import { Link, useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { BackLink, Button } from '../../shared/components/buttons';
import NotFoundPage from '../../shared/components/not-found-page';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';
import type { PrintState } from './api';
import { PrintableTicket } from './printable-ticket';
import { TicketDetailsPanel } from './ticket-details-panel';
import { VerificationCode } from './verification-code';

const text = messages.ticketOffice;

/**
 * docs/product-spec.md §2 "Print ticket": the details, the verification code, print and add-new. Only the
 * hidden printable copy is printed (see the print stylesheet): a ticket a person can carry.
 */
export default function PrintTicketPage() {
  const ticket = useLocation().state as PrintState | null;
  if (!ticket?.privateCode) return <NotFoundPage />;
  return (
    <>
      <div className="app-screen-only">
        <BackLink to={`${paths.ticketOffice.ticketInfo}?user=over-67`} />
        <PageHeading>{messages.screens.printTicket}</PageHeading>
        <p className="govgr-body app-status-ok" role="status">
          {text.issued}
        </p>
        {ticket.replacesEarlierPrint ? (
          <div className="govgr-warning-text">
            <p className="govgr-body">
              <strong>{text.replacesEarlierPrint}</strong>
            </p>
          </div>
        ) : null}
        <TicketDetailsPanel ticket={ticket} />
        <h2 className="govgr-heading-m">{text.verificationCode}</h2>
        <VerificationCode code={ticket.privateCode} displayMode={ticket.displayMode} />
        <div className="govgr-button-group">
          <Button onClick={() => window.print()}>{text.print}</Button>
          <Link className="govgr-link" to={paths.ticketOffice.chooseUser}>
            {text.addNew}
          </Link>
        </div>
      </div>
      <PrintableTicket ticket={ticket} />
    </>
  );
}
