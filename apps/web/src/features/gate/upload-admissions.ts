import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GATE_UPLOAD_MAX_ADMISSIONS, type OfflineAdmissions } from '@tickets/domain';
import { useApiMutation } from '../../shared/api/mutation';
import { gateKeys, isUnpaired } from './api';
import { uploadAdmissions } from './offline-api';
import type { GateStore, LocalAdmission, LocalRefusal } from './offline-store';

/** While something waits to be sent, how often to try again (the server records each row once). */
export const UPLOAD_RETRY_MS = 10_000;

/**
 * Sends what the device decided offline (POST /api/gate/admissions/batch), per match and at most
 * GATE_UPLOAD_MAX_ADMISSIONS rows at a time: each admission with the code it was made by (the server
 * verifies it again and records nothing without it) and its scan's idempotency key (the server's own
 * admission of that scan, its answer lost, is this one: not a double entry), each refusal with its
 * reason, for the counts.
 * Marks what the server answered for; the rest stays for the next try (the server records each once).
 * Answers how many uploads the server answered.
 */
export async function uploadPending(store: GateStore, token: string): Promise<number> {
  let answered = 0;
  const admissions = await store.pendingAdmissions();
  const refusals = await store.pendingRefusals();
  // Kept by an earlier version of this screen, without the code: nothing the server could verify, so
  // nothing to send (it would record nothing).
  const withoutCode = admissions.filter((admission) => !admission.code);
  for (const event of new Set(withoutCode.map((admission) => admission.eventId))) {
    await store.markUploaded(
      event,
      withoutCode.filter((admission) => admission.eventId === event).map((admission) => admission.ticketCode),
    );
  }
  const provable = admissions.filter((admission) => admission.code);
  const events = [...new Set([...provable, ...refusals].map((row) => row.eventId))];
  for (const event of events) {
    const admitted = provable.filter((admission) => admission.eventId === event);
    const refused = refusals.filter((refusal) => refusal.eventId === event);
    for (let a = 0, r = 0; a < admitted.length || r < refused.length;) {
      const batch = admitted.slice(a, a + GATE_UPLOAD_MAX_ADMISSIONS);
      const refusedBatch = refused.slice(r, r + GATE_UPLOAD_MAX_ADMISSIONS - batch.length);
      a += batch.length;
      r += refusedBatch.length;
      const { results, refusals: counted } = await uploadAdmissions(
        token,
        uploadOf(event, batch, refusedBatch),
      );
      // Every outcome is an acknowledgement: recorded, sent before, a double entry, or not recorded.
      await store.markUploaded(
        event,
        results.map((result) => result.ticketCode),
      );
      await store.forgetRefusals(
        refusedBatch
          .slice(0, counted.length)
          .flatMap((refusal) => (refusal.id === undefined ? [] : [refusal.id])),
      );
      answered += 1;
    }
  }
  return answered;
}

const uploadOf = (
  eventId: number,
  admissions: LocalAdmission[],
  refusals: LocalRefusal[],
): OfflineAdmissions => ({
  eventId,
  admissions: admissions.map(({ ticketCode, code, admittedAt, idempotencyKey }) => ({
    ticketCode,
    code: code ?? '',
    admittedAt,
    // Kept by an earlier version of this screen, without one: the row is sent as it was.
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })),
  ...(refusals.length > 0
    ? { refusals: refusals.map(({ code, reason, refusedAt }) => ({ code, reason, refusedAt })) }
    : {}),
});

/** What waits to be sent: admissions (shown to the steward) and refusals. */
export interface Unsent {
  admissions: number;
  refusals: number;
}

export async function countUnsent(store: GateStore): Promise<Unsent> {
  const [admissions, refusals] = await Promise.all([store.pendingAdmissions(), store.pendingRefusals()]);
  return { admissions: admissions.length, refusals: refusals.length };
}

/** The server answered, but not for everything sent, or more was kept meanwhile: try again. */
class NotAllAcknowledged extends Error {}
/** The screen that kept this store has closed it (another match, unpaired): its uploads end with it. */
class StoreClosed extends Error {}

export interface UploadReports {
  /** The server answered an upload. */
  reached(): void;
  /** An upload failed (unreachable, or the device unknown): the error as thrown. */
  failed(error: unknown): void;
  /** What still waits, after each attempt. */
  counted(unsent: Unsent): void;
}

/**
 * The upload of what a device decided offline, as a mutation that is tried again every
 * UPLOAD_RETRY_MS until the server has answered for every row (docs/design.md §8 "Offline"): held
 * while the browser says it is offline and sent as soon as it is back (TanStack Query's
 * onlineManager), never two at a time (one scope). The rows stay in IndexedDB until acknowledged; a
 * device the server no longer knows stops trying. Answers `requestUpload`, which starts one unless
 * one is waiting already: an upload reads the store when it starts, so a later one sends the rest.
 */
export function useUploadAdmissions(token: string, store: GateStore | undefined, reports: UploadReports) {
  const client = useQueryClient();
  const { mutate } = useApiMutation(
    async (kept: GateStore) => {
      if (kept.closed) throw new StoreClosed();
      let failure: unknown;
      try {
        if ((await uploadPending(kept, token)) > 0) reports.reached();
      } catch (error) {
        failure = error;
        reports.failed(error);
      }
      const unsent = await countUnsent(kept);
      reports.counted(unsent);
      if (failure) throw failure;
      if (unsent.admissions + unsent.refusals > 0) throw new NotAllAcknowledged();
    },
    {},
    {
      mutationKey: gateKeys.uploads(),
      scope: { id: gateKeys.uploads().join('.') },
      networkMode: 'online',
      retry: (_, error) => !(error instanceof StoreClosed) && !isUnpaired(error),
      retryDelay: UPLOAD_RETRY_MS,
    },
  );
  return useCallback(() => {
    // One running and one waiting behind it at most (the waiting one sends whatever is kept by then).
    if (store && client.isMutating({ mutationKey: gateKeys.uploads() }) < 2) mutate(store);
  }, [client, mutate, store]);
}
