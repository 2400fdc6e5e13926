import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMISSION_UNDO_MINUTES, GATES_OPEN_MINUTES_BEFORE } from '@tickets/domain';
import type { Db } from '../../../db/client';
import { preparedQuery } from '../../../db/prepared';
import {
  citizens,
  companionDeclarations,
  events,
  gateAdmissions,
  gateDevices,
  guardianships,
  issuedCredentials,
  tickets,
  transfers,
  walletCredentials,
} from '../../../db/schema';
import { auditedRowsWith } from '../../../shared/audit';
import { entryGivingLoan } from '../../../rules/entry';
import { eventEnd } from '../../../rules/events';
import { ageToday, fullNameOf, registryHolderOfTicket } from '../../../rules/people';
import { directKeysOf, isSuspendedWhere } from '../../../rules/suspensions';
import { shownAtTheGate } from '../shown-at-the-gate';

/**
 * What the scan is given: the code as scanned, the event at the gate, the device (authenticated
 * before the body was read), and what a signed code claims to be (a paper code's ticket and print serial, a wallet
 * code's credential; null for a random code).
 */
type ScanParams = {
  code: string;
  eventId: number;
  deviceId: string;
  printTicket: string | null;
  printSerial: number | null;
  credentialId: number | null;
  /** The phone key a wallet code's credential names: only the one registered for that credential is it. */
  devicePublicKey: string | null;
  /**
   * An EU wallet's credential, from a verified OpenID4VP presentation (eu-wallet/verifier/presentations.service.ts): its
   * id (from its status entry) and the thumbprint of the key its key-binding JWT was signed with.
   */
  presentedCredentialId: number | null;
  presentedKeyThumbprint: string | null;
  /**
   * The scan's idempotency key (docs/design.md §8, "A scan is answered once"): the admission this
   * device recorded with it, of this ticket and event, is the answer to a retry. Null: none sent.
   */
  idempotencyKey: string | null;
};

/**
 * Everything the decision needs, in one prepared statement (one round trip): the device's club, the event, the scanned
 * code (a print, or a wallet's credential: one or the other) if it is a ticket of the device's club,
 * its holder in the registry, a loan of this fixture, whether a wallet code's bearer is the young
 * holder's guardian, a minor's accepted companion, a first admission, and whether the one who enters
 * or the companion is suspended (the rule of rules/suspensions.ts, asked inside the statement).
 */
type ScanSource = 'print' | 'credential';

/** A time as a driver answers it (a Date, or text from a computed column). */
const asDate = (value: Date | string) => new Date(value);

export const scanQuery = preparedQuery<ScanParams>()((db, p) => {
  const code = sql`${p.code}::text`;
  const eventId = sql`${p.eventId}::bigint`;
  const device = alias(gateDevices, 'device');
  const organisationId = device.organisationId;
  // What the scanned code is, by where it was found: a print (the live one, or one a reprint
  // revoked), or a wallet's credential (its id read from the code). A
  // union's column is read the way its first branch's is: a bigint needs saying it is a number.
  const scanned = db
    .select({
      ticketId: tickets.id,
      source: sql<ScanSource>`'print'`.as('source'),
      walletEventId: sql`null::bigint`
        .mapWith((id: string | number | null) => (id === null ? null : Number(id)))
        .as('wallet_event_id'),
      issuedTo: sql<string | null>`null::text`.as('issued_to'),
      revoked: sql<boolean>`false`.as('revoked'),
    })
    .from(tickets)
    .where(eq(tickets.privateCode, code))
    .unionAll(
      db
        .select({
          ticketId: tickets.id,
          source: sql<ScanSource>`'print'`,
          walletEventId: sql<number | null>`null::bigint`,
          issuedTo: sql<string | null>`null::text`,
          revoked: sql<boolean>`true`,
        })
        .from(tickets)
        .where(
          and(
            eq(tickets.publicCode, sql`${p.printTicket}::text`),
            sql`${tickets.codeSerial} > ${p.printSerial}::int`,
          ),
        ),
    )
    .unionAll(
      db
        .select({
          ticketId: walletCredentials.ticketId,
          source: sql<ScanSource>`'credential'`,
          walletEventId: walletCredentials.scopeEventId,
          issuedTo: walletCredentials.issuedTo,
          revoked: sql<boolean>`${walletCredentials.revokedAt} is not null`,
        })
        .from(walletCredentials)
        // A credential naming another phone than the one registered is none of the platform's (only a
        // leaked platform key could sign one): not found, as the device finds no entry for it offline.
        .where(
          and(
            eq(walletCredentials.id, sql`${p.credentialId}::bigint`),
            eq(walletCredentials.devicePublicKey, sql`${p.devicePublicKey}::text`),
          ),
        ),
    )
    .unionAll(
      db
        .select({
          ticketId: issuedCredentials.ticketId,
          source: sql<ScanSource>`'credential'`,
          walletEventId: issuedCredentials.scopeEventId,
          issuedTo: issuedCredentials.issuedTo,
          // Its status (eu-wallet/status/credential-status.ts) is read apart, as a verifier reads the list.
          revoked: sql<boolean>`false`,
        })
        .from(issuedCredentials)
        // Issued to another key than the one that signed the presentation: none of the platform's.
        .where(
          and(
            eq(issuedCredentials.id, sql`${p.presentedCredentialId}::bigint`),
            eq(issuedCredentials.keyThumbprint, sql`${p.presentedKeyThumbprint}::text`),
          ),
        ),
    )
    .as('scanned');
  const clubEvent = alias(events, 'club_event');
  // Who enters (docs/design.md §8): a loan's recipient, known by ΑΦΜ; else the holder.
  const lent = sql`${transfers.toAfm} is not null`;
  const entrantAfm = sql`coalesce(${transfers.toAfm}, ${tickets.holderAfm})`;
  const entrantAmka = sql`case when ${lent} then null else ${tickets.holderAmka} end`;
  const entrantDocument = sql`case when ${lent} then null else ${tickets.documentKey} end`;
  const companionAfm = sql`${companionDeclarations.companionAfm}`;
  const guardian = alias(citizens, 'guardian');
  const keyed = alias(gateAdmissions, 'keyed');
  return (
    db
      .select({
        device: { id: device.id, organisationId: device.organisationId, label: device.label },
        // Flat, not nested: null when the device's club has no such event.
        eventId: events.id,
        event: {
          id: events.id,
          seasonId: events.seasonId,
          // When it is over and when its gates open: the entry rule compares them with the time.
          endsAt: sql`${eventEnd(events)}`.mapWith(asDate),
          gatesOpenAt: sql`${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`.mapWith(
            asDate,
          ),
          // Cancelled by the club's ticket office: nobody enters from then on.
          cancelledAt: events.cancelledAt,
        },
        ticket: {
          id: tickets.id,
          eventId: tickets.eventId,
          publicCode: tickets.publicCode,
          holderAfm: tickets.holderAfm,
          holderAmka: tickets.holderAmka,
          ...shownAtTheGate,
        },
        scanned: {
          source: scanned.source,
          eventId: scanned.walletEventId,
          issuedTo: scanned.issuedTo,
          revoked: scanned.revoked,
        },
        // Flat, not nested: each is null when its left join found nothing.
        holderName: sql<string | null>`${fullNameOf(citizens)}`,
        holderAge: ageToday(citizens),
        loanAfm: transfers.toAfm,
        loanName: transfers.toName,
        bearerIsGuardian: sql<boolean>`${exists(
          db
            .select({ id: guardian.id })
            .from(guardianships)
            .innerJoin(guardian, eq(guardian.id, guardianships.guardianId))
            .where(and(eq(guardianships.minorId, citizens.id), eq(guardian.afm, scanned.issuedTo))),
        )}`,
        companionName: companionDeclarations.companionName,
        companionAfm: companionDeclarations.companionAfm,
        firstAt: gateAdmissions.admittedAt,
        firstDevice: gateDevices.label,
        // Flat, not nested: null unless this scan is a retry of one admitted (undone since or not).
        keyedId: keyed.id,
        keyedAt: keyed.admittedAt,
        entrantSuspended: isSuspendedWhere(
          db,
          directKeysOf(entrantAfm, entrantAmka, entrantDocument),
          entrantAfm,
          entrantAmka,
          entrantDocument,
        ),
        companionSuspended: isSuspendedWhere(
          db,
          directKeysOf(companionAfm, sql`null`, sql`null`),
          companionAfm,
          sql`null`,
        ),
      })
      .from(device)
      .leftJoin(events, and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
      .leftJoin(scanned, sql`true`)
      .leftJoin(
        tickets,
        and(
          eq(tickets.id, scanned.ticketId),
          exists(
            db
              .select({ id: clubEvent.id })
              .from(clubEvent)
              .where(and(eq(clubEvent.id, tickets.eventId), eq(clubEvent.organisationId, organisationId))),
          ),
        ),
      )
      .leftJoin(citizens, registryHolderOfTicket)
      .leftJoin(transfers, entryGivingLoan(tickets.id, events.id))
      .leftJoin(
        companionDeclarations,
        and(eq(companionDeclarations.ticketId, tickets.id), eq(companionDeclarations.status, 'ACCEPTED')),
      )
      .leftJoin(
        gateAdmissions,
        and(
          eq(gateAdmissions.ticketId, tickets.id),
          eq(gateAdmissions.eventId, events.id),
          isNull(gateAdmissions.undoneAt),
        ),
      )
      .leftJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
      .leftJoin(
        keyed,
        and(
          eq(keyed.deviceId, device.id),
          eq(keyed.idempotencyKey, sql`${p.idempotencyKey}::text`),
          eq(keyed.ticketId, tickets.id),
          eq(keyed.eventId, events.id),
        ),
      )
      .where(eq(device.id, sql`${p.deviceId}::uuid`))
      // The first admission made with the key, should the device have sent one key twice after an undo.
      .orderBy(keyed.admittedAt)
      .limit(1)
      .prepare('gate_scan')
  );
});

/** The admissions of a group commit, a column each: one per ticket and event. */
export type AdmitColumns = Record<'ticketIds' | 'eventIds', number[]> &
  Record<'deviceIds' | 'subjects' | 'requestIds' | 'proofDigests', string[]> & {
    /** Each scan's idempotency key, null where none was sent. */
    idempotencyKeys: (string | null)[];
  };

/**
 * Records admissions and their audit rows in one statement, whatever their number; answers those
 * recorded, none for a ticket that entered meanwhile. Rows go in in the order of their key, so two
 * processes' batches wait for each other in one order and cannot deadlock.
 */
export const admitQuery = preparedQuery<AdmitColumns>()((db, p) => {
  const column = (name: string) => sql.identifier(name);
  const { ticketId, eventId, deviceId, proofDigest, idempotencyKey } = gateAdmissions;
  const requested = db.$with('requested', { ticketId, eventId, deviceId, proofDigest, idempotencyKey }).as(
    sql`select * from unnest(${p.ticketIds}::bigint[], ${p.eventIds}::bigint[], ${p.deviceIds}::uuid[],
            ${p.subjects}::text[], ${p.requestIds}::text[], ${p.proofDigests}::text[], ${p.idempotencyKeys}::text[])
          as requested(${column(ticketId.name)}, ${column(eventId.name)}, ${column(deviceId.name)}, subject, request_id,
            ${column(proofDigest.name)}, ${column(idempotencyKey.name)})`,
  );
  const keys = sql`${column(ticketId.name)}, ${column(eventId.name)}`;
  const recorded = sql`${column(deviceId.name)}, ${column(proofDigest.name)}, ${column(idempotencyKey.name)}`;
  const admitted = db
    .$with('admitted', { id: gateAdmissions.id, admittedAt: gateAdmissions.admittedAt, ticketId, eventId })
    .as(
      sql`insert into ${gateAdmissions} (${keys}, ${recorded})
          select ${keys}, ${recorded} from ${requested}
          order by ${column(eventId.name)}, ${column(ticketId.name)}
          on conflict do nothing
          returning ${column(gateAdmissions.id.name)}, ${column(gateAdmissions.admittedAt.name)}, ${keys}`,
    );
  const audited = auditedRowsWith(db, sql`${admitted} join ${requested} using (${keys})`, {
    actor: sql`'device:' || ${requested}.${column(deviceId.name)}`,
    action: sql`'GATE_ADMIT'`,
    subject: sql`${requested}.subject`,
    requestId: sql`${requested}.request_id`,
    details: sql`jsonb_build_object('eventId', ${admitted}.${column(eventId.name)}, 'admissionId', ${admitted}.${column(gateAdmissions.id.name)})`,
  });
  return db.with(requested, admitted, audited).select().from(admitted).prepare('gate_admit');
});

/**
 * The first admission of a ticket to an event, when another scan's came between scan and record: another
 * device's, or this device's of the same scan (its idempotency key: a retry sent while the first was
 * still being recorded).
 */
export async function findFirstAdmission(db: Db, ticketId: number, eventId: number) {
  const [first] = await db
    .select({
      id: gateAdmissions.id,
      at: gateAdmissions.admittedAt,
      device: gateDevices.label,
      deviceId: gateAdmissions.deviceId,
      idempotencyKey: gateAdmissions.idempotencyKey,
    })
    .from(gateAdmissions)
    .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(
      and(
        eq(gateAdmissions.ticketId, ticketId),
        eq(gateAdmissions.eventId, eventId),
        isNull(gateAdmissions.undoneAt),
      ),
    );
  return first;
}

/**
 * A live admission of the device's club, locked until the transaction ends, and whether it is
 * recent enough to undo; none when there is no such admission.
 */
export async function lockAdmissionOfClub(
  tx: Pick<Db, 'select'>,
  admissionId: string,
  organisationId: string,
) {
  const [admission] = await tx
    .select({
      id: gateAdmissions.id,
      recent: sql<boolean>`${gateAdmissions.admittedAt} > now() - make_interval(mins => ${ADMISSION_UNDO_MINUTES})`,
    })
    .from(gateAdmissions)
    .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(
      and(
        eq(gateAdmissions.id, admissionId),
        isNull(gateAdmissions.undoneAt),
        eq(gateDevices.organisationId, organisationId),
      ),
    )
    .for('update', { of: gateAdmissions });
  return admission;
}

export async function markAdmissionUndone(tx: Pick<Db, 'update'>, admissionId: string) {
  await tx.update(gateAdmissions).set({ undoneAt: new Date() }).where(eq(gateAdmissions.id, admissionId));
}
