import { and, eq, isNull, sql } from 'drizzle-orm';
import { canonicalIdentifier, type IssuedTicket, type TicketIssueRequest } from '@tickets/domain';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { AppError } from '../../shared/app-error';
import { auditedWith, writeAudit } from '../../shared/audit';
import { newVerificationCode } from '../../shared/codes';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../shared/suspensions';
import {
  displayModeOf,
  findTicketForOfficer,
  toTicketDetails,
  type OfficerTicket,
} from '../../shared/tickets';

export type Binding = 'IDENTIFY' | 'PERSONALIZE';

const fullNameOf = (request: TicketIssueRequest) => `${request.firstName} ${request.lastName}`.toUpperCase();

/** Whether the ticket is already bound to exactly this person and document, however typed (a reprint). */
const isSameBinding = (ticket: OfficerTicket['ticket'], request: TicketIssueRequest) =>
  ticket.documentType === request.documentType &&
  ticket.documentKey === canonicalIdentifier(request.documentId) &&
  ticket.fullName === fullNameOf(request);

/**
 * Binds an unbound ticket and writes its audit row in one statement (one round trip, one commit,
 * both or neither): of two officers racing, exactly one UPDATE matches. Answers the bound row, or
 * none when the ticket was bound meanwhile.
 */
const bindUnboundTicket = preparedPerDatabase((db) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const bound = db.$with('bound').as(
    db
      .update(tickets)
      .set({
        fullName: value('fullName'),
        documentType: value('documentType'),
        documentId: value('documentId'),
        documentKey: value('documentKey'),
        privateCode: value('privateCode'),
        binding: value('binding'),
        personalizedBy: value('actor'),
        personalizedAt: sql`now()`,
        modifiedAt: sql`now()`,
      })
      .where(
        and(
          eq(tickets.id, sql.placeholder('ticketId')),
          isNull(tickets.documentId),
          isNull(tickets.holderAfm),
          isNull(tickets.holderAmka),
        ),
      )
      .returning(),
  );
  const audited = auditedWith(db, bound);
  return db.with(bound, audited).select().from(bound).prepare('bind_unbound_ticket');
});

/**
 * Binds a ticket to a fan at the ticket office (docs/design.md §5): the officer's organisation's
 * ticket, an event not yet started, a person not suspended. The same binding again answers the
 * same verification code (a reprint); binding a bound ticket to someone else is refused.
 */
export async function issueTicket(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  binding: Binding,
  request: TicketIssueRequest,
): Promise<IssuedTicket> {
  const [found, suspended] = await Promise.all([
    findTicketForOfficer(db, actor.user, request.ticketCode),
    isSuspended(db, { documentId: request.documentId }),
  ]);
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  if (!found.eventUpcoming) throw new AppError('EVENT_STARTED');
  if (suspended) throw new AppError('PERSON_SUSPENDED');

  const reprint = found.ticket.privateCode !== null && isSameBinding(found.ticket, request);
  const bound = found.ticket.documentId ?? found.ticket.holderAfm ?? found.ticket.holderAmka;
  if (bound !== null && !reprint) throw new AppError('TICKET_ALREADY_BOUND');

  let ticket = found.ticket;
  let reprinted = reprint;
  if (!reprint) {
    const [updated] = await bindUnboundTicket(db).execute({
      ticketId: found.ticket.id,
      fullName: fullNameOf(request),
      documentType: request.documentType,
      documentId: request.documentId,
      documentKey: canonicalIdentifier(request.documentId),
      privateCode: newVerificationCode(),
      binding,
      actor: actor.user.afm,
      action: `TICKET_${binding}`,
      subject: request.ticketCode,
      requestId: actor.requestId,
    });
    if (updated) {
      ticket = updated;
    } else {
      // Lost the race: to the same person (a double submission) it is a reprint, else a refusal.
      const [current] = await db.select().from(tickets).where(eq(tickets.id, found.ticket.id));
      if (!current || !isSameBinding(current, request)) throw new AppError('TICKET_ALREADY_BOUND');
      ticket = current;
      reprinted = true;
    }
  }
  if (reprinted) {
    await writeAudit(db, {
      actor: actor.user.afm,
      action: `TICKET_${binding}_REPRINT`,
      subject: request.ticketCode,
      requestId: actor.requestId,
    });
  }
  if (!ticket.privateCode) throw new AppError('INTERNAL_ERROR');
  return {
    ...toTicketDetails({ ...found, ticket }),
    privateCode: ticket.privateCode,
    displayMode: displayModeOf(found.displayMode),
  };
}
