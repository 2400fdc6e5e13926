import type { StatsTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { fixtureEntrants } from '../../shared/entry';
import type { SessionUser } from '../../shared/sessions';
import { findTicketForOfficer, toTicketDetails } from '../../shared/tickets';

/**
 * Every field of a ticket by its 12-digit code, and for a season ticket who enters each fixture (the
 * holder, or a loan's recipient); read-only, each lookup audited, a miss too.
 */
export async function lookUpTicket(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  code: string,
): Promise<StatsTicket> {
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
  return { ...details, fixtures };
}
