import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { IDENTITY_KEY_PREFIX } from '@tickets/domain';
import { rowsOf, type Db } from '../../../db/client';
import {
  citizens,
  companionDeclarations,
  events,
  gateManifestChanges,
  guardianships,
  suspensionKeys,
  suspensions,
  tickets,
  transfers,
  walletCredentials,
} from '../../../db/schema';
import { entryGivingLoan } from '../../../rules/entry';
import { eventEnd } from '../../../rules/events';
import { ageToday, fullNameOf, registryHolderOfTicket } from '../../../rules/people';
import { activeSuspensionCondition, directKeysOf, registryKeysOf } from '../../../rules/suspensions';
import { shownAtTheGate } from '../shown-at-the-gate';

/** A match (not a season) of the device's club, with when it starts and ends (its manifest's and its uploads' window). */
export async function findMatchOfClub(db: Db, eventId: number, organisationId: string) {
  const [event] = await db
    .select({
      id: events.id,
      seasonId: events.seasonId,
      startsAt: events.startsAt,
      endsAt: eventEnd(events),
      cancelledAt: events.cancelledAt,
    })
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

/**
 * Which tickets of a reading (manifest.service.ts): `ids` (those changed since the last), or a page
 * of all of them in id order (`after` the last id read, at most `limit`), so that no reading parses a
 * full stadium's rows at once.
 */
export type TicketsRead = { ids: number[] } | { after: number; limit: number };

/** The tickets that admit to the match (its own, its season's), with who enters by each. */
export async function ticketsAdmitting(db: Db, eventId: number, admitting: number[], which: TicketsRead) {
  // The guardian is the registry table again, under another name, inside a subquery.
  const afmColumn = sql.identifier(citizens.afm.name);
  const idColumn = sql.identifier(citizens.id.name);
  const lent = sql`${transfers.toAfm} is not null`;
  const query = db
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
      // Who enters (the rule of admission/admissions.service.ts): a loan's recipient, known by ΑΦΜ;
      // else the holder.
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
    .where(
      and(
        inArray(tickets.eventId, admitting),
        'ids' in which ? inArray(tickets.id, which.ids) : gt(tickets.id, which.after),
      ),
    )
    // In id order: a page ends at its last ticket's id (a ticket's extra rows past it are dropped
    // anyway: one row per ticket, manifest-entries.ts).
    .orderBy(tickets.id)
    .$dynamic();
  return 'ids' in which ? query : query.limit(which.limit);
}

export type TicketRow = Awaited<ReturnType<typeof ticketsAdmitting>>[number];

/** The wallet credentials of those tickets (`ticketIds`) for the match or its season, revoked ones too. */
export const walletCredentialsAdmitting = (db: Db, admitting: number[], ticketIds: number[]) =>
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
    .where(
      and(
        inArray(walletCredentials.scopeEventId, admitting),
        inArray(tickets.eventId, admitting),
        inArray(tickets.id, ticketIds),
      ),
    )
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

/**
 * The position a reading applies changes up to (docs/design.md §8 "A reading follows changes"): its
 * snapshot (`pg_current_snapshot()`, as text), which says which transactions it sees. The next
 * reading applies the changes of the transactions it sees and this one did not, whatever the order
 * their ids were taken in. Asked first in the reading's repeatable-read transaction, whose snapshot it is.
 */
export async function snapshotPosition(db: Db): Promise<string> {
  const [row] = rowsOf<{ position: string }>(
    await db.execute(sql`select pg_current_snapshot()::text as position`),
  );
  if (!row) throw new Error('No snapshot.');
  return row.position;
}

/**
 * The tickets of the fixture (`admitting`: its event and season) that the changes seen by this
 * reading's snapshot and not by the snapshot `from` name (gate_manifest_changes, written by
 * triggers: migration 0028; every transaction below `from`'s xmin was seen by it): a ticket's own
 * rows directly; a suspension's or the registry's identity keys through the tickets whose entrant
 * (holder or loan recipient) or companion they name, or the registry links them to. In the database,
 * one statement: the fixture's tickets are not brought to the server to be matched. `gone`: the codes
 * of tickets changed that admit to another event now (moved, or never this fixture's): a book that
 * holds their entries drops them.
 */
export async function changedTickets(
  db: Db,
  admitting: number[],
  from: string,
): Promise<{ ids: number[]; gone: string[]; changes: number }> {
  const prefix = IDENTITY_KEY_PREFIX;
  const rows = rowsOf<{
    id: string | null;
    public_code: string | null;
    admits: boolean | null;
    changes: string;
  }>(
    await db.execute(sql`
    with changed as (
      select ${gateManifestChanges.ticketId} as ticket_id, ${gateManifestChanges.identityKey} as key
      from ${gateManifestChanges}
      where ${gateManifestChanges.xid} >= (pg_snapshot_xmin(${from}::pg_snapshot)::text)::bigint
        and not pg_visible_in_snapshot((${gateManifestChanges.xid}::text)::xid8, ${from}::pg_snapshot)),
    named as (select distinct key from changed where key is not null),
    -- A registry's person met by a key stands for all their keys (the rule's registry half).
    linked as (
      select key from named
      union
      select person.key from ${citizens} as citizen
        cross join lateral unnest(array[${prefix.afm}::text || citizen.afm, ${prefix.amka}::text || citizen.amka,
          ${prefix.document}::text || citizen.identity_card_key]) as person (key)
      where person.key is not null and (${prefix.afm}::text || citizen.afm in (select key from named)
        or ${prefix.amka}::text || citizen.amka in (select key from named)
        or ${prefix.document}::text || citizen.identity_card_key in (select key from named))),
    affected as (
      select ticket_id as id from changed where ticket_id is not null
      union
      select ticket.id from ${tickets} as ticket
      where exists (select 1 from linked) and ticket.event_id = any(${sql.param(admitting)}::bigint[]) and (
        ${prefix.afm}::text || ticket.holder_afm in (select key from linked)
        or ${prefix.amka}::text || ticket.holder_amka in (select key from linked)
        or ${prefix.document}::text || ticket.document_key in (select key from linked)
        or exists (select 1 from ${transfers} as loan where loan.ticket_id = ticket.id
          and ${prefix.afm}::text || loan.to_afm in (select key from linked))
        or exists (select 1 from ${companionDeclarations} as companion where companion.ticket_id = ticket.id
          and ${prefix.afm}::text || companion.companion_afm in (select key from linked))))
    select ticket.id, ticket.public_code, ticket.event_id = any(${sql.param(admitting)}::bigint[]) as admits,
      (select count(*) from changed) as changes
    from (select 1) as one
    left join ${tickets} as ticket on ticket.id in (select id from affected)
    order by ticket.id`),
  );
  return {
    ids: rows.flatMap((row) => (row.id !== null && row.admits ? [Number(row.id)] : [])),
    gone: rows.flatMap((row) => (row.public_code !== null && row.admits === false ? [row.public_code] : [])),
    changes: Number(rows[0]?.changes ?? 0),
  };
}
