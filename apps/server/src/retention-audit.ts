import { and, lt, or, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { auditLog } from './db/schema';

/**
 * The audit log past retention (README "Retention of personal data"): who, what, when and the
 * request stay, as the law needs; the citizen's ΑΦΜ, an ΑΦΜ or ΑΜΚΑ as subject, and details not
 * known to be harmless go.
 */

/** Replaces an erased actor or subject: one fixed word, so nothing of the person can be recovered. */
export const ERASED_MARKER = 'erased';

/**
 * Only officers can do these: their actor is the officer's ΑΦΜ, kept so that who looked up, bound or
 * suspended someone can be answered for as long as the log is. Any other 9-digit actor is a citizen
 * (or an officer acting as one: a login is anyone's) and is erased. An officer action missing from
 * this list loses its actor: the safe side.
 */
const OFFICER_ACTIONS = [
  'TICKET_IDENTIFY',
  'TICKET_PERSONALIZE',
  'TICKET_IDENTIFY_REPRINT',
  'TICKET_PERSONALIZE_REPRINT',
  'TICKET_LOOKUP',
  'TICKET_LOOKUP_MISS',
  'TRANSFER_RULES_UPDATE',
  'SUSPENSION_ADD',
  'SUSPENSION_DELETE',
  'GATE_DEVICE_ADD',
  'GATE_DEVICE_REVOKE',
  'GATE_DEVICE_RENEW',
  'GATE_ADMISSION_VOID',
];

/** Their subject is a row's number (a suspension, an event), which may be all digits without being a person. */
const ROW_NUMBER_SUBJECT_ACTIONS = ['SUSPENSION_ADD', 'SUSPENSION_DELETE', 'TRANSFER_RULES_UPDATE'];

/**
 * The details' keys kept: ids, counts, statuses and rules. Any other key (free text such as an
 * organisation's name or a device's label today, whatever a later action adds) is dropped.
 */
const KEPT_DETAIL_KEYS = [
  'organisationId',
  'prefix',
  'eventId',
  'fixtureId',
  'ticketId',
  'admissionId',
  'replaces',
  'reason',
  'status',
  'rows',
  'written',
  'endDate',
  'expiresAt',
  'allowTransfer',
  'maxTransfers',
  'transferMinuteLimit',
  'minToAutoRevertTransferredTicket',
  'ignoreTransfers',
  // The retention run's own counts.
  'retentionDays',
  'tickets',
  'declarations',
  'transfers',
  // Runs before the fixed wallet codes were retired (issue #27) counted them: their rows keep it.
  'gateCodes',
  'walletCredentials',
  'auditRows',
];

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

const personalActor = sql`(${auditLog.actor} ~ '^[0-9]{9}$'
  and ${auditLog.action} <> all(${textArray(OFFICER_ACTIONS)}))`;

const personalSubject = sql`(${auditLog.subject} ~ '^([0-9]{9}|[0-9]{11})$'
  and ${auditLog.action} <> all(${textArray(ROW_NUMBER_SUBJECT_ACTIONS)}))`;

const droppableDetails = sql`(jsonb_typeof(${auditLog.details}) = 'object' and exists (
  select 1 from jsonb_object_keys(${auditLog.details}) as key where key <> all(${textArray(KEPT_DETAIL_KEYS)})))`;

const keptDetails = sql`coalesce((select jsonb_object_agg(kept.key, kept.value)
  from jsonb_each(${auditLog.details}) as kept where kept.key = any(${textArray(KEPT_DETAIL_KEYS)})), '{}'::jsonb)`;

/** Rows older than retention that still hold something personal: one UPDATE, so a second run finds none. */
export async function eraseExpiredAuditDetails(
  tx: Pick<Db, 'update'>,
  retentionDays: number,
): Promise<number> {
  const erased = await tx
    .update(auditLog)
    .set({
      actor: sql`case when ${personalActor} then ${ERASED_MARKER} else ${auditLog.actor} end`,
      subject: sql`case when ${personalSubject} then ${ERASED_MARKER} else ${auditLog.subject} end`,
      details: sql`case when ${droppableDetails} then ${keptDetails} else ${auditLog.details} end`,
    })
    .where(
      and(
        lt(auditLog.at, sql`now() - make_interval(days => ${retentionDays})`),
        or(personalActor, personalSubject, droppableDetails),
      ),
    )
    .returning({ id: auditLog.id });
  return erased.length;
}
