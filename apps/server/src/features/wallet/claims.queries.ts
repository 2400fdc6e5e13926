import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADULT_AGE } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { citizens, events, guardianships, tickets } from '../../db/schema';
import { athensToday } from '../../shared/athens-time';
import { auditedWith } from '../../shared/audit';
import { isUpcoming } from '../../shared/events';
import { ageToday } from '../../shared/people';

const minors = alias(citizens, 'minor');
const guardians = alias(citizens, 'guardian');

/** The ticket a claim names, with whether its event (a match until kick-off, a season until it ends) is ahead. */
export const findClaimedTicket = preparedQuery<{ publicCode: string }>()((db, p) =>
  db
    .select({
      id: tickets.id,
      publicCode: tickets.publicCode,
      holderAfm: tickets.holderAfm,
      holderAmka: tickets.holderAmka,
      documentId: tickets.documentId,
      seasonal: events.seasonal,
      upcoming: isUpcoming(events),
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.publicCode, p.publicCode))
    .limit(1)
    .prepare('find_claimed_ticket'),
);

/** The signed-in person in the registry: their ΑΜΚΑ, name and age today. */
export const findRegistryPerson = preparedQuery<{ afm: string }>()((db, p) =>
  db
    .select({
      afm: citizens.afm,
      amka: citizens.amka,
      firstName: citizens.firstName,
      lastName: citizens.lastName,
      age: ageToday(citizens),
    })
    .from(citizens)
    .where(eq(citizens.afm, p.afm))
    .limit(1)
    .prepare('find_registry_person'),
);

/**
 * One of the guardian's minors by ΑΜΚΑ: the registry of parents and minors, as GET /api/tickets/dependents/
 * lists them (minors today).
 */
export const findDependent = preparedQuery<{ guardianAfm: string; amka: string }>()((db, p) =>
  db
    .select({
      afm: minors.afm,
      amka: minors.amka,
      firstName: minors.firstName,
      lastName: minors.lastName,
    })
    .from(guardianships)
    .innerJoin(guardians, eq(guardians.id, guardianships.guardianId))
    .innerJoin(minors, eq(minors.id, guardianships.minorId))
    .where(
      and(
        eq(guardians.afm, p.guardianAfm),
        eq(minors.amka, p.amka),
        sql`${minors.birthDate} > (${athensToday} - make_interval(years => ${ADULT_AGE}))::date`,
      ),
    )
    .limit(1)
    .prepare('find_dependent'),
);

type BindParams = { id: number; holderAfm: string | null; holderAmka: string | null; fullName: string };

/**
 * Binds an unbound ticket to the person who will enter, with its audit row, in one statement: of two
 * people claiming at once exactly one UPDATE matches (the other finds it bound). Its `execute` takes the
 * audit row's actor, action, subject and request id; it answers the ticket's id, or nothing when the
 * ticket was bound meanwhile.
 */
export const bindToWallet = (tx: Pick<Db, 'update' | '$with' | 'with'>, p: BindParams) => {
  const bound = tx.$with('bound').as(
    tx
      .update(tickets)
      .set({
        holderAfm: p.holderAfm,
        holderAmka: p.holderAmka,
        fullName: p.fullName,
        binding: 'WALLET',
        personalizedAt: sql`now()`,
        modifiedAt: sql`now()`,
      })
      .where(
        and(
          eq(tickets.id, p.id),
          isNull(tickets.holderAfm),
          isNull(tickets.holderAmka),
          isNull(tickets.documentId),
        ),
      )
      .returning({ id: tickets.id }),
  );
  return tx.with(bound, auditedWith(tx, bound)).select().from(bound);
};
