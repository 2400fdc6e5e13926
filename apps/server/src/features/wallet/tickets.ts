import { and, asc, eq, sql } from 'drizzle-orm';
import { walletMessages, type WalletTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import { events, tickets } from '../../db/schema';
import { activeSuspensionOf } from '../../shared/suspensions';

/**
 * The holder's tickets to upcoming events; all blocked while the holder is suspended, saying until
 * when and whom to contact.
 */
export async function listWalletTickets(db: Db, afm: string): Promise<WalletTicket[]> {
  const suspension = await activeSuspensionOf(db, { afm });
  const rows = await db
    .select({ ticket: tickets, event: events })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.holderAfm, afm), sql`${events.startsAt} > now()`))
    .orderBy(asc(events.startsAt));
  return rows.map(({ ticket, event }) => ({
    publicCode: ticket.publicCode,
    eventId: event.id,
    eventDescription: event.description,
    eventDateTime: event.startsAt.toISOString(),
    venue: event.venue,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
    seasonal: ticket.seasonal,
    blocked: suspension !== undefined,
    blockedUntil: suspension?.endDate ?? null,
    blockedNotice: suspension
      ? walletMessages.blockedNotice(suspension.endDate, suspension.organisationName)
      : null,
  }));
}
