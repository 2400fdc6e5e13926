import { documentTypeLabel, formatDateTime, messages } from '@tickets/domain';
import type { PrintState } from './api';
import { VerificationCode } from './verification-code';

const text = messages.ticketOffice;

/** The paper ticket: hidden on screen, the only thing printed, compact enough for one A6 page. */
export function PrintableTicket({ ticket }: { ticket: PrintState }) {
  const place = [
    [text.sector, ticket.sector],
    [text.gate, ticket.gate],
    [text.row, ticket.row],
    [text.seat, ticket.seat],
  ]
    .map(([label, value]) => `${label} ${value ?? '-'}`)
    .join(' · ');
  const rows: [string, string][] = [
    [text.holder, ticket.fullName ?? '-'],
    [documentTypeLabel(ticket.documentType), ticket.documentId ?? '-'],
    [text.ticketCode, ticket.publicCode],
    [text.event, ticket.eventDescription],
    [text.matchDateTime, formatDateTime(ticket.eventDateTime)],
    [text.venue, ticket.venue ?? '-'],
  ];
  return (
    <div className="app-printable" aria-hidden="true">
      <p className="app-printable__title">{messages.app.title}</p>
      <dl className="app-printable__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="app-printable__place">{place}</p>
      <VerificationCode code={ticket.privateCode} displayMode={ticket.displayMode} />
    </div>
  );
}
