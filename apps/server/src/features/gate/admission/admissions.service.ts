import { createHash } from 'node:crypto';
import {
  EMPTY_ADMISSION,
  decideEntry,
  formatTime,
  gateDecisionMessage,
  gateMessages,
  parseGateCode,
  verifyGateCodeSignatures,
  type PlatformPublicKey,
  type ParsedGateCode,
  type Admission,
  type AdmissionReason,
  type AdmissionRequest,
  type EntryFacts,
  showsEntrant,
  whoEnters,
  type TicketAtFixture,
} from '@tickets/domain';
import type { Db } from '../../../db/client';
import { perDatabase } from '../../../db/prepared';
import { AppError } from '../../../shared/app-error';
import { audit, type AuditEntry } from '../../../shared/audit';
import { admitsTo } from '../../../rules/entry';
import { groupCommit } from '../../../shared/group-commit';
import { notify } from '../../../shared/notifications';
import { minorAdmittedNotices } from '../../../rules/notices';
import type { PresentedCredential } from '../../../eu-wallet/ports';
import {
  admitQuery,
  findFirstAdmission,
  lockAdmissionOfClub,
  markAdmissionUndone,
  scanQuery,
} from './admissions.queries';
import type { Device } from '../devices/devices.service';

/**
 * The entry decision (docs/design.md §8): is the code genuine and current, for this event, are the
 * gates open, is the one who enters free of any suspension, does a young minor come with an
 * accepted companion, and has the ticket not entered before. The first failing check is the
 * reason; an admission is recorded once per ticket and event, by the database.
 */

/** One row of the scan statement: the device, the event and what the code was found to be. */
export type Scan = NonNullable<Awaited<ReturnType<ReturnType<typeof scanQuery>['execute']>>[number]>;

/**
 * The digest kept with an admission (gate_admissions.proof_digest): SHA-256 of the code as the gate
 * reads it (trimmed, upper case), base64url. Never the code itself: a print's code admits its holder.
 */
export const proofDigestOf = (code: string) =>
  createHash('sha256').update(code.trim().toUpperCase()).digest('base64url');

/** What a code, or a presentation, claims to be. */
export type ReadCode = ParsedGateCode | PresentedCredential;

/**
 * Reads what the code is, for the (authenticated) device `deviceId`, at the event; with the scan's
 * idempotency key, the admission this device made with it, if this is a retry.
 */
export async function readScan(
  db: Db,
  deviceId: string,
  code: string,
  eventId: number,
  idempotencyKey: string | null = null,
) {
  const normalized = code.trim().toUpperCase();
  // A signed code says which ticket and print, or which wallet credential, it claims to be.
  const parsed = parseGateCode(normalized);
  const [scan] = await scanQuery(db).execute({
    code: normalized,
    eventId,
    deviceId,
    printTicket: parsed?.kind === 'paper' ? parsed.ticketCode : null,
    printSerial: parsed?.kind === 'paper' ? parsed.serial : null,
    credentialId: parsed?.kind === 'wallet' ? parsed.credentialId : null,
    devicePublicKey: parsed?.kind === 'wallet' ? parsed.devicePublicKey : null,
    presentedCredentialId: null,
    presentedKeyThumbprint: null,
    idempotencyKey,
  });
  return { scan, parsed };
}

/** Reads what a presented EU wallet credential is, for the device at the event, as a scan. */
async function readPresentation(db: Db, deviceId: string, presented: PresentedCredential, eventId: number) {
  const [scan] = await scanQuery(db).execute({
    code: '',
    eventId,
    deviceId,
    printTicket: null,
    printSerial: null,
    credentialId: null,
    devicePublicKey: null,
    presentedCredentialId: presented.credentialId,
    presentedKeyThumbprint: presented.keyThumbprint,
    idempotencyKey: null,
  });
  return { scan, parsed: presented };
}

/** The scan's ticket as `whoEnters` reads it: its holder, the loan of this fixture, the companion. */
export const ticketAtFixture = (scan: Scan, ticket: NonNullable<Scan['ticket']>): TicketAtFixture => ({
  holder: {
    name: ticket.fullName ?? scan.holderName,
    age: scan.holderAge,
    documentType: ticket.documentType,
    documentId: ticket.documentId,
  },
  loan: scan.loanAfm === null ? null : { name: scan.loanName },
  companion:
    scan.companionAfm === null
      ? null
      : { name: scan.companionName, afm: scan.companionAfm, suspended: scan.companionSuspended },
});

/**
 * What the scan's row and the code's signatures establish at `at`, for the entry rule (`decideEntry`,
 * docs/design.md §8): whether the code is genuine (signatures, and a wallet code's time within the
 * window of `at`), current (not revoked or replaced), for this event, whether it admits the one who
 * enters (the holder's codes do not on a fixture lent away) and whether a wallet code's phone was registered by the one who enters (or
 * a young entrant's guardian); when the gates open and when the fixture is over. The same facts online
 * (`at` now) and for an upload of offline admissions (`at` the time the device recorded).
 */
export function codeFacts(
  scan: Scan,
  parsed: ReadCode | undefined,
  trustedKeys: readonly PlatformPublicKey[],
  at: Date,
): EntryFacts {
  const { ticket } = scan;
  const event = scan.event as NonNullable<typeof scan.event>;
  const times = { gatesOpenAt: event.gatesOpenAt, endsAt: event.endsAt, cancelledAt: event.cancelledAt };
  const unknown = { code: null, entersThisEvent: false, phoneIsEntrants: false, ...times };
  if (!ticket || !parsed) return unknown;
  const { source } = scan.scanned;
  // A presented credential's status is in the issuer's list, read apart (eu-wallet/verifier/presentations.service.ts).
  const revoked = parsed.kind === 'presentation' ? parsed.revoked : scan.scanned.revoked;
  // Genuine: a print found as it was stored is; a revoked print and a credential are known by what
  // they claim, so their signatures must hold (and a wallet code's time). A presentation's were
  // verified before it was read (its issuer's signature and key binding).
  const signatures =
    parsed.kind === 'random' || parsed.kind === 'presentation' || (source === 'print' && !revoked)
      ? { ok: true as const }
      : verifyGateCodeSignatures(parsed, trustedKeys, { now: at });
  const walletCode =
    scan.scanned.issuedTo === null ? undefined : { ...scan.scanned, issuedTo: scan.scanned.issuedTo };
  // The recipient of a loan of this fixture enters it, not the holder (docs/design.md §8).
  const lent = scan.loanAfm !== null;
  const entrantAfm = lent ? scan.loanAfm : ticket.holderAfm;
  // The holder's code (paper, or the holder's phone) for a fixture the holder lent: only the
  // recipient's code admits to it.
  const holdersCode = !walletCode || walletCode.issuedTo === ticket.holderAfm;
  // A wallet code admits only the one it was given to: the entrant, or a young entrant's guardian.
  const bearerEnters = (issuedTo: string) => (entrantAfm ? entrantAfm === issuedTo : scan.bearerIsGuardian);
  const facts: EntryFacts = {
    code: {
      genuine:
        (signatures.ok || signatures.reason !== 'UNKNOWN_CODE') &&
        (parsed.kind === 'random' || parsed.ticketCode === ticket.publicCode),
      revoked,
      fresh: signatures.ok || signatures.reason !== 'CODE_EXPIRED',
      forThisEvent:
        source === 'print'
          ? admitsTo(ticket, event)
          : walletCode?.eventId === event.id || walletCode?.eventId === event.seasonId,
      known: true,
    },
    entersThisEvent: !(lent && holdersCode),
    phoneIsEntrants: !walletCode || bearerEnters(walletCode.issuedTo),
    ...times,
  };
  return facts;
}

/**
 * Decides for the device, authenticated before the body was read (routes.ts). With an idempotency key
 * (one per scan, the same on each retry of it), a retry of a scan this device was admitted on is
 * answered with that admission, not ALREADY_ADMITTED (docs/design.md §8, "A scan is answered once").
 */
export async function decideAdmission(
  db: Db,
  authenticated: Device,
  request: AdmissionRequest & { idempotencyKey?: string },
  context: AdmissionContext,
): Promise<Admission> {
  const idempotencyKey = request.idempotencyKey ?? null;
  const read = await readScan(db, authenticated.id, request.code, request.eventId, idempotencyKey);
  return decideRead(db, read, { proofDigest: proofDigestOf(request.code), idempotencyKey }, context);
}

/**
 * Decides for the device on a verified OpenID4VP presentation (eu-wallet/verifier/presentations.service.ts), with the
 * same rule, the same single admission and the same audit as a scanned code: the two gate paths
 * share one decision (docs/design.md §12). The proof kept is the digest of the presentation.
 */
export async function decidePresentedAdmission(
  db: Db,
  authenticated: Pick<Device, 'id'>,
  presented: PresentedCredential,
  request: { eventId: number; proofDigest: string },
  context: AdmissionContext,
): Promise<Admission> {
  const read = await readPresentation(db, authenticated.id, presented, request.eventId);
  return decideRead(db, read, { proofDigest: request.proofDigest, idempotencyKey: null }, context);
}

type AdmissionContext = {
  audit: (entry: AuditEntry) => Promise<void>;
  requestId: string;
  trustedKeys: readonly PlatformPublicKey[];
  /**
   * Hears of each decision made (the route counts it in `tickets_gate_decisions_total`); not of a
   * retry answered with the decision its first send was made (the idempotency key's replay).
   */
  decided?: (reason: AdmissionReason) => void;
};

/** An admission as the steward is answered it: the one recorded now, or the first answer replayed. */
const admittedAnswer = (
  shown: Partial<Admission>,
  admission: { id: string; admittedAt: Date },
  deviceLabel: string,
): Admission => ({
  ...EMPTY_ADMISSION,
  ...shown,
  decision: 'ADMIT',
  reason: 'ADMITTED',
  message: gateMessages.decisions.ADMITTED,
  admissionId: admission.id,
  admittedAt: admission.admittedAt.toISOString(),
  admittedBy: deviceLabel,
});

async function decideRead(
  db: Db,
  { scan, parsed }: { scan: Scan | undefined; parsed: ReadCode | undefined },
  { proofDigest, idempotencyKey }: { proofDigest: string; idempotencyKey: string | null },
  context: AdmissionContext,
): Promise<Admission> {
  if (!scan) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
  if (scan.eventId === null) throw new AppError('EVENT_NOT_FOUND');
  const { device, ticket } = scan;
  const event = scan.event as NonNullable<typeof scan.event>;
  // A retry of a scan this device was admitted on (its answer lost): the first decision again, as it
  // was, whatever has changed since (a wallet code grown old meanwhile); nothing recorded, nothing audited.
  if (ticket && scan.keyedId !== null && scan.keyedAt !== null) {
    const { shown } = whoEnters(ticketAtFixture(scan, ticket));
    return admittedAnswer(
      { ...shown, seat: gateMessages.seat(ticket) },
      { id: scan.keyedId, admittedAt: scan.keyedAt },
      device.label,
    );
  }
  const first = scan.firstAt === null ? null : { at: scan.firstAt, device: scan.firstDevice as string };
  const refuse = async (reason: AdmissionReason, shown: Partial<Admission> = {}): Promise<Admission> => {
    await context.audit({
      actor: `device:${device.id}`,
      action: 'GATE_REFUSE',
      subject: ticket?.publicCode ?? null,
      requestId: context.requestId,
      details: { eventId: event.id, reason },
    });
    context.decided?.(reason);
    return {
      ...EMPTY_ADMISSION,
      decision: 'REFUSE',
      reason,
      // A presentation is a wallet's credential, as a wallet code is.
      message: gateDecisionMessage(reason, parsed?.kind === 'presentation' ? 'wallet' : parsed?.kind),
      ...shown,
    };
  };
  const now = new Date();
  const facts = codeFacts(scan, parsed, context.trustedKeys, now);
  const entrant = ticket ? whoEnters(ticketAtFixture(scan, ticket)) : undefined;
  const reason = decideEntry(
    {
      ...facts,
      entrant: entrant && {
        suspended: scan.entrantSuspended,
        companionRequired: entrant.companionRequired,
        companion: entrant.shown.companion !== null,
      },
      alreadyAdmitted: first !== null,
    },
    now,
  );
  if (!ticket || !entrant || !showsEntrant(reason)) return refuse(reason);

  const shown: Partial<Admission> = { ...entrant.shown, seat: gateMessages.seat(ticket) };
  if (reason !== 'ADMITTED' && reason !== 'ALREADY_ADMITTED') return refuse(reason, shown);

  const admitted = first
    ? undefined
    : await admit(db)({
        ticketId: ticket.id,
        eventId: event.id,
        deviceId: device.id,
        subject: ticket.publicCode,
        requestId: context.requestId,
        proofDigest,
        idempotencyKey,
        minor: entrant.minor,
      });
  if (admitted) {
    context.decided?.('ADMITTED');
    return admittedAnswer(shown, admitted, device.label);
  }
  const between = first ? undefined : await findFirstAdmission(db, ticket.id, event.id);
  // The admission that came between was this very scan's, sent again while the first was being
  // recorded (the same process's group commit, or another process): the once key decided, and both
  // are answered its admission.
  if (idempotencyKey !== null && between?.deviceId === device.id && between.idempotencyKey === idempotencyKey)
    return admittedAnswer(shown, { id: between.id, admittedAt: between.at }, device.label);
  const earlier = first ?? between;
  return refuse('ALREADY_ADMITTED', {
    ...shown,
    message: earlier
      ? gateMessages.alreadyAdmittedAt(formatTime(earlier.at), earlier.device)
      : gateMessages.decisions.ALREADY_ADMITTED,
    admittedAt: earlier?.at.toISOString() ?? null,
    admittedBy: earlier?.device ?? null,
  });
}

type AdmissionToRecord = {
  ticketId: number;
  eventId: number;
  deviceId: string;
  subject: string;
  requestId: string;
  proofDigest: string;
  idempotencyKey: string | null;
  /** The one who enters is a minor on their own ticket: the guardian is told (issue #30). */
  minor: boolean;
};

/** Admissions recorded in one statement at a time, per process: at most this many in one. */
const MAX_ADMISSIONS_PER_STATEMENT = 200;

/**
 * Records an admission and its audit row, group-committed with the admissions of concurrent scans
 * (bench/README.md, the gate admission); answers it, or none when the ticket has entered already.
 * Of the same ticket twice in one batch the second is not sent: the first is recorded or refused,
 * and the second finds it. A batch that holds a minor's admission is one transaction with the message
 * to the guardian (the outbox, docs/design.md §11); a batch of adults stays one statement.
 */
const admit = perDatabase((db) =>
  groupCommit(async (batch: AdmissionToRecord[]) => {
    const keyOf = (row: Pick<AdmissionToRecord, 'ticketId' | 'eventId'>) => `${row.ticketId}/${row.eventId}`;
    const firsts = new Map<string, AdmissionToRecord>();
    for (const row of batch) if (!firsts.has(keyOf(row))) firsts.set(keyOf(row), row);
    const rows = [...firsts.values()];
    const columns = {
      ticketIds: rows.map((row) => row.ticketId),
      eventIds: rows.map((row) => row.eventId),
      deviceIds: rows.map((row) => row.deviceId),
      subjects: rows.map((row) => row.subject),
      requestIds: rows.map((row) => row.requestId),
      proofDigests: rows.map((row) => row.proofDigest),
      idempotencyKeys: rows.map((row) => row.idempotencyKey),
    };
    const minors = new Set(rows.filter((row) => row.minor).map(keyOf));
    const recorded =
      minors.size === 0
        ? await admitQuery(db).execute(columns)
        : await db.transaction(async (tx) => {
            const inserted = await admitQuery(tx).execute(columns);
            const ids = inserted.filter((row) => minors.has(keyOf(row))).map((row) => row.id);
            await notify(db, tx, await minorAdmittedNotices(tx, ids));
            return inserted;
          });
    const byKey = new Map(recorded.map((row) => [keyOf(row), row] as const));
    return batch.map((row) => (firsts.get(keyOf(row)) === row ? byKey.get(keyOf(row)) : undefined));
  }, MAX_ADMISSIONS_PER_STATEMENT),
);

/** A steward undoes an admission made in error, within minutes, on a device of the same club. */
export async function undoAdmission(db: Db, device: Device, admissionId: string, requestId: string) {
  await db.transaction(async (tx) => {
    const admission = await lockAdmissionOfClub(tx, admissionId, device.organisationId);
    if (!admission) throw new AppError('ADMISSION_NOT_FOUND');
    if (!admission.recent) throw new AppError('ADMISSION_UNDO_EXPIRED');
    await markAdmissionUndone(tx, admissionId);
    await audit(tx, {
      actor: `device:${device.id}`,
      action: 'GATE_ADMIT_UNDO',
      subject: admissionId,
      requestId,
    });
  });
}
