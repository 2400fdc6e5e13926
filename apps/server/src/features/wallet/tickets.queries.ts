import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  citizens,
  events,
  guardianships,
  officers,
  organisations,
  tickets,
  transfers,
} from '../../db/schema';
import { ENTRY_GIVING_LOANS, entryGivingLoan } from '../../rules/entry';
import { isUpcoming } from '../../rules/events';
import { fullNameOf } from '../../rules/people';

const fixtures = alias(events, 'fixture');
const lenders = alias(citizens, 'lender');
const minors = alias(citizens, 'minor');

/** Only this ticket, when one is named (the answer to adding it). */
const onlyCode = (publicCode?: string) =>
  publicCode === undefined ? undefined : eq(tickets.publicCode, publicCode);

/** The person's own tickets to events still ahead (a season until it ends). */
export const listHeldTickets = (db: Db, afm: string, publicCode?: string) =>
  db
    .select({ ticket: tickets, event: events })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.holderAfm, afm), isUpcoming(events), onlyCode(publicCode)))
    .orderBy(asc(events.startsAt));

/** The tickets of the minors in the person's care, to events still ahead. */
export const listDependentsTickets = (db: Db, afm: string, publicCode?: string) =>
  db
    .select({
      ticket: tickets,
      event: events,
      dependentName: fullNameOf(minors),
    })
    .from(guardianships)
    .innerJoin(citizens, eq(citizens.id, guardianships.guardianId))
    .innerJoin(minors, eq(minors.id, guardianships.minorId))
    .innerJoin(tickets, eq(tickets.holderAmka, minors.amka))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(citizens.afm, afm), isUpcoming(events), onlyCode(publicCode)))
    .orderBy(asc(events.startsAt));

/** The fixtures not yet started that others lent the person, with the lender's name. */
export const listBorrowedFixtures = (db: Db, afm: string) =>
  db
    .select({
      ticket: tickets,
      fixture: fixtures,
      lentBy: fullNameOf(lenders),
    })
    .from(transfers)
    .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
    .innerJoin(fixtures, eq(fixtures.id, transfers.fixtureId))
    .leftJoin(lenders, eq(lenders.afm, transfers.fromAfm))
    .where(
      and(
        eq(transfers.toAfm, afm),
        inArray(transfers.status, ENTRY_GIVING_LOANS),
        gt(fixtures.startsAt, sql`now()`),
      ),
    )
    .orderBy(asc(fixtures.startsAt));

/** The upcoming fixtures of these season tickets' seasons, each with the recipient of a loan of it. */
export const listUpcomingFixtures = (db: Db, seasonTicketIds: number[]) =>
  db
    .select({ ticketId: tickets.id, fixture: fixtures, lentTo: transfers.toName })
    .from(tickets)
    .innerJoin(fixtures, eq(fixtures.seasonId, tickets.eventId))
    .leftJoin(transfers, entryGivingLoan(tickets.id, fixtures.id))
    .where(and(inArray(tickets.id, seasonTicketIds), gt(fixtures.startsAt, sql`now()`)))
    .orderBy(asc(fixtures.startsAt));

/** The person's ΑΜΚΑ in the registry, if they are in it. */
export async function findRegistryAmka(db: Db, afm: string): Promise<string | undefined> {
  const [person] = await db.select({ amka: citizens.amka }).from(citizens).where(eq(citizens.afm, afm));
  return person?.amka;
}

/**
 * The suspension pre-checks and searches that matched the person (their audit rows name the people
 * matched by the digests of their keys, `digests`), with the acting officer's club, newest first.
 */
export const listSuspensionChecksOf = (db: Db, digests: string[], limit: number) =>
  db
    .select({ action: auditLog.action, organisation: organisations.name, at: auditLog.at })
    .from(auditLog)
    .leftJoin(officers, eq(officers.afm, auditLog.actor))
    .leftJoin(organisations, eq(organisations.id, officers.organisationId))
    .where(
      and(
        inArray(auditLog.action, ['SUSPENSION_PRECHECK', 'SUSPENSION_SEARCH']),
        sql`(${auditLog.details} -> 'people') ?| ${sql.param(digests)}::text[]`,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);

/** The audit rows of these actions on the person's tickets, with the acting officer's club, newest first. */
export const listTicketAuditOf = (db: Db, afm: string, actions: string[], limit: number) =>
  db
    .select({
      ticketCode: auditLog.subject,
      action: auditLog.action,
      organisation: organisations.name,
      at: auditLog.at,
    })
    .from(auditLog)
    .innerJoin(tickets, eq(tickets.publicCode, auditLog.subject))
    .leftJoin(officers, eq(officers.afm, auditLog.actor))
    .leftJoin(organisations, eq(organisations.id, officers.organisationId))
    .where(and(eq(tickets.holderAfm, afm), inArray(auditLog.action, actions)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
