import { gateScreenMessages, type Admission, type AdmissionRequest } from '@tickets/domain';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import { decideAdmission, isUnreachable } from './api';
import { decideOffline, refuseCancelled, ticketCodeOf } from './offline-decision';
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

/**
 * A scan unanswered this long is sent again, with the same idempotency key, the earlier send still
 * awaited (its answer may be the one lost): within ONLINE_ANSWER_MS, at most SCAN_SENDS sends.
 */
export const SCAN_RESEND_MS = 1_000;
/** A send that failed on the network (reset, refused, a balancer's 502–504) is sent again after this pause. */
export const SCAN_RETRY_PAUSE_MS = 200;
export const SCAN_SENDS = 3;

class TimedOut extends Error {}

/**
 * One scan's online answer: sent, and sent again with the same key when no answer comes (a network
 * error or a server that cannot answer, at once; silence, after SCAN_RESEND_MS), at most SCAN_SENDS
 * times. The first answer of any send is the answer: the server answers a retry of a scan it admitted
 * with that admission (the key), so repeating this write is safe. A refusal the server made (a 4xx) is
 * its answer too, as it came; every send failing on the network fails with the last error.
 */
export function sendScan<T>(send: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let sent = 0;
    let failed = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const sendNext = () => {
      if (settled || sent === SCAN_SENDS) return;
      sent += 1;
      clearTimeout(timer);
      timer = setTimeout(sendNext, SCAN_RESEND_MS);
      send().then(
        (answer) => settle(() => resolve(answer)),
        (error: unknown) => {
          failed += 1;
          if (!isUnreachable(error) || failed === SCAN_SENDS) return settle(() => reject(error));
          // Every send so far failed: the next one after a short pause, not after SCAN_RESEND_MS.
          if (failed === sent && !settled) {
            clearTimeout(timer);
            timer = setTimeout(sendNext, SCAN_RETRY_PAUSE_MS);
          }
        },
      );
    };
    sendNext();
  });
}

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
 * One scan: the server decides while it answers within ONLINE_ANSWER_MS (sent again with the scan's
 * own idempotency key while no answer comes: `sendScan`); otherwise (or with the network gone) the
 * device, from the manifest, and the admission it keeps carries that key, so that its upload is known
 * for the server's own admission of the scan if one was recorded and its answer lost. Every admission
 * is remembered here, so an offline rescan of a ticket this device let in online is refused too.
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

  const idempotencyKey = crypto.randomUUID();
  let lateAnswer: Promise<Admission> | undefined;
  if (gate.connected) {
    const answer = sendScan(() => decideAdmission(token, request, idempotencyKey));
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

  if (gate.manifest.status === 'cancelled') {
    const admission = await refuseCancelled(store, { ...request, now: now() });
    gate.admissionsChanged();
    return { admission, offline: true };
  }
  if (!store || !stored) throw new NoManifestError();
  const admission = await decideOffline(store, stored.manifest, { ...request, now: now(), idempotencyKey });
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
