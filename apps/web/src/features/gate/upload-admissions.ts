import { GATE_UPLOAD_MAX_ADMISSIONS, type OfflineAdmissions } from '@tickets/domain';
import { uploadAdmissions } from './api';
import type { GateStore, LocalAdmission, LocalRefusal } from './offline-store';

/**
 * Sends what the device decided offline (POST /api/gate/admissions/batch), per match and at most
 * GATE_UPLOAD_MAX_ADMISSIONS rows at a time: each admission with the code it was made by (the server
 * verifies it again and records nothing without it), each refusal with its reason, for the counts.
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
  admissions: admissions.map(({ ticketCode, code, admittedAt }) => ({
    ticketCode,
    code: code ?? '',
    admittedAt,
  })),
  ...(refusals.length > 0
    ? { refusals: refusals.map(({ code, reason, refusedAt }) => ({ code, reason, refusedAt })) }
    : {}),
});
