import { useId } from 'react';
import {
  documentTypeLabel,
  formatDate,
  formatDateTime,
  formatTime,
  messages,
  type TicketDetails,
} from '@tickets/domain';
import { SummaryList } from '../../shared/components/summary-list';

const text = messages.ticketOffice;
const yesNo = (value: boolean) => (value ? messages.form.yes : messages.form.no);

/** docs/product-spec.md §2 "Ticket details panel": the normal view, or the stats view with every field. */
export function TicketDetailsPanel({
  ticket,
  view = 'normal',
}: {
  ticket: TicketDetails;
  view?: 'normal' | 'stats';
}) {
  const titleId = useId();
  // Where the ticket's holder sits: the same rows in both views.
  const place: [string, string | null][] = [
    [text.venue, ticket.venue],
    [text.sector, ticket.sector],
    [text.gate, ticket.gate],
    [text.row, ticket.row],
    [text.seat, ticket.seat],
  ];
  const rows: [string, string | null][] =
    view === 'normal'
      ? [
          [text.holder, ticket.fullName],
          [documentTypeLabel(ticket.documentType), ticket.documentId],
          [text.ticketCode, ticket.publicCode],
          [text.event, ticket.eventDescription],
          [text.date, formatDate(ticket.eventDateTime)],
          [text.time, formatTime(ticket.eventDateTime)],
          ...place,
        ]
      : [
          [text.issuer, ticket.provider],
          [text.holder, ticket.fullName],
          [text.status, text.ticketStatuses[ticket.status] ?? ticket.status],
          [text.documentNumber, ticket.documentId],
          [text.seasonal, yesNo(ticket.seasonal)],
          [text.event, ticket.eventDescription],
          [text.matchDateTime, formatDateTime(ticket.eventDateTime)],
          ...place,
          [text.installationId, ticket.installationId],
          [text.anonymous, yesNo(ticket.anonymous)],
          [text.afm, ticket.afm],
          [text.amka, ticket.amka],
          [text.createdOn, formatDateTime(ticket.createdOn)],
          [text.personalizedOn, formatDateTime(ticket.personalizedOn)],
          [text.modifiedOn, formatDateTime(ticket.modifiedOn)],
        ];
  return (
    <section aria-labelledby={titleId}>
      <h2 className="govgr-heading-m" id={titleId}>
        {messages.screens.ticketInfo}
      </h2>
      <SummaryList rows={rows} />
    </section>
  );
}
