import {
  and,
  between,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { statusNumberAt } from '@tickets/domain';
import type { Db } from '../../db/client';
import { events, issuedCredentials, tickets, transfers, walletCredentials } from '../../db/schema';
import { ENTRY_GIVING_LOANS } from '../../rules/entry';
import { isOver } from '../../rules/events';
import { directKeysOf, isSuspendedWhere } from '../../rules/suspensions';

/**
 * The status of the tickets an EU wallet holds (docs/design.md §12): the issuer publishes it in its
 * status lists (status-lists.service.ts), the gate reads it for a presented credential
 * (eu-wallet/verifier/presentations.service.ts). A credential sits at its status number's place, drawn
 * at random when it was issued (status-places.ts).
 */
export const statusListPath = (listId: number) => `/api/wallet/oid4vci/status-lists/${listId}`;

/** Where the ticket `vct`'s type metadata is served; the `vct` is that URL, the issuer's. */
export const TICKET_TYPE_PATH = '/api/wallet/oid4vci/types/ticket';
/** The ticket's `vct`: the credential the issuer signs and the gate asks for. */
export const ticketVct = (issuer: string) => `${issuer}${TICKET_TYPE_PATH}`;

/** Where the issuer's status lists are: list `n` at this prefix and `n`. */
export const statusListsPrefix = (issuer: string) => `${issuer}${statusListPath(0).replace(/0$/, '')}`;

/** The status number of a status entry of the issuer's lists; none for another list. */
export const statusNumberOf = (issuer: string, entry: { uri: string; idx: number }) =>
  statusNumberAt(statusListsPrefix(issuer), entry);

const scopeEvents = alias(events, 'scope_event');
const loans = alias(transfers, 'loan');
const later = alias(issuedCredentials, 'later');

/** A credential's status as the platform works it out; the public list shows only VALID and INVALID (status-lists.service.ts). */
export const CREDENTIAL_STATUS = { VALID: 0, INVALID: 1, SUSPENDED: 2 } as const;

/**
 * Whether a credential of `credentials` (an EU wallet's, or a phone's) was issued to the same person
 * for the same ticket and event as this one, `newer` than it.
 */
const newerCredentialExists = (
  db: Pick<Db, 'select'>,
  credentials: typeof later | typeof walletCredentials,
  newer: SQL,
) =>
  exists(
    db
      .select({ id: credentials.id })
      .from(credentials)
      .where(
        and(
          eq(credentials.ticketId, issuedCredentials.ticketId),
          eq(credentials.scopeEventId, issuedCredentials.scopeEventId),
          eq(credentials.issuedTo, issuedCredentials.issuedTo),
          newer,
        ),
      ),
  );

/**
 * The credential no longer stands for the binding it was issued for (docs/design.md §12), for good:
 * the ticket was printed again (a reprint), bound to someone else, or its event is over; a newer
 * credential (an EU wallet's or a phone's) was issued to the same person for the same ticket and event
 * (a new phone); a loan of it started, ended or became a transfer after it was issued (for a
 * recipient's credential: its own loan changed, or no longer gives the entry). Each is a comparison of
 * what was kept at issuance with the rows as they are now, and none of them can turn back.
 */
const noLongerTheBinding = (db: Pick<Db, 'select'>): SQL =>
  or(
    ne(tickets.codeSerial, issuedCredentials.codeSerial),
    sql`${tickets.holderAfm} is distinct from ${issuedCredentials.holderAfm}`,
    sql`${tickets.holderAmka} is distinct from ${issuedCredentials.holderAmka}`,
    isOver(scopeEvents),
    newerCredentialExists(db, later, gt(later.id, issuedCredentials.id)),
    newerCredentialExists(db, walletCredentials, gt(walletCredentials.createdAt, issuedCredentials.issuedAt)),
    exists(
      db
        .select({ id: transfers.id })
        .from(transfers)
        .where(
          and(
            eq(transfers.ticketId, issuedCredentials.ticketId),
            inArray(transfers.status, [...ENTRY_GIVING_LOANS, 'REVERTED']),
            gt(transfers.updatedAt, issuedCredentials.issuedAt),
            sql`(${issuedCredentials.transferId} is null or ${transfers.id} = ${issuedCredentials.transferId})`,
          ),
        ),
    ),
    and(isNotNull(issuedCredentials.transferId), notInArray(loans.status, [...ENTRY_GIVING_LOANS])),
  ) as SQL;

/**
 * The one who enters with it is suspended today (the rule of docs/design.md §9): the loan's recipient
 * for a recipient's credential, else the ticket's holder (a minor, for a minor's ticket). Lifted or
 * ended, the credential is valid again: hence SUSPENDED, not INVALID.
 */
const entrantSuspended = (db: Db) => {
  const lent = sql`${issuedCredentials.transferId} is not null`;
  const afm = sql`(case when ${lent} then ${loans.toAfm} else ${tickets.holderAfm} end)`;
  const amka = sql`(case when ${lent} then null else ${tickets.holderAmka} end)`;
  const documentKey = sql`(case when ${lent} then null else ${tickets.documentKey} end)`;
  return isSuspendedWhere(db, directKeysOf(afm, amka, documentKey), afm, amka, documentKey);
};

/** A credential's status, worked out from what it was issued for and the binding now. */
const statusesWhere = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: issuedCredentials.id,
      statusNumber: issuedCredentials.statusNumber,
      ticketId: issuedCredentials.ticketId,
      status: sql<number>`(case when ${noLongerTheBinding(db)} then ${CREDENTIAL_STATUS.INVALID}
        when ${entrantSuspended(db)} then ${CREDENTIAL_STATUS.SUSPENDED}
        else ${CREDENTIAL_STATUS.VALID} end)::int`,
    })
    .from(issuedCredentials)
    .innerJoin(tickets, eq(tickets.id, issuedCredentials.ticketId))
    .innerJoin(scopeEvents, eq(scopeEvents.id, issuedCredentials.scopeEventId))
    .leftJoin(loans, eq(loans.id, issuedCredentials.transferId))
    .where(where);

/**
 * The status of every credential with a status number in the range (one status list, when it is
 * served; one credential, when it is presented), in one statement.
 */
export const listCredentialStatuses = (db: Db, range: { from: number; to: number }) =>
  statusesWhere(db, between(issuedCredentials.statusNumber, range.from, range.to));

/**
 * The status of every credential issued for these events (a fixture and its season) and tickets, by
 * the same rule: what the fixture's offline manifest carries of them
 * (features/gate/manifest/manifest-entries.ts).
 */
export const credentialStatusesFor = (db: Db, scopeEventIds: number[], ticketIds: number[]) =>
  statusesWhere(
    db,
    and(
      inArray(issuedCredentials.scopeEventId, scopeEventIds),
      inArray(issuedCredentials.ticketId, ticketIds),
    ),
  );
