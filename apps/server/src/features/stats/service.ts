import { LOOKUP_SWEEP_CODES, maskedAmka, type FixtureEntrant, type StatsTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import type { tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import { findTicketForOfficer, toTicketDetails } from '../../rules/tickets';
import { countNeighbourLookups, findRegistryName, listFixturesNotOver } from './queries';

/**
 * Who enters each fixture of a season ticket that is not over yet (docs/design.md §8): its holder,
 * or the recipient of a loan of that fixture.
 */
async function fixtureEntrants(
  db: Db,
  ticket: Pick<typeof tickets.$inferSelect, 'id' | 'eventId' | 'fullName' | 'holderAfm'>,
): Promise<FixtureEntrant[]> {
  const registryName = ticket.holderAfm ? await findRegistryName(db, ticket.holderAfm) : undefined;
  const holderName = ticket.fullName ?? registryName ?? null;
  const rows = await listFixturesNotOver(db, ticket.id, ticket.eventId);
  return rows.map(({ fixture, lentTo }) => ({
    eventId: fixture.id,
    eventDescription: fixture.description,
    eventDateTime: fixture.startsAt.toISOString(),
    entrantName: lentTo ?? holderName,
    lent: lentTo !== null,
  }));
}

/**
 * Every field of a ticket by its 12-digit code (the holder's ΑΜΚΑ masked), and for a season ticket who
 * enters each fixture (the holder, or a loan's recipient); read-only, each lookup audited, a miss too.
 * An officer going through sequential codes is refused (TICKET_LOOKUP_SWEEP): the codes are printed
 * and sequential, the answer names the holder.
 */
export async function lookUpTicket(db: Db, actor: Actor, code: string): Promise<StatsTicket> {
  if ((await countNeighbourLookups(db, actor.user.afm, code)) >= LOOKUP_SWEEP_CODES)
    throw new AppError('TICKET_LOOKUP_SWEEP');
  const found = await findTicketForOfficer(db, actor.user, code);
  await audit(db, {
    actor: actor.user.afm,
    action: found ? 'TICKET_LOOKUP' : 'TICKET_LOOKUP_MISS',
    subject: code,
    requestId: actor.requestId,
  });
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  const details = toTicketDetails(found);
  const fixtures = found.ticket.seasonal ? await fixtureEntrants(db, found.ticket) : [];
  return { ...details, amka: maskedAmka(details.amka), fixtures };
}
