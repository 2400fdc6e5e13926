import { Link, useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import NotFoundPage from '../../shared/components/not-found-page';
import { paths } from '../../shared/paths';
import type { IssuedState } from './api';

/** docs/product-spec.md §2 "Success screen", default variant: the ticket is in the fan's wallet. */
export default function TicketOfficeSuccessPage() {
  const state = useLocation().state as IssuedState | null;
  if (state?.type !== 'ticket-data') return <NotFoundPage />;
  const { ticket } = state;
  return (
    <>
      <div className="govgr-panel govgr-panel--confirmation">
        <h1 className="govgr-panel__title govgr-heading-xl" tabIndex={-1} data-page-heading>
          {messages.screens.success}
        </h1>
        <div className="govgr-panel__body">
          {messages.ticketOffice.addedToWallet(ticket.publicCode, ticket.fullName ?? '-')}
        </div>
      </div>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.ticketOffice.chooseUser}>
          {messages.ticketOffice.addNew}
        </Link>
      </p>
    </>
  );
}
