import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  citizens,
  companionDeclarations,
  events,
  guardianships,
  suspensionKeys,
  suspensions,
  tickets,
  transfers,
  walletCredentials,
} from '../../db/schema';
import { entryGivingLoan } from '../../rules/entry';
import { eventEnd } from '../../rules/events';
import { ageToday, fullNameOf, registryHolderOfTicket } from '../../rules/people';
import { activeSuspensionCondition, directKeysOf, registryKeysOf } from '../../rules/suspensions';
import { shownAtTheGate } from './admissions.queries';

/** A match (not a season) of the device's club, with when it starts and ends (its manifest's and its uploads' window). */
export async function findMatchOfClub(db: Db, eventId: number, organisationId: string) {
  const [event] = await db
    .select({ id: events.id, seasonId: events.seasonId, startsAt: events.startsAt, endsAt: eventEnd(events) })
    .from(events)
    .where(
      and(eq(events.id, eventId), eq(events.organisationId, organisationId), eq(events.seasonal, false)),
    );
  return event && { ...event, endsAt: new Date(event.endsAt) };
}

/**
 * A person's identity keys as the suspension rule meets them (rules/suspensions.ts): their own keys
 * and the ΑΦΜ, ΑΜΚΑ and identity card the registry links to them. The service meets them against the
 * suspended keys and marks the entry, so offline the device refuses whom the server would.
 */
const keysOf = (afm: SQL, amka: SQL, documentKey: SQL) =>
  sql<
    (string | null)[]
  >`array_cat(${directKeysOf(afm, amka, documentKey)}, ${registryKeysOf(afm, amka, documentKey)})`;

/** The tickets that admit to the match (its own, its season's), with who enters by each. */
export async function ticketsAdmitting(db: Db, eventId: number, admitting: number[]) {
  // The guardian is the registry table again, under another name, inside a subquery.
  const afmColumn = sql.identifier(citizens.afm.name);
  const idColumn = sql.identifier(citizens.id.name);
  const lent = sql`${transfers.toAfm} is not null`;
  return (
    db
      .select({
        id: tickets.id,
        publicCode: tickets.publicCode,
        holderAfm: tickets.holderAfm,
        privateCode: tickets.privateCode,
        codeSerial: tickets.codeSerial,
        ...shownAtTheGate,
        registryName: sql<string | null>`${fullNameOf(citizens)}`,
        age: ageToday(citizens),
        loanAfm: transfers.toAfm,
        loanName: transfers.toName,
        // Who enters (the rule of admissions.service.ts): a loan's recipient, known by ΑΦΜ; else the holder.
        entrantKeys: sql<(string | null)[]>`case when ${lent}
        then ${keysOf(sql`${transfers.toAfm}`, sql`null::text`, sql`null::text`)}
        else ${keysOf(sql`${tickets.holderAfm}`, sql`${tickets.holderAmka}`, sql`${tickets.documentKey}`)} end`,
        // A young holder known only by ΑΜΚΑ is carried in a guardian's wallet.
        guardianAfms: sql<string[]>`case when ${tickets.holderAfm} is null then array(
        select guardian.${afmColumn} from ${guardianships}
          join ${citizens} as guardian on guardian.${idColumn} = ${guardianships.guardianId}
          where ${guardianships.minorId} = ${citizens.id} and guardian.${afmColumn} is not null)
        else '{}'::text[] end`,
        companionName: companionDeclarations.companionName,
        companionAfm: companionDeclarations.companionAfm,
        companionKeys: keysOf(sql`${companionDeclarations.companionAfm}`, sql`null::text`, sql`null::text`),
      })
      .from(tickets)
      .leftJoin(citizens, registryHolderOfTicket)
      .leftJoin(transfers, entryGivingLoan(tickets.id, eventId))
      .leftJoin(
        companionDeclarations,
        and(eq(companionDeclarations.ticketId, tickets.id), eq(companionDeclarations.status, 'ACCEPTED')),
      )
      .where(inArray(tickets.eventId, admitting))
      // In a stable order, so that the same data gives the same digest (below) on every call.
      .orderBy(tickets.id)
  );
}

export type TicketRow = Awaited<ReturnType<typeof ticketsAdmitting>>[number];

/** The wallet credentials of those tickets for the match or its season, revoked ones too. */
export const walletCredentialsAdmitting = (db: Db, admitting: number[]) =>
  db
    .select({
      id: walletCredentials.id,
      ticketId: walletCredentials.ticketId,
      issuedTo: walletCredentials.issuedTo,
      credential: walletCredentials.credential,
      revoked: sql<boolean>`${walletCredentials.revokedAt} is not null`,
    })
    .from(walletCredentials)
    .innerJoin(tickets, eq(tickets.id, walletCredentials.ticketId))
    .where(and(inArray(walletCredentials.scopeEventId, admitting), inArray(tickets.eventId, admitting)))
    .orderBy(walletCredentials.id);

/**
 * Of `keys`, those an active suspension names today: the rule of rules/suspensions.ts, given keys
 * already extended by the registry (so no ΑΦΜ or ΑΜΚΑ to link).
 */
export const suspendedKeysAmong = (db: Db, keys: string[]) =>
  db
    .selectDistinct({ key: suspensionKeys.key })
    .from(suspensionKeys)
    .innerJoin(suspensions, eq(suspensions.id, suspensionKeys.suspensionId))
    .where(activeSuspensionCondition(sql`${sql.param(keys)}::text[]`, sql`null::text`, sql`null::text`))
    .orderBy(suspensionKeys.key);
