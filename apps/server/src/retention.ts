import { and, inArray, isNotNull, isNull, lte, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import { DEFAULT_SUSPENSION_RETENTION_DAYS } from './config';
import type { Db } from './db/client';
import {
  companionDeclarations,
  events,
  notifications,
  suspensionKeys,
  suspensions,
  tickets,
  transfers,
  presentationRequests,
  walletCredentials,
  issuedCredentials,
  credentialOffers,
} from './db/schema';
import { athensToday } from './shared/athens-time';
import { audit } from './shared/audit';
import { eventEnd } from './rules/events';
import { eraseExpiredAuditDetails } from './retention-audit';

/**
 * Retention of personal data (GDPR art. 5(1)(e), README "Retention of personal data"): once an event
 * ended more than the configured days ago, the holders, companions and loans of its tickets are
 * erased; seats, codes, statuses and timestamps stay, so counts and the audit trail still add up.
 * main.ts runs this with the periodic purge.
 */

/** Any fixed number (not the migrations'): of several processes, one erases at a time. */
const RETENTION_LOCK_KEY = 4_817_202_612;

/**
 * What an erased NOT NULL column holds: the columns stay as they are (no migration), and an empty
 * string can be no one's ΑΦΜ or name, so no lookup by person finds an erased row.
 */
const ERASED_TEXT = '';

/** What a step needs of the run's transaction. */
type Tx = Pick<Db, 'select' | 'update' | 'delete' | 'execute'>;

export interface ErasedCounts {
  tickets: number;
  declarations: number;
  transfers: number;
  walletCredentials: number;
  /** EU-wallet credentials and their offers whose ΑΦΜ and ΑΜΚΑ were erased (docs/design.md §12). */
  issuedCredentials: number;
  /** The gate's OpenID4VP requests, whose answers hold the disclosed claims (docs/design.md §12). */
  presentationRequests: number;
  notifications: number;
  suspensions: number;
  auditRows: number;
}

/** The events that ended more than `days` ago, as a subquery. */
function eventsEndedBefore(tx: Tx, days: number) {
  return tx
    .select({ id: events.id })
    .from(events)
    .where(lte(eventEnd(events), sql`now() - make_interval(days => ${days})`));
}

type EventIds = ReturnType<typeof eventsEndedBefore>;

/**
 * Erasing the columns `names` of `table`: `values` sets each to `erased`, and `left` holds where one
 * of them still holds anything else (so a second run neither writes nor counts the row again).
 */
function erasure<Name extends string, Erased extends string | null>(
  table: Record<NoInfer<Name>, Column>,
  names: readonly Name[],
  erased: Erased,
) {
  const notErased = (column: Column) => (erased === null ? isNotNull(column) : ne(column, erased));
  return {
    values: Object.fromEntries(names.map((name) => [name, erased])) as Record<Name, Erased>,
    left: or(...names.map((name) => notErased(table[name]))) as SQL,
  };
}

async function eraseTickets(tx: Tx, ended: EventIds): Promise<number> {
  const holder = erasure(
    tickets,
    ['holderAfm', 'holderAmka', 'fullName', 'documentType', 'documentId', 'documentKey', 'privateCode'],
    null,
  );
  const erased = await tx
    .update(tickets)
    .set(holder.values)
    .where(and(inArray(tickets.eventId, ended), holder.left))
    .returning({ id: tickets.id });
  return erased.length;
}

/** A declaration is of its ticket's event (a season ticket's: of the season). */
async function eraseDeclarations(tx: Tx, ended: EventIds): Promise<number> {
  const endedTickets = tx.select({ id: tickets.id }).from(tickets).where(inArray(tickets.eventId, ended));
  const companion = erasure(companionDeclarations, ['companionAfm', 'companionName'], ERASED_TEXT);
  const erased = await tx
    .update(companionDeclarations)
    .set(companion.values)
    .where(and(inArray(companionDeclarations.ticketId, endedTickets), companion.left))
    .returning({ id: companionDeclarations.id });
  return erased.length;
}

/** A loan is of its fixture: erased once the fixture is past, even while its season goes on. */
async function eraseTransfers(tx: Tx, ended: EventIds): Promise<number> {
  const people = erasure(transfers, ['fromAfm', 'toAfm', 'toName'], ERASED_TEXT);
  const erased = await tx
    .update(transfers)
    .set(people.values)
    .where(and(inArray(transfers.fixtureId, ended), people.left))
    .returning({ id: transfers.id });
  return erased.length;
}

/** A phone's credential names whose wallet it is: gone once the event it admits to is past. */
async function deleteWalletCredentials(tx: Tx, ended: EventIds): Promise<number> {
  const deleted = await tx
    .delete(walletCredentials)
    .where(inArray(walletCredentials.scopeEventId, ended))
    .returning({ id: walletCredentials.id });
  return deleted.length;
}

/**
 * An EU wallet's credential row keeps who asked for it and the holder it was issued for (its status's
 * comparison, docs/design.md §12), and its offer who asked: erased with the event they admit to (the
 * status is INVALID by then, the event being over). Counted by credential.
 */
async function eraseIssuedCredentials(tx: Tx, ended: EventIds): Promise<number> {
  const issued = erasure(issuedCredentials, ['holderAfm', 'holderAmka'], null);
  const erased = await tx
    .update(issuedCredentials)
    .set({ ...issued.values, issuedTo: ERASED_TEXT })
    .where(
      and(
        inArray(issuedCredentials.scopeEventId, ended),
        or(issued.left, ne(issuedCredentials.issuedTo, ERASED_TEXT)),
      ),
    )
    .returning({ id: issuedCredentials.id });
  await tx
    .update(credentialOffers)
    .set({ issuedTo: ERASED_TEXT })
    .where(and(inArray(credentialOffers.scopeEventId, ended), ne(credentialOffers.issuedTo, ERASED_TEXT)));
  return erased.length;
}

/** A gate's OpenID4VP request keeps what the wallet disclosed (a name, a seat): gone with its event. */
async function deletePresentationRequests(tx: Tx, ended: EventIds): Promise<number> {
  const deleted = await tx
    .delete(presentationRequests)
    .where(inArray(presentationRequests.eventId, ended))
    .returning({ id: presentationRequests.id });
  return deleted.length;
}

/**
 * A notification names people and their match (issue #30 item 7): gone with its event's personal
 * data. A delivery job left for it finds nothing and sends nothing.
 */
async function deleteNotifications(tx: Tx, ended: EventIds, days: number): Promise<number> {
  const deleted = await tx
    .delete(notifications)
    .where(
      or(
        inArray(notifications.eventId, ended),
        // One of no event (a suspension's): the same period, from when it was written.
        and(
          isNull(notifications.eventId),
          lte(notifications.createdAt, sql`now() - make_interval(days => ${days})`),
        ),
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}

/**
 * A suspension that ended (its last day) or was lifted more than `days` ago loses what names the person:
 * its identifiers and identity details, and its keys (so it can match no one). The row stays with its
 * id, dates, organisation and who entered and lifted it, which the audit trail's rows refer to.
 */
async function eraseEndedSuspensions(tx: Tx, days: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const ended = or(
    sql`${suspensions.endDate} < (${athensToday} - make_interval(days => ${days}))::date`,
    and(sql`not ${suspensions.active}`, lte(suspensions.deletedAt, cutoff)),
  ) as SQL;
  const keysOfEnded = tx.select({ id: suspensions.id }).from(suspensions).where(ended);
  const deletedKeys = await tx
    .delete(suspensionKeys)
    .where(inArray(suspensionKeys.suspensionId, keysOfEnded))
    .returning({ id: suspensionKeys.suspensionId });
  const person = erasure(
    suspensions,
    ['afm', 'amka', 'documentId', 'firstName', 'fathersName', 'lastName', 'dateOfBirth'],
    null,
  );
  const erased = await tx
    .update(suspensions)
    .set(person.values)
    .where(and(ended, person.left))
    .returning({ id: suspensions.id });
  return new Set([...erased.map((row) => row.id), ...deletedKeys.map((row) => row.id)]).size;
}

async function takeRetentionLock(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as taken`);
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: { taken: boolean }[] }).rows;
  return row?.taken === true;
}

/**
 * Erases what is past retention, in one transaction under an advisory lock: a second process that
 * runs at the same time finds the lock taken and answers null; a later run finds nothing left and
 * erases nothing. A run that erased something writes one audit row with its counts (docs/design.md
 * §2: every write has its audit row; a run that wrote nothing has none, or the log would grow by a
 * row per process every quarter of an hour).
 */
export async function eraseExpiredPersonalData(
  db: Db,
  retentionDays: number,
  suspensionRetentionDays = DEFAULT_SUSPENSION_RETENTION_DAYS,
): Promise<ErasedCounts | null> {
  return db.transaction(async (tx) => {
    if (!(await takeRetentionLock(tx))) return null;
    const ended = eventsEndedBefore(tx, retentionDays);
    const counts: ErasedCounts = {
      tickets: await eraseTickets(tx, ended),
      declarations: await eraseDeclarations(tx, ended),
      transfers: await eraseTransfers(tx, ended),
      walletCredentials: await deleteWalletCredentials(tx, ended),
      issuedCredentials: await eraseIssuedCredentials(tx, ended),
      presentationRequests: await deletePresentationRequests(tx, ended),
      notifications: await deleteNotifications(tx, ended, retentionDays),
      suspensions: await eraseEndedSuspensions(tx, suspensionRetentionDays),
      auditRows: await eraseExpiredAuditDetails(tx, retentionDays),
    };
    if (Object.values(counts).some((count) => count > 0)) {
      await audit(tx, {
        actor: 'system',
        action: 'PERSONAL_DATA_ERASE',
        details: { retentionDays, suspensionRetentionDays, ...counts },
      });
    }
    return counts;
  });
}
