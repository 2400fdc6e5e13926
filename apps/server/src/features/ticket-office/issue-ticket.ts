import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { IssuedTicket, TicketIssueRequest } from '@tickets/domain';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { writeAudit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../shared/suspensions';
import {
  displayModeOf,
  findTicketForOfficer,
  toTicketDetails,
  type OfficerTicket,
} from '../../shared/tickets';

export type Binding = 'IDENTIFY' | 'PERSONALIZE';

/** Crockford's alphabet: no I, L, O or U to misread at a gate. 16 characters = 80 random bits. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PRIVATE_CODE_LENGTH = 16;

export const newPrivateCode = () =>
  Array.from({ length: PRIVATE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const fullNameOf = (request: TicketIssueRequest) => `${request.firstName} ${request.lastName}`.toUpperCase();

/** Whether the ticket is already bound to exactly this person and document (a reprint). */
const isSameBinding = (ticket: OfficerTicket['ticket'], request: TicketIssueRequest) =>
  ticket.documentType === request.documentType &&
  ticket.documentId === request.documentId &&
  ticket.fullName === fullNameOf(request);

/**
 * Binds a ticket to a fan at the ticket office (DESIGN.md §5): the officer's organisation's
 * ticket, an event not yet started, a person not suspended. The same binding again answers the
 * same verification code (a reprint); binding a bound ticket to someone else is refused.
 */
export async function issueTicket(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  binding: Binding,
  request: TicketIssueRequest,
): Promise<IssuedTicket> {
  const found = await findTicketForOfficer(db, actor.user, request.ticketCode);
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  if (!found.eventUpcoming) throw new AppError('EVENT_STARTED');
  if (await isSuspended(db, { documentId: request.documentId })) throw new AppError('PERSON_SUSPENDED');

  const reprint = found.ticket.privateCode !== null && isSameBinding(found.ticket, request);
  const bound = found.ticket.documentId ?? found.ticket.holderAfm ?? found.ticket.holderAmka;
  if (bound !== null && !reprint) throw new AppError('TICKET_ALREADY_BOUND');

  // The ticket as it stands once bound: no need to read it again afterwards.
  const ticket = await db.transaction(async (tx) => {
    let reprinted = reprint;
    let result = found.ticket;
    if (!reprint) {
      const now = new Date();
      // Only an unbound ticket is bound: of two officers racing, exactly one wins.
      const updated = await tx
        .update(tickets)
        .set({
          fullName: fullNameOf(request),
          documentType: request.documentType,
          documentId: request.documentId,
          privateCode: newPrivateCode(),
          binding,
          personalizedBy: actor.user.afm,
          personalizedAt: now,
          modifiedAt: now,
        })
        .where(
          and(
            eq(tickets.id, found.ticket.id),
            isNull(tickets.documentId),
            isNull(tickets.holderAfm),
            isNull(tickets.holderAmka),
          ),
        )
        .returning();
      if (updated[0]) {
        result = updated[0];
      } else {
        // Lost the race: to the same person (a double submission) it is a reprint, else a refusal.
        const [current] = await tx.select().from(tickets).where(eq(tickets.id, found.ticket.id));
        if (!current || !isSameBinding(current, request)) throw new AppError('TICKET_ALREADY_BOUND');
        reprinted = true;
        result = current;
      }
    }
    await writeAudit(tx, {
      actor: actor.user.afm,
      action: reprinted ? `TICKET_${binding}_REPRINT` : `TICKET_${binding}`,
      subject: request.ticketCode,
      requestId: actor.requestId,
    });
    return result;
  });

  if (!ticket.privateCode) throw new AppError('INTERNAL_ERROR');
  return {
    ...toTicketDetails({ ...found, ticket }),
    privateCode: ticket.privateCode,
    displayMode: displayModeOf(found.displayMode),
  };
}
