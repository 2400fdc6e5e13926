import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, serialId, textRef, uuidId, uuidRef } from './columns';
import { events } from './events';
import { organisations } from './organisations';
import { tickets } from './tickets';

/**
 * A device at a club's gate (a steward's phone, a turnstile): it calls /api/gate/* with its token,
 * shown once when made and stored only as a SHA-256 hash. Revoked devices are refused at once.
 */
export const gateDevices = pgTable(
  'gate_devices',
  {
    id: uuidId(),
    organisationId: textRef('organisation_id', () => organisations.id),
    label: text('label').notNull(),
    /** SHA-256 of the one-time pairing token the officer was shown (spent by the first pairing). */
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    /** When the pairing token was exchanged for a browser's credential: a second pairing is refused. */
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /** The last refused second pairing with its token: someone holds a copy (shown to the officer). */
    pairingRefusedAt: timestamp('pairing_refused_at', { withTimezone: true }),
    /** SHA-256 of the paired browser's credential, its bearer on every call (docs/design.md §8). */
    credentialHash: text('credential_hash'),
    /** The credential ends then (401): the night of its club's last match of the day (GATE_DEVICE_CREDENTIAL_MARGIN_HOURS). */
    credentialExpiresAt: timestamp('credential_expires_at', { withTimezone: true }),
    /**
     * The last time it called the platform, written at most every GATE_CONTACT_WRITE_SECONDS (any
     * process): the match-day view and the silence alert read it (issue #42 item 3).
     */
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    /** What it last said it holds unsent (GET /api/gate/manifest?unsent=); null until it says. */
    pendingUploads: integer('pending_uploads'),
  },
  (t) => [
    uniqueIndex('gate_devices_token_key').on(t.tokenHash),
    uniqueIndex('gate_devices_credential_key').on(t.credentialHash),
    index('gate_devices_organisation_idx').on(t.organisationId),
  ],
);

/** One admission per ticket per event, decided by the database: of two devices scanning at once, one admits. */
export const gateAdmissions = pgTable(
  'gate_admissions',
  {
    id: uuidId(),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    eventId: bigintRef('event_id', () => events.id),
    deviceId: uuidRef('device_id', () => gateDevices.id),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** An admission a steward undid (made in error): the ticket may enter again. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** Decided by the device alone, offline, and uploaded later (admittedAt is the device's time). */
    offline: boolean('offline').notNull().default(false),
    /**
     * SHA-256 (base64url) of the code presented, as the gate read it (trimmed, upper case): the
     * proof that whoever entered held the ticket's code then, verified before recording. Null only
     * for admissions recorded before proofs were kept.
     */
    proofDigest: text('proof_digest'),
    /**
     * The key the device sent the scan with (the Idempotency-Key header, or an uploaded row's
     * `idempotencyKey`): a retry of that scan from that device, of the same ticket, is answered with
     * this admission (docs/design.md §8, "A scan is answered once"). Null for a scan sent without one.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('gate_admissions_once_key')
      .on(t.ticketId, t.eventId)
      .where(sql`undone_at is null`),
    index('gate_admissions_event_idx').on(t.eventId),
    index('gate_admissions_idempotency_idx')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);

/**
 * A ticket admitted again by a device that was offline, uploaded after the first admission: the
 * server keeps the first and reports each of these on the match's count, with both devices and times.
 */
export const gateDoubleEntries = pgTable(
  'gate_double_entries',
  {
    id: serialId(),
    admissionId: uuidRef('admission_id', () => gateAdmissions.id),
    deviceId: uuidRef('device_id', () => gateDevices.id),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** As gate_admissions.proof_digest: the code this second admission was made with, verified. */
    proofDigest: text('proof_digest'),
  },
  (t) => [
    // An upload sent twice (a lost answer) is one double entry.
    uniqueIndex('gate_double_entries_once_key').on(t.admissionId, t.deviceId, t.admittedAt),
  ],
);

/**
 * A refusal a device decided offline, uploaded later so that the match's counts include it (its
 * audit row, GATE_REFUSE, is what the counts read). Nothing is recorded of the person: the code's
 * digest and the device's reason and time.
 */
export const gateOfflineRefusals = pgTable(
  'gate_offline_refusals',
  {
    id: serialId(),
    deviceId: uuidRef('device_id', () => gateDevices.id),
    eventId: bigintRef('event_id', () => events.id),
    reason: text('reason').notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull(),
    proofDigest: text('proof_digest').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An upload sent twice (a lost answer) counts each refusal once.
    uniqueIndex('gate_offline_refusals_once_key').on(t.deviceId, t.eventId, t.refusedAt, t.proofDigest),
  ],
);
