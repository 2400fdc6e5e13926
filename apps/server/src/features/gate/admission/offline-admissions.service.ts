import {
  decideEntry,
  GATE_UPLOAD_CLOCK_SKEW_SECONDS,
  type OfflineAdmissionResults,
  type OfflineAdmissions,
  type OfflineUploadReason,
  type PlatformPublicKey,
  whoEnters,
} from '@tickets/domain';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import { audit, type AuditEntry } from '../../../shared/audit';
import { notify } from '../../../shared/notifications';
import { minorAdmittedNotices } from '../../../rules/notices';
import { codeFacts, proofDigestOf, readScan, ticketAtFixture } from './admissions.service';
import type { Device } from '../devices/devices.service';
import {
  findKeyedAdmissions,
  insertDoubleEntries,
  insertOfflineAdmissions,
  insertOfflineRefusals,
  type Pending,
} from './offline-admissions.queries';
import { matchForDevice } from '../manifest/manifest.service';

/**
 * What a device admitted while offline (docs/design.md §8 "Offline"), uploaded when the network is
 * back, maybe more than once (an answer lost on the way): each admission is recorded once, and an
 * upload sent again changes nothing. A ticket that had entered already, on another device or on
 * this one at another time, is a double entry, kept for the ticket office's count.
 *
 * Every admission carries the code as scanned, and the server verifies it again with the online rule
 * (`decideEntry` on `codeFacts`: signatures, phone, revocation, fixture, the gates) at the time the
 * device recorded, that time being within the fixture's gates (not before they opened, not after it ended, not ahead of the
 * server's clock by more than GATE_UPLOAD_CLOCK_SKEW_SECONDS): a device's token alone records
 * nothing. The digest of the code is kept with the admission.
 *
 * "The server keeps the first": the first admission *recorded* wins, even when an upload says its
 * device admitted earlier. Device clocks drift and are not the server's to trust for which admission
 * counts; an admission once recorded (and perhaps shown to a steward as the reason for an
 * ALREADY_ADMITTED) never changes afterwards; and the report shows both devices and times anyway, so
 * nothing is lost for whoever reads it.
 *
 * A row that carries its scan's idempotency key, when this device recorded an admission of the same
 * ticket with that key (the scan admitted online, its answer lost, then decided again offline), is that
 * admission: ALREADY_RECORDED, never a double entry (docs/design.md §8, "A scan is answered once").
 */

type Outcome = OfflineAdmissionResults['results'][number]['outcome'];

/**
 * Records the admissions with their audit rows, in one transaction; answers the tickets recorded.
 * Each row names its own ticket, so they are written by `audit(tx, rows)` (one INSERT) rather than
 * carried in the admissions' INSERT by `auditedWith` (which gives every row of a statement one subject).
 * The admission of a minor (a ticket of `minors`) tells the guardian, in the same transaction (issue #30).
 */
/** What recording an upload's admissions needs: its device, match, the ticket codes by id, its request. */
interface Upload {
  db: Db;
  device: Device;
  eventId: number;
  ticketCodes: Map<number, string>;
  requestId: string;
}

async function record(
  { db, device, eventId, ticketCodes, requestId }: Upload,
  pending: Pending[],
  minors: Set<number>,
) {
  return db.transaction(async (tx) => {
    const recorded = await insertOfflineAdmissions(tx, device.id, eventId, pending);
    await audit(
      tx,
      recorded.map((admission) => ({
        actor: `device:${device.id}`,
        action: 'GATE_ADMIT_OFFLINE',
        subject: ticketCodes.get(admission.ticketId) ?? null,
        requestId,
        details: { eventId, admissionId: admission.admissionId, admittedAt: admission.admittedAt },
      })),
    );
    const ofMinors = recorded.filter((admission) => minors.has(admission.ticketId));
    if (ofMinors.length > 0)
      await notify(
        db,
        tx,
        await minorAdmittedNotices(
          tx,
          ofMinors.map((admission) => admission.admissionId),
        ),
      );
    return new Set(recorded.map((admission) => admission.ticketId));
  });
}

/**
 * For admissions not recorded: a resend of this very admission, or a double entry, stored once with
 * its audit row, in one transaction. Answers, by place in the upload, whether it was a resend; an
 * admission whose ticket has no live admission any more (undone meanwhile) is absent.
 */
async function settleConflicts({ db, device, eventId, ticketCodes, requestId }: Upload, pending: Pending[]) {
  return db.transaction(async (tx) => {
    const conflicts = await insertDoubleEntries(tx, device.id, eventId, pending);
    const doubles = new Map<number, AuditEntry>();
    for (const { ticketId, double } of conflicts) {
      if (!double || doubles.has(double.id)) continue;
      doubles.set(double.id, {
        actor: `device:${device.id}`,
        action: 'GATE_DOUBLE_ENTRY',
        subject: ticketCodes.get(ticketId) ?? null,
        requestId,
        details: {
          eventId,
          admissionId: double.admissionId,
          doubleEntryId: double.id,
          admittedAt: double.admittedAt,
        },
      });
    }
    await audit(tx, [...doubles.values()]);
    return new Map(conflicts.map((conflict) => [conflict.at, conflict.resent]));
  });
}

/** At most this many passes: another pass only when an admission was undone between two statements. */
const MAX_PASSES = 3;
/** Codes verified at once (each a read and one or two signature checks). */
const VERIFYING_AT_ONCE = 8;

type Verdict =
  | { reason: OfflineUploadReason }
  | { reason: null; ticketId: number; proofDigest: string; idempotencyKey: string | null; minor: boolean };

/** Each of `items` through `work`, at most `atOnce` at a time, the answers in order. */
async function inGroups<Item, Answer>(
  items: readonly Item[],
  atOnce: number,
  work: (item: Item, at: number) => Promise<Answer>,
) {
  const answers: Answer[] = [];
  for (let from = 0; from < items.length; from += atOnce) {
    const group = items.slice(from, from + atOnce);
    answers.push(...(await Promise.all(group.map((item, offset) => work(item, from + offset)))));
  }
  return answers;
}

/**
 * The upload's rows, by place, whose idempotency key names an admission this device recorded of the
 * same ticket (`recorded`: that admission, acknowledged as it is), and those whose key is kept with the
 * admission they record (`kept`): the first row of each key not used before. A key that names another
 * ticket's admission, or an earlier row's, is a device's mistake, not a retry: the row is decided as
 * one without a key.
 */
async function sameScans(
  db: Db,
  deviceId: string,
  eventId: number,
  admissions: OfflineAdmissions['admissions'],
) {
  const keys = [...new Set(admissions.flatMap((row) => (row.idempotencyKey ? [row.idempotencyKey] : [])))];
  const found = keys.length === 0 ? [] : await findKeyedAdmissions(db, deviceId, eventId, keys);
  const ticketOfKey = new Map(found.map((row) => [row.idempotencyKey, row.ticketCode] as const));
  const recorded = new Set<number>();
  const kept = new Set<number>();
  const seen = new Set<string>();
  admissions.forEach(({ idempotencyKey, ticketCode }, at) => {
    if (idempotencyKey === undefined) return;
    const ticketOfFound = ticketOfKey.get(idempotencyKey);
    if (ticketOfFound === ticketCode) recorded.add(at);
    else if (ticketOfFound === undefined && !seen.has(idempotencyKey)) kept.add(at);
    seen.add(idempotencyKey);
  });
  return { recorded, kept };
}

/** Counts the refusals not uploaded before, each with its audit row (what the counts read), in one transaction. */
async function recordRefusals(
  db: Db,
  device: Device,
  eventId: number,
  refusals: NonNullable<OfflineAdmissions['refusals']>,
  requestId: string,
): Promise<OfflineAdmissionResults['refusals']> {
  if (refusals.length === 0) return [];
  const rows = refusals.map((refusal) => ({
    reason: refusal.reason,
    refusedAt: refusal.refusedAt,
    proofDigest: proofDigestOf(refusal.code),
  }));
  const keyOf = (row: { refusedAt: string; proofDigest: string }) =>
    `${Date.parse(row.refusedAt)}/${row.proofDigest}`;
  const inserted = await db.transaction(async (tx) => {
    const stored = await insertOfflineRefusals(tx, device.id, eventId, rows);
    await audit(
      tx,
      stored.map((refusal) => ({
        actor: `device:${device.id}`,
        action: 'GATE_REFUSE',
        subject: null,
        requestId,
        details: { eventId, reason: refusal.reason, offline: true, refusedAt: refusal.refusedAt },
      })),
    );
    return new Set(stored.map(keyOf));
  });
  return rows.map((row) => ({
    refusedAt: row.refusedAt,
    outcome: inserted.has(keyOf(row)) ? 'RECORDED' : 'ALREADY_RECORDED',
  }));
}

export async function recordOfflineAdmissions(
  db: Db,
  device: Device,
  upload: OfflineAdmissions,
  context: { requestId: string; trustedKeys: readonly PlatformPublicKey[] },
): Promise<OfflineAdmissionResults> {
  const { requestId } = context;
  const event = await matchForDevice(db, device, upload.eventId);
  const latest = Date.now() + GATE_UPLOAD_CLOCK_SKEW_SECONDS * 1000;
  const keyed = await sameScans(db, device.id, event.id, upload.admissions);

  // Each admission's code, verified as the online decision would have at the recorded time.
  const verdicts = await inGroups(
    upload.admissions,
    VERIFYING_AT_ONCE,
    async (admission, place): Promise<Verdict> => {
      // The scan's own admission, recorded already: nothing to verify, since nothing is recorded.
      if (keyed.recorded.has(place)) return { reason: 'ADMITTED' };
      const at = new Date(admission.admittedAt);
      const { scan, parsed } = await readScan(db, device.id, admission.code, event.id);
      if (!scan) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
      const facts = codeFacts(scan, parsed, context.trustedKeys, at);
      // The entry rule at the recorded time, the code being the ticket's the device says it admitted;
      // who entered was the device's to decide (its manifest), and a second admission is a double entry.
      const reason = decideEntry(
        {
          ...facts,
          code: facts.code && {
            ...facts.code,
            known: scan.ticket?.publicCode === admission.ticketCode,
          },
        },
        at,
      );
      if (reason !== 'ADMITTED') return { reason };
      if (!scan.ticket) return { reason: 'UNKNOWN_CODE' };
      if (at.getTime() > latest) return { reason: 'RECORDED_IN_FUTURE' };
      // A minor on their own ticket (as the online decision tells): the guardian is told.
      const { minor } = whoEnters(ticketAtFixture(scan, scan.ticket));
      return {
        reason: null,
        ticketId: scan.ticket.id,
        proofDigest: proofDigestOf(admission.code),
        idempotencyKey: keyed.kept.has(place) ? (admission.idempotencyKey ?? null) : null,
        minor,
      };
    },
  );
  const ticketCodes = new Map<number, string>();
  const recording: Upload = { db, device, eventId: event.id, ticketCodes, requestId };
  const minors = new Set<number>();
  const outcomes: Outcome[] = upload.admissions.map((_, at) =>
    keyed.recorded.has(at) ? 'ALREADY_RECORDED' : 'NOT_RECORDED',
  );
  let unsettled: Pending[] = [];
  verdicts.forEach((verdict, at) => {
    if (verdict.reason !== null) return;
    const admission = upload.admissions[at] as OfflineAdmissions['admissions'][number];
    ticketCodes.set(verdict.ticketId, admission.ticketCode);
    if (verdict.minor) minors.add(verdict.ticketId);
    unsettled.push({
      at,
      ticketId: verdict.ticketId,
      admittedAt: admission.admittedAt,
      proofDigest: verdict.proofDigest,
      idempotencyKey: verdict.idempotencyKey,
    });
  });
  for (let pass = 0; pass < MAX_PASSES && unsettled.length > 0; pass += 1) {
    // One admission per ticket is offered for recording, the earliest; any other of the same ticket
    // in the upload meets it as a conflict (the same device at another time: a double entry).
    const earliest = new Map<number, Pending>();
    for (const item of unsettled) {
      const seen = earliest.get(item.ticketId);
      if (!seen || Date.parse(item.admittedAt) < Date.parse(seen.admittedAt))
        earliest.set(item.ticketId, item);
    }
    const recorded = await record(recording, [...earliest.values()], minors);
    const rest: Pending[] = [];
    for (const item of unsettled) {
      if (recorded.has(item.ticketId) && earliest.get(item.ticketId) === item) outcomes[item.at] = 'RECORDED';
      else rest.push(item);
    }
    const conflicts = rest.length === 0 ? new Map<number, boolean>() : await settleConflicts(recording, rest);
    unsettled = [];
    for (const item of rest) {
      const resent = conflicts.get(item.at);
      if (resent === undefined) unsettled.push(item);
      else outcomes[item.at] = resent ? 'ALREADY_RECORDED' : 'DOUBLE_ENTRY';
    }
  }
  return {
    results: upload.admissions.map((admission, at) => {
      const verdict = verdicts[at];
      const outcome = outcomes[at] ?? 'NOT_RECORDED';
      return {
        ticketCode: admission.ticketCode,
        admittedAt: admission.admittedAt,
        outcome,
        // A verified admission left unsettled after every pass (undone meanwhile, again and again).
        reason: verdict?.reason ?? (outcome === 'NOT_RECORDED' ? 'ALREADY_ADMITTED' : 'ADMITTED'),
      };
    }),
    refusals: await recordRefusals(db, device, event.id, upload.refusals ?? [], requestId),
  };
}
