import { z } from 'zod';
import {
  ADMISSION_VOID_REASON_MAX_LENGTH,
  EVENT_CANCELLATION_REASON_MAX_LENGTH,
  GATE_CODE_MAX_LENGTH,
  GATE_UNSENT_MAX,
  GATE_DEVICE_LABEL_MAX_LENGTH,
  GATE_UPLOAD_MAX_ADMISSIONS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
} from '../constants';
import { ADMISSION_REASONS, type AdmissionReason } from '../admission-reasons';
import { isValidDevicePublicKey } from '../gate-codes/keys';
import { validationMessages } from '../form-messages';
import { matchDayMessages } from '../match-day-messages';
import { gateMessages as text } from '../gate-messages';
import { strictPayload, textField, ticketCodeField } from './fields';

/**
 * Entry control (docs/design.md §8). Devices are registered by an officer; each scan is one decision,
 * recorded once per ticket and event.
 */

/** POST /api/ticket-office/gate-devices: a platform-wide officer names the organisation. */
export const gateDeviceCreateSchema = z.strictObject({
  label: textField(text.label)
    .trim()
    .min(1, { error: text.label })
    .max(GATE_DEVICE_LABEL_MAX_LENGTH, { error: text.label }),
  organisationId: textField().trim().min(1).max(63).nullish(),
});

/**
 * GET /api/ticket-office/gate-devices/organisations: the clubs an officer may register a device for,
 * by name. A platform-wide officer (`choose`) picks one for each device; a club officer's is their own.
 */
export const gateDeviceOrganisationsSchema = z.object({
  choose: z.boolean(),
  organisations: z.array(z.object({ organisationId: z.string(), name: z.string() })),
});
export type GateDeviceOrganisations = z.infer<typeof gateDeviceOrganisationsSchema>;

export const gateDeviceSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  organisationId: z.string(),
  createdAt: z.string(),
  /** When its pairing token was exchanged for a browser's credential; null while not paired yet. */
  pairedAt: z.string().nullable(),
  /**
   * When its credential ends (null while not paired): the night of its club's last match of the day;
   * the officer renews it for another day (POST …/gate-devices/{deviceId}/renewal).
   */
  credentialExpiresAt: z.string().nullable(),
  /** The last time a second browser tried to pair with its spent token (refused): a copy is about. */
  pairingRefusedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type GateDevice = z.infer<typeof gateDeviceSchema>;

/** What creating a device answers: its token, shown only this once. */
export const createdGateDeviceSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  token: z.string(),
});
export type CreatedGateDevice = z.infer<typeof createdGateDeviceSchema>;

/**
 * POST /api/gate/pairing: the one-time pairing token exchanged for this device's own credential (its
 * bearer from then on), valid until `expiresAt`: the night of its club's last match of the day
 * (docs/design.md §8).
 */
export const gatePairingSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  credential: z.string(),
  expiresAt: z.string(),
});
export type GatePairing = z.infer<typeof gatePairingSchema>;

/** POST /api/gate/pairing/renewal: the credential's new end. */
export const gateCredentialRenewalSchema = z.object({ expiresAt: z.string() });
export type GateCredentialRenewal = z.infer<typeof gateCredentialRenewalSchema>;

/** A code as a device scanned it (trimmed). */
const gateCodeField = textField(text.code)
  .trim()
  .min(1, { error: text.code })
  .max(GATE_CODE_MAX_LENGTH, { error: text.code });

/** What a device scanned: a paper ticket's verification code (QR or Code 128) or a wallet's gate code. */
export const admissionRequestSchema = z.strictObject({
  eventId: z.number({ error: text.eventId }).int().positive().max(Number.MAX_SAFE_INTEGER),
  code: gateCodeField,
});
export type AdmissionRequest = z.infer<typeof admissionRequestSchema>;

/**
 * A scan's idempotency key (docs/design.md §8, "A scan is answered once"): the device's own, one per
 * scan (a UUID), sent on the online call (the `Idempotency-Key` header) and with the admission it
 * uploads after deciding offline. A short token, so it is stored and compared as it is.
 */
export const idempotencyKeySchema = z
  .string({ error: validationMessages.idempotencyKey })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), {
    error: validationMessages.idempotencyKey,
  });

/** POST /api/gate/admissions's headers: the scan's key, absent from older clients (no retry is known then). */
export const admissionHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.optional(),
});

/** The decision a steward reads: never an ΑΦΜ, ΑΜΚΑ or whole document number. */
export const admissionSchema = z.object({
  decision: z.enum(['ADMIT', 'REFUSE']),
  reason: z.enum(ADMISSION_REASONS),
  /** The Greek sentence the steward reads. */
  message: z.string(),
  /** To undo an admission made in error (within minutes). */
  admissionId: z.string().nullable(),
  holderName: z.string().nullable(),
  documentType: z.string().nullable(),
  /** The document number's last 3 characters, to compare with the ID shown. */
  documentHint: z.string().nullable(),
  seat: z.string().nullable(),
  /** A minor's companion, for the steward to see that person is there. */
  companion: z.object({ name: z.string(), afmHint: z.string() }).nullable(),
  /** When the ticket was admitted: now, or (ALREADY_ADMITTED) the first time, by which device. */
  admittedAt: z.string().nullable(),
  admittedBy: z.string().nullable(),
});
export type Admission = z.infer<typeof admissionSchema>;

/** One admission of a double entry: by which device (its label), and when that device admitted. */
const doubleEntrySideSchema = z.object({ device: z.string(), at: z.string() });

/** The ticket office's live count for one event. */
export const admissionCountsSchema = z.object({
  eventId: z.number(),
  admitted: z.number(),
  refused: z.record(z.string(), z.number()),
  lastScanAt: z.string().nullable(),
  /**
   * Tickets admitted again by a device that was offline (docs/design.md §8): the admission kept
   * (`first`) and the one uploaded after it (`again`), oldest first.
   */
  doubleEntries: z.array(
    z.object({ ticketCode: z.string(), first: doubleEntrySideSchema, again: doubleEntrySideSchema }),
  ),
});
export type AdmissionCounts = z.infer<typeof admissionCountsSchema>;

/**
 * POST /api/ticket-office/gate-admissions/void: an officer voids the live admission of one ticket to
 * one match of their club, with a reason (audited); the holder may then enter.
 */
export const admissionVoidSchema = z.strictObject({
  eventId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ticketCode: ticketCodeField,
  reason: textField(text.voidReason)
    .trim()
    .min(1, { error: text.voidReason })
    .max(ADMISSION_VOID_REASON_MAX_LENGTH, { error: text.voidReason }),
});
export type AdmissionVoid = z.infer<typeof admissionVoidSchema>;

/**
 * POST /api/ticket-office/events/{eventId}/cancellation: an officer of the club cancels a match not yet
 * over, with a reason (audited, shown with the match); irreversible.
 */
export const eventCancellationSchema = z.strictObject({
  reason: textField(matchDayMessages.cancellation.reasonRequired)
    .trim()
    .min(1, { error: matchDayMessages.cancellation.reasonRequired })
    .max(EVENT_CANCELLATION_REASON_MAX_LENGTH, { error: matchDayMessages.cancellation.reasonRequired }),
});
export type EventCancellation = z.infer<typeof eventCancellationSchema>;

/** GET /api/ticket-office/gate-admissions: one ticket's live admission to one match, to confirm voiding it. */
export const liveAdmissionQuerySchema = z.object({
  eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ticketCode: ticketCodeField,
});
export const liveAdmissionSchema = z.object({
  ticketCode: z.string(),
  admittedAt: z.string(),
  device: z.string(),
});
export type LiveAdmission = z.infer<typeof liveAdmissionSchema>;

/** The admission voided: which ticket, when it had been admitted and by which device. */
export const voidedAdmissionSchema = z.object({
  ticketCode: z.string(),
  admittedAt: z.string(),
  device: z.string(),
  voidedAt: z.string(),
});
export type VoidedAdmission = z.infer<typeof voidedAdmissionSchema>;

/** GET /api/gate/events: the device club's events not yet over, for the steward to pick one. */
export const gateEventSchema = z.object({
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: z.string(),
  /** When the club's ticket office cancelled it (ISO 8601); null while it stands. */
  cancelledAt: z.string().nullable(),
  /** Why, as the officer wrote it; null while it stands. */
  cancellationReason: z.string().nullable(),
});
export type GateEvent = z.infer<typeof gateEventSchema>;

/** A refusal's reason as the device decided it (every reason but an admission). */
export const OFFLINE_REFUSAL_REASONS = ADMISSION_REASONS.filter(
  (reason): reason is Exclude<AdmissionReason, 'ADMITTED'> => reason !== 'ADMITTED',
) as [Exclude<AdmissionReason, 'ADMITTED'>, ...Exclude<AdmissionReason, 'ADMITTED'>[]];

const uploadedAt = (error: string) => z.iso.datetime({ offset: true, error });

/**
 * POST /api/gate/admissions/batch: what a device decided while offline (docs/design.md §8,
 * docs/gate-codes.md §8.1), sent again until answered. Each admission carries the code exactly as
 * scanned, which the server verifies again (a device's token alone records nothing), the ticket the
 * device read from it and the device's time; each refusal its code, reason and time, for the counts.
 */
export const offlineAdmissionsSchema = strictPayload({
  eventId: z.number({ error: text.eventId }).int().positive().max(Number.MAX_SAFE_INTEGER),
  admissions: z
    .array(
      strictPayload({
        ticketCode: ticketCodeField,
        code: gateCodeField,
        admittedAt: uploadedAt(text.uploadAdmittedAt),
        /**
         * The key of the scan it was decided on, when the device first asked the server (online) and
         * got no answer: an admission the server recorded with this key from this device is this one.
         */
        idempotencyKey: idempotencyKeySchema.optional(),
      }),
      { error: text.uploadAdmissions },
    )
    .max(GATE_UPLOAD_MAX_ADMISSIONS, { error: text.uploadAdmissions }),
  refusals: z
    .array(
      strictPayload({
        code: gateCodeField,
        reason: z.enum(OFFLINE_REFUSAL_REASONS, { error: text.uploadReason }),
        refusedAt: uploadedAt(text.uploadRefusedAt),
      }),
      { error: text.uploadAdmissions },
    )
    .max(GATE_UPLOAD_MAX_ADMISSIONS, { error: text.uploadAdmissions })
    .optional(),
}).refine(
  (upload) => {
    const rows = upload.admissions.length + (upload.refusals?.length ?? 0);
    return rows >= 1 && rows <= GATE_UPLOAD_MAX_ADMISSIONS;
  },
  { error: text.uploadAdmissions, path: ['admissions'] },
);
export type OfflineAdmissions = z.infer<typeof offlineAdmissionsSchema>;

/**
 * Per uploaded admission: RECORDED (the ticket's first), ALREADY_RECORDED (this very admission, sent
 * before), DOUBLE_ENTRY (the ticket had entered already: kept as a double entry for the ticket office),
 * NOT_RECORDED (its code does not prove it: `reason` says why; nothing is kept).
 */
export const OFFLINE_ADMISSION_OUTCOMES = [
  'RECORDED',
  'ALREADY_RECORDED',
  'DOUBLE_ENTRY',
  'NOT_RECORDED',
] as const;
/** Why an uploaded admission was not recorded: the online decision's reasons, and a time from the future. */
export const OFFLINE_UPLOAD_REASONS = [...ADMISSION_REASONS, 'RECORDED_IN_FUTURE'] as const;
export type OfflineUploadReason = (typeof OFFLINE_UPLOAD_REASONS)[number];

export const offlineAdmissionResultsSchema = z.object({
  /** One per admission uploaded, in the upload's order. */
  results: z.array(
    z.object({
      /** As the device sent them. */
      ticketCode: z.string(),
      admittedAt: z.string(),
      outcome: z.enum(OFFLINE_ADMISSION_OUTCOMES),
      /** ADMITTED when recorded (or recorded before, or a double entry); else why not. */
      reason: z.enum(OFFLINE_UPLOAD_REASONS),
    }),
  ),
  /** One per refusal uploaded, in order: counted now (RECORDED) or before (ALREADY_RECORDED). */
  refusals: z.array(
    z.object({
      refusedAt: z.string(),
      outcome: z.enum(['RECORDED', 'ALREADY_RECORDED']),
    }),
  ),
});
export type OfflineAdmissionResults = z.infer<typeof offlineAdmissionResultsSchema>;

/** GET /api/gate/keys: the platform's public keys a device pins at pairing to verify manifests. */
export const gateKeysSchema = z.object({
  keys: z.array(z.object({ keyId: z.number(), publicKey: z.string() })),
});
export type GateKeys = z.infer<typeof gateKeysSchema>;

/**
 * POST /api/wallet/tickets/{publicCode}/device-key: the phone's Ed25519 public key (32 bytes,
 * base64url), for which the platform issues a wallet credential (docs/gate-codes.md §4). A key no
 * signature could ever be verified with is refused here.
 */
export const walletDeviceKeySchema = strictPayload({
  publicKey: textField(text.devicePublicKey).refine(isValidDevicePublicKey, { error: text.devicePublicKey }),
});
export type WalletDeviceKey = z.infer<typeof walletDeviceKeySchema>;

/** What the device-key endpoint answers: the credential the wallet makes its gate codes with. */
export const walletCredentialSchema = z.object({ credential: z.string() });
export type WalletCredentialResponse = z.infer<typeof walletCredentialSchema>;

/**
 * The manifest route's query (GET /api/gate/manifest): the event, and the copy the device holds, if
 * any: its manifest's `salt` and `revision`, to be answered with only what changed since
 * (docs/gate-codes.md §7.6). One without the other is no copy: the whole manifest is the answer.
 */
export const manifestHeldQuerySchema = z.object({
  eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  salt: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  revision: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /**
   * How many records (admissions and refusals decided offline) the device holds not yet acknowledged
   * by an upload: shown to the club's officers as the device's pending uploads (issue #42 item 3).
   */
  unsent: z.coerce.number().int().min(0).max(GATE_UNSENT_MAX).optional(),
});
export type ManifestHeldQuery = z.infer<typeof manifestHeldQuerySchema>;

/** GET /api/ticket-office/gate-events: `over=true` lists the club's matches already over, latest first. */
export const officerGateEventsQuerySchema = z.object({
  over: z
    .enum(['true', 'false'], { error: validationMessages.overEvents })
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * GET /api/ticket-office/gate-match-day: one match of the club as its gates saw it (issue #42 item 3),
 * live while its gates are open and afterwards. Times are ISO instants; a per-minute or per-span row
 * is there only when it counts something.
 */
export const matchDaySchema = z.object({
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: z.string(),
  /** GATES_OPEN_MINUTES_BEFORE kick-off; the match is over at `endsAt`. */
  gatesOpenAt: z.string(),
  endsAt: z.string(),
  over: z.boolean(),
  /** The database's time of the reading: the charts run to it while the match is on. */
  readAt: z.string(),
  /** Live admissions (undone and voided ones are not counted). */
  admitted: z.number(),
  /** The tickets bound to a person that admit to the match: its own and its season's. */
  boundTickets: z.number(),
  refusedByReason: z.record(z.string(), z.number()),
  /** Refusals ALREADY_ADMITTED: a ticket shown again after it entered, stopped at the gate. */
  alreadyAdmittedRefusals: z.number(),
  /** Double entries recorded from offline devices (both admitted: GET …/gate-counts lists them). */
  doubleEntries: z.number(),
  /** The club's paired devices, and any other that admitted to the match (a revoked one). */
  devices: z.array(
    z.object({
      deviceId: z.string(),
      label: z.string(),
      admitted: z.number(),
      /** The last time it called the platform (to within GATE_CONTACT_WRITE_SECONDS); null: never. */
      lastContactAt: z.string().nullable(),
      /** What it last said it holds unsent (admissions and refusals decided offline); null: never said. */
      pendingUploads: z.number().nullable(),
      /** Not heard from for GATE_DEVICE_OFFLINE_SECONDS, or never. */
      offline: z.boolean(),
      revoked: z.boolean(),
    }),
  ),
  entriesPerMinute: z.array(z.object({ deviceId: z.string(), minute: z.string(), admitted: z.number() })),
  /** Refusals by reason in spans of `refusalSpanMinutes`, each from `from`. */
  refusalSpanMinutes: z.number(),
  refusalsOverTime: z.array(z.object({ reason: z.string(), from: z.string(), refused: z.number() })),
});
export type MatchDay = z.infer<typeof matchDaySchema>;
