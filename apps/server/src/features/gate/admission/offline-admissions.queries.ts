import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { gateAdmissions, gateDoubleEntries, gateOfflineRefusals, tickets } from '../../../db/schema';

/** An admission a device made offline, its code verified, still to be settled. */
export interface Pending {
  /** Its place in the upload: the answer keeps the upload's order. */
  at: number;
  ticketId: number;
  admittedAt: string;
  /** The digest of the code it was made with (gate_admissions.proof_digest). */
  proofDigest: string;
  /** The key of the scan it was decided on (gate_admissions.idempotency_key); null: none sent. */
  idempotencyKey: string | null;
}

const column = (name: string) => sql.identifier(name);

/**
 * Inserts the admissions, the first of each ticket only (a unique key); answers those recorded, with
 * their time as JSON gives it (the audit row's form). In the order of their key, as the online
 * admissions' group commit: two statements wait for each other in one order and cannot deadlock.
 */
export async function insertOfflineAdmissions(
  tx: Pick<Db, 'execute'>,
  deviceId: string,
  eventId: number,
  pending: Pending[],
) {
  const result = await tx.execute(sql`
    insert into ${gateAdmissions} (${column(gateAdmissions.ticketId.name)}, ${column(gateAdmissions.eventId.name)},
      ${column(gateAdmissions.deviceId.name)}, ${column(gateAdmissions.admittedAt.name)}, ${column(gateAdmissions.offline.name)},
      ${column(gateAdmissions.proofDigest.name)}, ${column(gateAdmissions.idempotencyKey.name)})
    select given.ticket_id, ${eventId}::bigint, ${deviceId}::uuid, given.admitted_at, true, given.proof_digest,
        given.idempotency_key
      from unnest(${sql.param(pending.map((item) => item.ticketId))}::bigint[],
        ${sql.param(pending.map((item) => item.admittedAt))}::timestamptz[],
        ${sql.param(pending.map((item) => item.proofDigest))}::text[],
        ${sql.param(pending.map((item) => item.idempotencyKey))}::text[])
        with ordinality as given(ticket_id, admitted_at, proof_digest, idempotency_key, place)
    order by given.ticket_id, given.place
    on conflict do nothing
    returning ${column(gateAdmissions.id.name)} as id, ${column(gateAdmissions.ticketId.name)} as ticket_id,
      to_json(${column(gateAdmissions.admittedAt.name)}) #>> '{}' as admitted_at`);
  return rowsOf<{ id: string; ticket_id: string | number; admitted_at: string }>(result).map((row) => ({
    admissionId: row.id,
    ticketId: Number(row.ticket_id),
    admittedAt: row.admitted_at,
  }));
}

/**
 * For admissions not recorded: the ticket's live admission. The same device at the same time, or with
 * the same scan's idempotency key (recorded online meanwhile), is this very admission sent again;
 * anything else is a double entry, stored once (its unique key). Answers,
 * by place in the upload, whether it was a resend, and the double entries stored now (one per row
 * that stored it, repeated on each row of the upload that made it); an admission whose ticket has no
 * live admission any more (undone meanwhile) is absent.
 */
export async function insertDoubleEntries(
  tx: Pick<Db, 'execute'>,
  deviceId: string,
  eventId: number,
  pending: Pending[],
) {
  const result = await tx.execute(sql`
    with given as (
      select * from unnest(${sql.param(pending.map((item) => item.at))}::int[],
        ${sql.param(pending.map((item) => item.ticketId))}::bigint[],
        ${sql.param(pending.map((item) => item.admittedAt))}::timestamptz[],
        ${sql.param(pending.map((item) => item.proofDigest))}::text[],
        ${sql.param(pending.map((item) => item.idempotencyKey))}::text[])
        as given(at, ticket_id, admitted_at, proof_digest, idempotency_key)
    ), conflicts as (
      select given.at, given.ticket_id, given.admitted_at, given.proof_digest,
        live.${column(gateAdmissions.id.name)} as admission_id,
        live.${column(gateAdmissions.deviceId.name)} = ${deviceId}::uuid
          and (live.${column(gateAdmissions.admittedAt.name)} = given.admitted_at
            or live.${column(gateAdmissions.idempotencyKey.name)} is not distinct from given.idempotency_key
              and given.idempotency_key is not null) as resent
      from given join ${gateAdmissions} as live
        on live.${column(gateAdmissions.ticketId.name)} = given.ticket_id
        and live.${column(gateAdmissions.eventId.name)} = ${eventId}::bigint
        and live.${column(gateAdmissions.undoneAt.name)} is null
    ), doubles as (
      insert into ${gateDoubleEntries} (${column(gateDoubleEntries.admissionId.name)}, ${column(gateDoubleEntries.deviceId.name)},
        ${column(gateDoubleEntries.admittedAt.name)}, ${column(gateDoubleEntries.proofDigest.name)})
      select distinct on (admission_id, admitted_at) admission_id, ${deviceId}::uuid, admitted_at, proof_digest
        from conflicts where not resent
      on conflict do nothing
      returning ${column(gateDoubleEntries.id.name)} as id, ${column(gateDoubleEntries.admissionId.name)} as admission_id,
        ${column(gateDoubleEntries.admittedAt.name)} as admitted_at
    )
    select conflicts.at, conflicts.resent, conflicts.ticket_id, doubles.admission_id, doubles.id as double_entry_id,
      to_json(doubles.admitted_at) #>> '{}' as double_admitted_at
    from conflicts left join doubles on not conflicts.resent
      and doubles.admission_id = conflicts.admission_id and doubles.admitted_at = conflicts.admitted_at`);
  return rowsOf<{
    at: number;
    resent: boolean;
    ticket_id: string | number;
    admission_id: string | null;
    double_entry_id: string | number | null;
    double_admitted_at: string | null;
  }>(result).map((row) => ({
    at: Number(row.at),
    resent: row.resent,
    ticketId: Number(row.ticket_id),
    double:
      row.double_entry_id === null
        ? null
        : {
            id: Number(row.double_entry_id),
            admissionId: row.admission_id as string,
            admittedAt: row.double_admitted_at as string,
          },
  }));
}

/**
 * The admissions this device recorded at the event with any of `keys` (its scans' idempotency keys), by
 * key, with their ticket's public code: an uploaded row of the same key and ticket is that admission,
 * made online while the device, its answer lost, decided the scan again offline (undone since or not).
 */
export async function findKeyedAdmissions(
  db: Pick<Db, 'execute'>,
  deviceId: string,
  eventId: number,
  keys: string[],
) {
  const result = await db.execute(sql`
    select ${gateAdmissions}.${column(gateAdmissions.idempotencyKey.name)} as idempotency_key,
      ${tickets}.${column(tickets.publicCode.name)} as ticket_code
    from ${gateAdmissions} join ${tickets} on ${tickets}.${column(tickets.id.name)} = ${gateAdmissions}.${column(gateAdmissions.ticketId.name)}
    where ${gateAdmissions}.${column(gateAdmissions.deviceId.name)} = ${deviceId}::uuid
      and ${gateAdmissions}.${column(gateAdmissions.idempotencyKey.name)} = any(${sql.param(keys)}::text[])
      and ${gateAdmissions}.${column(gateAdmissions.eventId.name)} = ${eventId}::bigint`);
  return rowsOf<{ idempotency_key: string; ticket_code: string }>(result).map((row) => ({
    idempotencyKey: row.idempotency_key,
    ticketCode: row.ticket_code,
  }));
}

/** A refusal a device decided offline, to be counted once. */
export interface PendingRefusal {
  reason: string;
  refusedAt: string;
  proofDigest: string;
}

/**
 * Inserts the refusals not uploaded before (their unique key); answers those inserted, with their
 * time as JSON gives it, to be audited (GATE_REFUSE: what the counts read) and answered.
 */
export async function insertOfflineRefusals(
  tx: Pick<Db, 'execute'>,
  deviceId: string,
  eventId: number,
  refusals: PendingRefusal[],
) {
  const { reason, refusedAt, proofDigest } = gateOfflineRefusals;
  const result = await tx.execute(sql`
    insert into ${gateOfflineRefusals} (${column(gateOfflineRefusals.deviceId.name)}, ${column(gateOfflineRefusals.eventId.name)},
      ${column(reason.name)}, ${column(refusedAt.name)}, ${column(proofDigest.name)})
    select ${deviceId}::uuid, ${eventId}::bigint, given.reason, given.refused_at, given.proof_digest
      from unnest(${sql.param(refusals.map((item) => item.reason))}::text[],
        ${sql.param(refusals.map((item) => item.refusedAt))}::timestamptz[],
        ${sql.param(refusals.map((item) => item.proofDigest))}::text[]) as given(reason, refused_at, proof_digest)
    on conflict do nothing
    returning ${column(gateOfflineRefusals.id.name)} as id, ${column(reason.name)} as reason,
      to_json(${column(refusedAt.name)}) #>> '{}' as refused_at, ${column(proofDigest.name)} as proof_digest`);
  return rowsOf<{ id: string | number; reason: string; refused_at: string; proof_digest: string }>(
    result,
  ).map((row) => ({
    id: Number(row.id),
    reason: row.reason,
    refusedAt: row.refused_at,
    proofDigest: row.proof_digest,
  }));
}
