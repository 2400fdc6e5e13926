import {
  fullNameInCapitals,
  inCapitals,
  canonicalIdentifier,
  type DisplayMode,
  type IssuedTicket,
  type PlatformKey,
  type TicketIssueRequest,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import type { tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { audit, type AuditEntry } from '../../shared/audit';
import { paperCodeFor } from '../../rules/codes';
import { notify } from '../../shared/notifications';
import { ticketBoundNotice } from '../../rules/notices';
import type { Actor } from '../../shared/guards';
import { isSuspended, namesSuspendedPersonWithUnknownDocument } from '../../rules/suspensions';
import { findTicketForOfficer, isBound, toTicketDetails, type OfficerTicket } from '../../rules/tickets';
import {
  bindUnboundTicket,
  bindUnboundTicketIn,
  findIdentityCardHolder,
  findTicket,
  replacePrintedCode,
} from './queries';

export type Binding = 'IDENTIFY' | 'PERSONALIZE';

const displayModeOf = (value: string): DisplayMode => (value === 'BARCODE' ? 'BARCODE' : 'QR');

const fullNameOf = (request: TicketIssueRequest) => fullNameInCapitals(request.firstName, request.lastName);

/** Whether the ticket is already bound to exactly this person and document, however typed (a reprint). */
const isSameBinding = (ticket: OfficerTicket['ticket'], request: TicketIssueRequest) =>
  ticket.documentType === request.documentType &&
  ticket.documentKey === canonicalIdentifier(request.documentId) &&
  // A ticket bound before names lost their tonos in capitals is still the same binding.
  inCapitals(ticket.fullName ?? '') === fullNameOf(request);

/**
 * A reprint: the next serial and a new code, which revokes every earlier print (docs/design.md §8).
 * Of two reprints racing, the one that lost prints what the winner printed.
 */
async function reprintTicket(
  db: Db,
  ticket: typeof tickets.$inferSelect,
  displayMode: DisplayMode,
  entry: AuditEntry,
  signer: PlatformKey,
) {
  return db.transaction(async (tx) => {
    const serial = ticket.codeSerial + 1;
    const reprinted = await replacePrintedCode(
      tx,
      ticket,
      serial,
      paperCodeFor(ticket, displayMode, serial, signer),
    );
    if (reprinted) await audit(tx, entry);
    return reprinted ?? (await findTicket(tx, ticket.id));
  });
}

/**
 * Binds a ticket to a fan at the ticket office (docs/design.md §5): the officer's organisation's
 * ticket, an event not yet started, a person not suspended who holds no other ticket of its fixture
 * (docs/design.md §10). The same binding again is a reprint
 * (a new code, the old one revoked); binding a bound ticket to someone else is refused. A first
 * binding to a registry person's identity card tells that person, in the binding's transaction
 * (issue #30); a reprint tells no one (the person already heard of the ticket).
 */
export async function issueTicket(
  db: Db,
  actor: Actor,
  binding: Binding,
  request: TicketIssueRequest,
  signer: PlatformKey,
): Promise<IssuedTicket> {
  const documentKey = canonicalIdentifier(request.documentId);
  const [found, suspended, checkDocument, cardHolder] = await Promise.all([
    findTicketForOfficer(db, actor.user, request.ticketCode),
    isSuspended(db, { documentId: request.documentId }),
    namesSuspendedPersonWithUnknownDocument(db, request),
    // Only an identity card is in the registry: a passport's number is nobody's there.
    request.documentType === 'NATIONAL_ID' ? findIdentityCardHolder(db, documentKey) : undefined,
  ]);
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  if (!found.eventUpcoming) throw new AppError('EVENT_STARTED');
  if (suspended) throw new AppError('PERSON_SUSPENDED');
  if (checkDocument) throw new AppError('PERSON_DOCUMENT_CHECK');

  const reprint = found.ticket.privateCode !== null && isSameBinding(found.ticket, request);
  if (isBound(found.ticket) && !reprint) throw new AppError('TICKET_ALREADY_BOUND');
  const displayMode = displayModeOf(found.displayMode);
  let ticket = found.ticket;
  if (reprint) {
    const reprinted = await reprintTicket(
      db,
      found.ticket,
      displayMode,
      {
        actor: actor.user.afm,
        action: `TICKET_${binding}_REPRINT`,
        subject: request.ticketCode,
        requestId: actor.requestId,
      },
      signer,
    );
    if (!reprinted) throw new AppError('TICKET_NOT_FOUND');
    ticket = reprinted;
  } else {
    const params = {
      id: found.ticket.id,
      fullName: fullNameOf(request),
      documentType: request.documentType,
      documentId: request.documentId,
      documentKey,
      privateCode: paperCodeFor(found.ticket, displayMode, 1, signer),
      binding,
      actor: actor.user.afm,
      action: `TICKET_${binding}`,
      subject: request.ticketCode,
      requestId: actor.requestId,
    };
    // A document nobody in the registry holds: the one prepared statement, one round trip, as before.
    const [updated] = cardHolder
      ? await db.transaction(async (tx) => {
          const rows = await bindUnboundTicketIn(db, tx, params);
          if (rows.length > 0)
            await notify(db, tx, ticketBoundNotice(cardHolder, { ...found, eventId: found.ticket.eventId }));
          return rows;
        })
      : await bindUnboundTicket(db).execute(params);
    if (updated) {
      ticket = updated;
    } else {
      // Still unbound: the person holds a ticket of its fixture, whether from a ticket office or the
      // wallet (§10). Lost the race: to the same person it is the same submission twice (the code
      // the winner printed), to anyone else a refusal.
      const current = await findTicket(db, found.ticket.id);
      if (current && !isBound(current)) throw new AppError('ALREADY_HOLDS_FIXTURE');
      if (!current || !isSameBinding(current, request)) throw new AppError('TICKET_ALREADY_BOUND');
      ticket = current;
    }
  }
  if (!ticket.privateCode) throw new AppError('INTERNAL_ERROR');
  return {
    ...toTicketDetails({ ...found, ticket }),
    privateCode: ticket.privateCode,
    displayMode,
    replacesEarlierPrint: reprint,
  };
}
