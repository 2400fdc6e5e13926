import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADULT_AGE, type NotificationKind } from '@tickets/domain';
import type { Db } from '../db/client';
import {
  citizens,
  companionDeclarations,
  events,
  gateAdmissions,
  guardianships,
  organisations,
  tickets,
  transfers,
} from '../db/schema';
import { entryGivingLoan } from './entry';
import { ageToday, registryHolderOfTicket } from './people';
import type { NotificationEntry } from '../shared/notifications/outbox';

/**
 * What a notification about a declaration or a loan names, read in the change's transaction: the
 * match and the people by name. The features call these with the row they just wrote.
 */
const guardians = alias(citizens, 'guardian');
const minors = alias(citizens, 'minor');
const holders = alias(citizens, 'holder');

const fullName = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}` : '';

/** The columns of the match a notice is about, for a notice's select. */
const matchColumns = {
  eventId: events.id,
  eventDescription: events.description,
  eventStartsAt: events.startsAt,
  venue: events.venue,
};

/** The match as a notice's text names it. */
const matchOf = (event: { eventDescription: string; eventStartsAt: Date; venue: string }) => ({
  eventDescription: event.eventDescription,
  eventStartsAt: event.eventStartsAt.toISOString(),
  venue: event.venue,
});

/** A notice about the match of `eventId`, to `recipientAfm`, naming the other person of the change. */
const naming =
  (eventId: number, match: ReturnType<typeof matchOf>, recipientAfm: string, otherName: string) =>
  (kind: NotificationKind): NotificationEntry => ({
    recipientAfm,
    kind,
    eventId,
    params: { ...match, otherName },
  });

export async function declarationNotice(tx: Pick<Db, 'select'>, declarationId: string) {
  const [row] = await tx
    .select({
      ...matchColumns,
      minorFirstName: minors.firstName,
      guardian: { afm: guardians.afm, firstName: guardians.firstName, lastName: guardians.lastName },
      companionAfm: companionDeclarations.companionAfm,
      companionName: companionDeclarations.companionName,
    })
    .from(companionDeclarations)
    .innerJoin(minors, eq(minors.id, companionDeclarations.minorId))
    .innerJoin(guardians, eq(guardians.id, companionDeclarations.guardianId))
    .innerJoin(tickets, eq(tickets.id, companionDeclarations.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(companionDeclarations.id, declarationId));
  if (!row) throw new Error(`declaration ${declarationId} vanished within its own transaction`);
  const match = { ...matchOf(row), minorFirstName: row.minorFirstName };
  const guardianAfm = row.guardian.afm;
  return {
    /** To the companion, naming the guardian. */
    toCompanion: naming(row.eventId, match, row.companionAfm, fullName(row.guardian)),
    /** To the guardian, naming the companion. */
    toGuardian: (kind: NotificationKind): NotificationEntry[] =>
      guardianAfm ? [naming(row.eventId, match, guardianAfm, row.companionName)(kind)] : [],
    /** Whether the companion is someone other than the guardian (who needs no message from themselves). */
    companionIsOther: row.companionAfm !== row.guardian.afm,
  };
}

export async function transferNotice(tx: Pick<Db, 'select'>, transferId: string) {
  const [row] = await tx
    .select({
      ...matchColumns,
      fromAfm: transfers.fromAfm,
      toAfm: transfers.toAfm,
      toName: transfers.toName,
      holder: { firstName: holders.firstName, lastName: holders.lastName },
    })
    .from(transfers)
    .innerJoin(events, eq(events.id, transfers.fixtureId))
    .leftJoin(holders, eq(holders.afm, transfers.fromAfm))
    .where(eq(transfers.id, transferId));
  if (!row) throw new Error(`loan ${transferId} vanished within its own transaction`);
  const match = matchOf(row);
  return {
    /** To the recipient, naming the holder. */
    toRecipient: naming(row.eventId, match, row.toAfm, fullName(row.holder)),
    /** To the holder, naming the recipient. */
    toHolder: naming(row.eventId, match, row.fromAfm, row.toName),
  };
}

/**
 * A suspension entered or lifted, to each registry person it names who has an ΑΦΜ (issue #30: "when
 * the registry knows them"): until when, and which organisation to ask, as the wallet's notice says.
 * `SUSPENSION_CHANGED` is for one who stays suspended with other terms (docs/design.md §11): its
 * `suspension` is then what the wallet's notice shows now (`activeSuspensionOf`), the one ending last.
 */
export async function suspensionNotices(
  tx: Pick<Db, 'select'>,
  people: { afm: string | null }[],
  kind: 'SUSPENSION_ENTERED' | 'SUSPENSION_CHANGED' | 'SUSPENSION_LIFTED',
  suspension:
    { endDate: string; organisationId: string | null } | { endDate: string; organisationName: string | null },
): Promise<NotificationEntry[]> {
  const [organisation] =
    'organisationName' in suspension
      ? [{ name: suspension.organisationName }]
      : suspension.organisationId
        ? await tx
            .select({ name: organisations.name })
            .from(organisations)
            .where(eq(organisations.id, suspension.organisationId))
        : [];
  return people.flatMap((person) =>
    person.afm
      ? [
          {
            recipientAfm: person.afm,
            kind,
            eventId: null,
            params: { lastDay: suspension.endDate, organisationName: organisation?.name ?? null },
          },
        ]
      : [],
  );
}

/**
 * A ticket bound at a ticket office to a registry person's identity card, to that person (issue #30:
 * nobody has a ticket bound to them unawares): the match and the organisation whose office it was.
 * Never the document's number.
 */
export const ticketBoundNotice = (
  recipientAfm: string,
  ticket: { eventId: number; eventDescription: string; eventStartsAt: Date; venue: string; provider: string },
): NotificationEntry => ({
  recipientAfm,
  kind: 'TICKET_BOUND',
  eventId: ticket.eventId,
  params: { ...matchOf(ticket), organisationName: ticket.provider },
});

/**
 * The admissions among `admissionIds` of a minor who entered on their own ticket (not a loan's
 * recipient), to the guardian (issue #30: "… entered … at 19:42 with …"): the minor's first name,
 * the match, the time and the companion. The guardian is the one who named the accepted companion
 * (the declaration the gate checked); a minor who entered alone (ENTERS_ALONE_FROM_AGE and over, no
 * declaration) has the guardians the registry knows, who alone may carry the ticket (docs/design.md §11).
 * Read in the admission's transaction: none for an adult, and nothing at all when none is a minor's.
 */
export async function minorAdmittedNotices(
  tx: Pick<Db, 'select'>,
  admissionIds: string[],
): Promise<NotificationEntry[]> {
  if (admissionIds.length === 0) return [];
  const guardian = alias(citizens, 'guardian');
  const rows = await tx
    .select({
      ...matchColumns,
      admittedAt: gateAdmissions.admittedAt,
      minorFirstName: citizens.firstName,
      companionName: companionDeclarations.companionName,
      guardianAfm: guardian.afm,
    })
    .from(gateAdmissions)
    .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
    .innerJoin(events, eq(events.id, gateAdmissions.eventId))
    .innerJoin(citizens, registryHolderOfTicket)
    .leftJoin(transfers, entryGivingLoan(tickets.id, events.id))
    .leftJoin(
      companionDeclarations,
      and(eq(companionDeclarations.ticketId, tickets.id), eq(companionDeclarations.status, 'ACCEPTED')),
    )
    .leftJoin(guardianships, and(isNull(companionDeclarations.id), eq(guardianships.minorId, citizens.id)))
    .innerJoin(
      guardian,
      or(eq(guardian.id, companionDeclarations.guardianId), eq(guardian.id, guardianships.guardianId)),
    )
    .where(
      and(
        inArray(gateAdmissions.id, admissionIds),
        lt(ageToday(citizens), ADULT_AGE),
        isNull(transfers.id),
        isNotNull(guardian.afm),
      ),
    );
  return rows.map((row) => ({
    recipientAfm: row.guardianAfm as string,
    kind: 'MINOR_ADMITTED',
    eventId: row.eventId,
    params: {
      ...matchOf(row),
      minorFirstName: row.minorFirstName,
      otherName: row.companionName ?? '',
      admittedAt: row.admittedAt.toISOString(),
    },
  }));
}
