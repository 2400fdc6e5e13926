/**
 * The floor of a gate admission (POST /api/gate/admissions): the platform's three statements — the
 * device read by its credential's hash (before the body), the scan, which reads everything the
 * decision needs for that device, and the admission with its audit row — recorded from
 * `authenticateDevice` and `decideAdmission` (statements.ts), sent with
 * the values the platform sends, and the same answer. The decision is the platform's own rule
 * (`decideEntry`) on the scan's row, for prints found as stored (any other code's signatures would
 * need checking) and short of admitting a minor (the platform tells the guardian in the same
 * transaction): those answer 500, so a change in the bench's data cannot pass unnoticed.
 */
import { hash, randomUUID } from 'node:crypto';
import {
  decideEntry,
  EMPTY_ADMISSION,
  EVENT_DURATION_MINUTES,
  GATES_OPEN_MINUTES_BEFORE,
  IDENTITY_KEY_PREFIX,
  formatTime,
  gateMessages,
  type Admission,
  type AdmissionReason,
  showsEntrant,
  whoEnters,
} from '@tickets/domain';
import { groupCommit, MAX_ADMISSIONS_PER_STATEMENT, proofDigestOf } from '../../../apps/server/src/bench-api';
import type { Statement } from './statements';

export type RunArrays = (statement: Statement, values: unknown[]) => Promise<unknown[][]>;
type Answer = (status: number, body: unknown) => void;
type Refuse = (status: number, code: string) => void;

const { afm: AFM, amka: AMKA, document: DOC } = IDENTITY_KEY_PREFIX;

/** The scan's values as `decideAdmission` gives them, for a code that is not a signed one. */
export const scanValues = (code: string, eventId: number, deviceId: string) => [
  EVENT_DURATION_MINUTES,
  GATES_OPEN_MINUTES_BEFORE,
  AFM,
  AMKA,
  DOC,
  AFM,
  AMKA,
  DOC,
  true,
  AFM,
  AMKA,
  DOC,
  AFM,
  AMKA,
  DOC,
  true,
  eventId,
  code,
  null,
  null,
  null,
  null,
  'ACCEPTED',
  'COMPLETED',
  'ACCEPTED',
  deviceId,
  1,
];

/** What an admission records: ticket, event, device, the ticket's public code, the request's id, the proof. */
export type AdmissionRow = [
  ticketId: unknown,
  eventId: number,
  deviceId: unknown,
  publicCode: unknown,
  requestId: string,
  /** The digest of the code as scanned, kept with the admission (its proof). */
  proofDigest: string,
];

/** The admission statement's values for a batch of admissions, as the platform's group commit gives them. */
export const admitColumns = (rows: AdmissionRow[]) =>
  [0, 1, 2, 3, 4, 5].map((at) => rows.map((row) => row[at]));

export const tokenHash = (token: string) => hash('sha256', token, 'hex');

/** The device statement's values: the credential's hash, and its limit of one row. */
export const deviceValues = (token: string) => [tokenHash(token), 1];

/** The columns of the scan's row the decision reads, where the platform's statement puts them. */
const C = {
  deviceId: 0,
  deviceLabel: 2,
  eventId: 3,
  seasonId: 5,
  endsAt: 6,
  gatesOpenAt: 7,
  ticketId: 8,
  ticketEventId: 9,
  publicCode: 10,
  fullName: 13,
  documentType: 14,
  documentId: 15,
  sector: 16,
  row: 17,
  seat: 18,
  source: 19,
  revoked: 22,
  holderName: 23,
  holderAge: 24,
  loanAfm: 25,
  companionName: 28,
  companionAfm: 29,
  firstAt: 30,
  firstDevice: 31,
  entrantSuspended: 32,
  companionSuspended: 33,
} as const;
export const SCAN_COLUMNS = 34;

/** Key order as the platform's answer (its response schema's). */
const ordered = (admission: Admission) => ({
  decision: admission.decision,
  reason: admission.reason,
  message: admission.message,
  admissionId: admission.admissionId,
  holderName: admission.holderName,
  documentType: admission.documentType,
  documentHint: admission.documentHint,
  seat: admission.seat,
  companion: admission.companion,
  admittedAt: admission.admittedAt,
  admittedBy: admission.admittedBy,
});

export function gateAdmission(deps: {
  run: RunArrays;
  /** The device by its credential, read before the body as the platform's one authentication step. */
  device: Statement;
  scan: Statement;
  /** The admissions' INSERT, group-committed as the platform's. */
  admit: Statement;
  /** The group-committed audit row of a refusal: actor, action, subject, request id, details (JSON). */
  audit: (row: [string, string, string | null, string, string]) => Promise<void>;
}) {
  // The statement answers the rows it recorded: id, time, ticket, event.
  const admit = groupCommit(async (rows: AdmissionRow[]) => {
    const recorded = await deps.run(deps.admit, admitColumns(rows));
    const byKey = new Map(recorded.map((row) => [`${String(row[2])}/${String(row[3])}`, row]));
    return rows.map((row) => byKey.get(`${String(row[0])}/${row[1]}`));
  }, MAX_ADMISSIONS_PER_STATEMENT);
  return async (token: string, body: Promise<string>, answer: Answer, refuse: Refuse): Promise<void> => {
    const [device] = await deps.run(deps.device, deviceValues(token));
    if (!device) {
      body.catch(() => undefined);
      return refuse(401, 'GATE_DEVICE_UNAUTHENTICATED');
    }
    const request = JSON.parse(await body) as { eventId: number; code: string };
    const code = request.code.trim().toUpperCase();
    const requestId = randomUUID();
    const [row] = await deps.run(deps.scan, scanValues(code, request.eventId, device[0] as string));
    if (!row) return refuse(401, 'GATE_DEVICE_UNAUTHENTICATED');
    if (row[C.eventId] === null) return refuse(404, 'EVENT_NOT_FOUND');
    const deviceId = row[C.deviceId] as string;
    const decided = async (reason: AdmissionReason, shown: Partial<Admission> = {}) => {
      await deps.audit([
        `device:${deviceId}`,
        'GATE_REFUSE',
        (row[C.publicCode] as string | null) ?? null,
        requestId,
        JSON.stringify({ eventId: row[C.eventId], reason }),
      ]);
      answer(
        200,
        ordered({
          ...EMPTY_ADMISSION,
          decision: 'REFUSE',
          reason,
          message: gateMessages.decisions[reason],
          ...shown,
        }),
      );
    };
    if (row[C.ticketId] === null) return decided('UNKNOWN_CODE');
    // A print found as it was stored is genuine; any other code's signatures would need checking.
    if (row[C.source] !== 'print' || row[C.revoked] !== false) return refuse(500, 'NOT_IN_THE_FLOOR');
    const companionAfm = row[C.companionAfm] as string | null;
    // The platform's facts of whoever enters, on what the scan's row says (a loan's recipient does not
    // enter by a print: NOT_FOR_THIS_EVENT below, before anyone is shown).
    const entrant = whoEnters({
      holder: {
        name: (row[C.fullName] ?? row[C.holderName]) as string | null,
        age: row[C.holderAge] as number | null,
        documentType: row[C.documentType] as string | null,
        documentId: row[C.documentId] as string | null,
      },
      loan: null,
      companion:
        companionAfm === null
          ? null
          : {
              name: row[C.companionName] as string,
              afm: companionAfm,
              suspended: row[C.companionSuspended] !== false,
            },
    });
    const ticketEventId = row[C.ticketEventId];
    // The platform's rule, on what the scan's row says (a print is the holder's code, never a phone's).
    const reason = decideEntry(
      {
        code: {
          genuine: true,
          revoked: false,
          fresh: true,
          forThisEvent: ticketEventId === row[C.eventId] || ticketEventId === row[C.seasonId],
          known: true,
        },
        entersThisEvent: row[C.loanAfm] === null,
        phoneIsEntrants: true,
        gatesOpenAt: new Date(row[C.gatesOpenAt] as string),
        endsAt: new Date(row[C.endsAt] as string),
        entrant: {
          suspended: row[C.entrantSuspended] === true,
          companionRequired: entrant.companionRequired,
          companion: entrant.shown.companion !== null,
        },
        alreadyAdmitted: row[C.firstAt] !== null,
      },
      new Date(),
    );
    if (!showsEntrant(reason)) return decided(reason);
    const shown: Partial<Admission> = {
      ...entrant.shown,
      seat: gateMessages.seat({
        sector: row[C.sector] as string | null,
        row: row[C.row] as string | null,
        seat: row[C.seat] as string | null,
      }),
    };
    if (reason !== 'ADMITTED' && reason !== 'ALREADY_ADMITTED') return decided(reason, shown);
    // The platform tells a minor's guardian in the admission's transaction: not the floor's to do.
    if (reason === 'ADMITTED' && entrant.minor) return refuse(500, 'NOT_IN_THE_FLOOR');
    const firstAt = row[C.firstAt] as string | null;
    if (firstAt !== null) {
      const device = row[C.firstDevice] as string;
      return decided('ALREADY_ADMITTED', {
        ...shown,
        message: gateMessages.alreadyAdmittedAt(formatTime(firstAt), device),
        admittedAt: new Date(firstAt).toISOString(),
        admittedBy: device,
      });
    }
    const admitted = await admit([
      row[C.ticketId],
      request.eventId,
      deviceId,
      row[C.publicCode],
      requestId,
      proofDigestOf(code),
    ]);
    // Another device's admission between scan and record: the platform reads it then; not here.
    if (!admitted) return refuse(500, 'NOT_IN_THE_FLOOR');
    answer(
      200,
      ordered({
        ...EMPTY_ADMISSION,
        ...shown,
        decision: 'ADMIT',
        reason: 'ADMITTED',
        message: gateMessages.decisions.ADMITTED,
        admissionId: admitted[0] as string,
        admittedAt: new Date(admitted[1] as string).toISOString(),
        admittedBy: row[C.deviceLabel] as string,
      }),
    );
  };
}
