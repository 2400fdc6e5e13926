import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADULT_AGE, IDENTITY_KEY_PREFIX } from '@tickets/domain';
import { preparedQuery } from '../../db/prepared';
import { citizens, events, guardianships, tickets } from '../../db/schema';
import { athensToday } from '../../shared/athens-time';
import { auditedWith, type AuditedParams } from '../../shared/audit';
import { isUpcoming } from '../../rules/events';
import { mayBindTicket } from '../../rules/fixtures';
import { ageToday } from '../../rules/people';
import { isSuspendedWhere } from '../../rules/suspensions';

const minors = alias(citizens, 'minor');
const guardians = alias(citizens, 'guardian');
/** The signed-in person in the registry (aliased: the suspension rule reads `citizens` itself). */
const person = alias(citizens, 'person');

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

type ClaimParams = { publicCode: string; afm: string };

/**
 * What a claim with the right code reads before it binds, in one statement (one round trip where there
 * were five): the ticket as `findClaimedTicket` reads it (nulls when there is none), and the signed-in
 * person in the registry (their ΑΜΚΑ, name and age today), with whether they are suspended (the
 * rule of `activeSuspensionOf` for their ΑΦΜ and the registry's ΑΜΚΑ). The service still decides in
 * its order: a value read here says nothing until the checks before it have passed.
 */
export const findClaim = preparedQuery<ClaimParams>()((db, p) =>
  db
    .select({
      id: tickets.id,
      holderAfm: tickets.holderAfm,
      holderAmka: tickets.holderAmka,
      documentId: tickets.documentId,
      seasonal: events.seasonal,
      upcoming: isUpcoming(events),
      personAmka: person.amka,
      personFirstName: person.firstName,
      personLastName: person.lastName,
      personAge: ageToday(person),
      personSuspended: isSuspendedWhere(
        db,
        sql`array[${IDENTITY_KEY_PREFIX.afm}::text || ${p.afm}::text, ${IDENTITY_KEY_PREFIX.amka}::text || ${person.amka}]`,
        sql`${p.afm}::text`,
        sql`${person.amka}`,
      ),
    })
    .from(sql`(select 1) as claim`)
    .leftJoin(tickets, eq(tickets.publicCode, p.publicCode))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(person, eq(person.afm, p.afm))
    .limit(1)
    .prepare('find_claim'),
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

type BindParams = AuditedParams & {
  id: number;
  holderAfm: string | null;
  holderAmka: string | null;
  fullName: string;
};

/**
 * Binds an unbound ticket to the person who will enter, with its audit row, in one statement and one
 * commit: of two people claiming at once exactly one UPDATE matches (the other finds it bound), and
 * it matches only when the person holds no other ticket of its fixture (`mayBindTicket`, which takes
 * the person's turn). It answers the bound ticket with its event, as the wallet lists them (the answer
 * is made of it), or nothing when the ticket was bound meanwhile or the person holds its fixture.
 */
export const bindToWallet = preparedQuery<BindParams>()((db, p) => {
  const value = (placeholder: (typeof p)[keyof BindParams]) => sql`${placeholder}`;
  const bound = db.$with('bound').as(
    db
      .update(tickets)
      .set({
        holderAfm: value(p.holderAfm),
        holderAmka: value(p.holderAmka),
        fullName: value(p.fullName),
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
          mayBindTicket(p.id, { afm: p.holderAfm, amka: p.holderAmka, documentKey: sql`null` }),
        ),
      )
      .returning({
        id: tickets.id,
        eventId: tickets.eventId,
        publicCode: tickets.publicCode,
        sector: tickets.sector,
        gate: tickets.gate,
        row: tickets.row,
        seat: tickets.seat,
        seasonal: tickets.seasonal,
      }),
  );
  return db
    .with(bound, auditedWith(db, bound))
    .select({
      ticket: {
        id: bound.id,
        publicCode: bound.publicCode,
        sector: bound.sector,
        gate: bound.gate,
        row: bound.row,
        seat: bound.seat,
        seasonal: bound.seasonal,
      },
      event: {
        id: events.id,
        description: events.description,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        venue: events.venue,
        seasonal: events.seasonal,
        cancelledAt: events.cancelledAt,
      },
    })
    .from(bound)
    .innerJoin(events, eq(events.id, bound.eventId))
    .prepare('bind_to_wallet');
});
