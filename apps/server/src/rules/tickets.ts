import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { TicketDetails } from '@tickets/domain';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { events, organisations, tickets } from '../db/schema';
import { isUpcoming } from './events';
import { officerScope } from './officer-scope';
import type { SessionUser } from '../shared/sessions';

/**
 * A ticket as officers see it (docs/product-spec.md §3 "Ticket details"), within the officer's scope:
 * the stats lookup and the ticket office both read it. Looked up on every lookup and issue: prepared
 * once per database.
 */
const ticketQuery = preparedQuery<{ publicCode: string; organisationId: string | null }>()((db, p) =>
  db
    .select({
      ticket: tickets,
      eventDescription: events.description,
      eventStartsAt: events.startsAt,
      eventUpcoming: isUpcoming(events),
      venue: events.venue,
      displayMode: events.displayMode,
      provider: organisations.name,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(eq(tickets.publicCode, p.publicCode), officerScope(p.organisationId)))
    .limit(1)
    .prepare('find_ticket_for_officer'),
);

export async function findTicketForOfficer(db: Db, user: SessionUser, publicCode: string) {
  const [row] = await ticketQuery(db).execute({ publicCode, organisationId: user.organisationId });
  return row;
}

/** A ticket's binding: to a document (a ticket office) or to an ΑΦΜ or ΑΜΚΑ (the wallet), each null when not. */
export type TicketBinding = {
  holderAfm: string | null;
  holderAmka: string | null;
  documentId: string | null;
};

/** Bound to someone, by either channel. */
export const isBound = (ticket: TicketBinding) =>
  ticket.documentId !== null || ticket.holderAfm !== null || ticket.holderAmka !== null;

/** `isBound` in SQL: a ticket bound to someone, by either channel. */
export const boundTicket = or(
  isNotNull(tickets.documentId),
  isNotNull(tickets.holderAfm),
  isNotNull(tickets.holderAmka),
);

export type OfficerTicket = NonNullable<Awaited<ReturnType<typeof findTicketForOfficer>>>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toTicketDetails(row: OfficerTicket): TicketDetails {
  const { ticket } = row;
  return {
    fullName: ticket.fullName,
    documentType: ticket.documentType,
    documentId: ticket.documentId,
    publicCode: ticket.publicCode,
    eventDescription: row.eventDescription,
    eventDateTime: row.eventStartsAt.toISOString(),
    venue: row.venue,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
    provider: row.provider,
    status: ticket.status,
    seasonal: ticket.seasonal,
    installationId: ticket.installationId,
    skipMode: ticket.skipMode,
    afm: ticket.holderAfm,
    amka: ticket.holderAmka,
    createdOn: iso(ticket.createdAt),
    modifiedOn: iso(ticket.modifiedAt),
    personalizedOn: iso(ticket.personalizedAt),
    anonymous: ticket.anonymous,
  };
}
