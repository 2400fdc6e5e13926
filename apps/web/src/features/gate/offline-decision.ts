import {
  formatTime,
  GATE_CODE_MAX_LENGTH,
  gateDecisionMessage,
  gateMessages,
  gateScreenMessages,
  parseGateCode,
  verifyGateCode,
  type Admission,
  type GateHolder,
  type GateManifest,
} from '@tickets/domain';
import type { GateStore, LocalRefusal } from './offline-store';

/**
 * The decision a device makes alone (docs/design.md §8 "Offline"): the domain's `verifyGateCode` with
 * the match's signed manifest, then this device's own record of the tickets it let in, so a ticket
 * enters once per device; the server sees the rest when the admissions are uploaded.
 */

const noHolder: Omit<GateHolder, 'ticketCode'> = {
  holderName: null,
  documentType: null,
  documentHint: null,
  seat: null,
  companion: null,
};

/** The same shape as the server's answer, so the steward reads one panel either way. */
function answer(
  decision: Admission['decision'],
  reason: Admission['reason'],
  holder: Omit<GateHolder, 'ticketCode'>,
  message: string = gateMessages.decisions[reason],
  admittedAt: string | null = null,
): Admission {
  const { holderName, documentType, documentHint, seat, companion } = holder;
  return {
    decision,
    reason,
    message,
    admissionId: null,
    holderName,
    documentType,
    documentHint,
    seat,
    companion,
    admittedAt,
    admittedBy: admittedAt ? gateScreenMessages.thisDevice : null,
  };
}

/**
 * Every code refused, the club having cancelled the match (the server refused the device its manifest,
 * use-offline-gate.ts): counted on the match as the other refusals are, once uploaded.
 */
export async function refuseCancelled(
  store: GateStore | undefined,
  { eventId, code, now }: { eventId: number; code: string; now: Date },
): Promise<Admission> {
  const scanned = code.trim().slice(0, GATE_CODE_MAX_LENGTH);
  await store?.recordRefusal({
    eventId,
    code: scanned,
    reason: 'EVENT_CANCELLED',
    refusedAt: now.toISOString(),
  });
  return answer('REFUSE', 'EVENT_CANCELLED', noHolder);
}

export async function decideOffline(
  store: GateStore,
  manifest: GateManifest,
  {
    eventId,
    code,
    now,
    idempotencyKey,
  }: {
    eventId: number;
    code: string;
    now: Date;
    /** The scan's key, as sent online before the device decided alone: uploaded with the admission. */
    idempotencyKey?: string;
  },
): Promise<Admission> {
  const scanned = code.trim().slice(0, GATE_CODE_MAX_LENGTH);
  const verified = verifyGateCode(code, manifest, { eventId, now });
  // A refusal is counted on the match too, once uploaded (the code as scanned, the reason, the time).
  const refused = async (reason: LocalRefusal['reason']) =>
    store.recordRefusal({ eventId, code: scanned, reason, refusedAt: now.toISOString() });
  if (!verified.ok) {
    await refused(verified.reason);
    const message = verified.newerThanList
      ? gateMessages.newerThanList
      : gateDecisionMessage(verified.reason, parseGateCode(scanned)?.kind);
    return answer('REFUSE', verified.reason, verified.holder ?? noHolder, message);
  }
  const admittedAt = now.toISOString();
  const before = await store.recordAdmission({
    eventId,
    ticketCode: verified.ticketCode,
    admittedAt,
    code: scanned,
    ...(idempotencyKey ? { idempotencyKey } : {}),
    offline: true,
    uploaded: false,
  });
  if (before) {
    await refused('ALREADY_ADMITTED');
    const message = gateMessages.alreadyAdmittedAt(
      formatTime(new Date(before.admittedAt)),
      gateScreenMessages.thisDevice,
    );
    return answer('REFUSE', 'ALREADY_ADMITTED', verified, message, before.admittedAt);
  }
  return answer('ADMIT', 'ADMITTED', verified, undefined, admittedAt);
}

/**
 * The ticket a scanned code is for, to remember an online admission: written in a signed code, and for
 * a random one (Code 128) found through the manifest.
 */
export function ticketCodeOf(
  code: string,
  manifest: GateManifest | undefined,
  eventId: number,
  now: Date,
): string | undefined {
  const parsed = parseGateCode(code.trim());
  if (parsed && parsed.kind !== 'random') return parsed.ticketCode;
  if (!manifest) return undefined;
  const verified = verifyGateCode(code.trim(), manifest, { eventId, now });
  return verified.ok ? verified.ticketCode : verified.holder?.ticketCode;
}
