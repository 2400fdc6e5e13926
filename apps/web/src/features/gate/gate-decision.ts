import { gateScreenMessages, type Admission, type AdmissionRequest } from '@tickets/domain';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import { decideAdmission, isUnreachable } from './api';
import { decideOffline, ticketCodeOf } from './offline-decision';
import type { StoredManifest } from './offline-store';
import type { ManifestState, OfflineGate } from './use-offline-gate';

/**
 * How long a steward waits for the server before the device decides alone: a turnstile queue does
 * not wait for a stadium's failing network.
 */
export const ONLINE_ANSWER_MS = 3_000;

/** Offline, without a manifest the device can trust: it cannot decide, and says what to do. */
export class NoManifestError extends Error {
  constructor() {
    super(gateScreenMessages.manifestMissing);
  }
}

class TimedOut extends Error {}

const within = <T>(answer: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimedOut()), ms);
    answer.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The last manifest the device verified: a newer one that failed its signature check is not used. */
export function usableManifest(state: ManifestState): StoredManifest | undefined {
  return state.status === 'ready' || state.status === 'untrusted' ? state.stored : undefined;
}

export interface ScanDecision {
  admission: Admission;
  offline: boolean;
  /** The ticket the code is for, where known: to forget an online admission that is undone. */
  ticketCode?: string;
}

/**
 * One scan: the server decides while it answers within ONLINE_ANSWER_MS; otherwise (or with the
 * network gone) the device, from the manifest. Every admission is remembered here, so an offline
 * rescan of a ticket this device let in online is refused too.
 */
export async function decideScan(
  token: string,
  request: AdmissionRequest,
  gate: OfflineGate,
  now: () => Date = () => new Date(),
): Promise<ScanDecision> {
  const { store } = gate;
  const stored = usableManifest(gate.manifest);
  const ticketCode = () => ticketCodeOf(request.code, stored?.manifest, request.eventId, now());
  /** `late`: the server's answer to a scan this device decided alone meanwhile (the same admission). */
  const remember = async (admittedAt: string | null, late = false) => {
    const code = ticketCode();
    if (!store || !code) return code;
    const found = await store.recordAdmission({
      eventId: request.eventId,
      ticketCode: code,
      admittedAt: admittedAt ?? now().toISOString(),
      offline: false,
      uploaded: true,
    });
    // The server recorded this very admission: nothing to upload. (Admitted here offline before and
    // online now, it is a second entry: the upload reports it as a double entry.)
    if (late && found && !found.uploaded) await store.markUploaded(request.eventId, [code]);
    return code;
  };

  let lateAnswer: Promise<Admission> | undefined;
  if (gate.connected) {
    const answer = decideAdmission(token, request);
    try {
      const admission = await within(answer, ONLINE_ANSWER_MS);
      gate.markReachable();
      const code = admission.decision === 'ADMIT' ? await remember(admission.admittedAt) : undefined;
      return { admission, offline: false, ticketCode: code };
    } catch (error) {
      if (!(error instanceof TimedOut) && !isUnreachable(error)) throw error;
      gate.markUnreachable();
      lateAnswer = answer;
    }
  }

  if (!store || !stored) throw new NoManifestError();
  const admission = await decideOffline(store, stored.manifest, { ...request, now: now() });
  // An answer that comes too late still counts: if the server admitted, nothing is left to upload.
  lateAnswer?.then(
    (late) => (late.decision === 'ADMIT' ? remember(late.admittedAt, true) : undefined),
    () => undefined,
  );
  // An admission or a refusal to send: both are uploaded (refusals for the match's counts).
  gate.admissionsChanged();
  return { admission, offline: true };
}

/**
 * A scan's decision as a mutation (online within ONLINE_ANSWER_MS, else by this device alone): it
 * changes no cached query; the screen adds its reactions. Here, not in api.ts, which this module uses.
 */
export const useScanMutation = (
  token: string,
  gate: OfflineGate,
  reactions?: MutationReactions<ScanDecision, AdmissionRequest>,
) => useApiMutation((request: AdmissionRequest) => decideScan(token, request, gate), {}, reactions);
