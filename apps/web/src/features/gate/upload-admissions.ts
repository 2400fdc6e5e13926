import { GATE_UPLOAD_MAX_ADMISSIONS } from '@tickets/domain';
import { uploadAdmissions } from './api';
import type { GateStore } from './offline-store';

/**
 * Sends every admission made offline, per match and at most GATE_UPLOAD_MAX_ADMISSIONS at a time, and
 * marks what the server answered for; the rest stays for the next try (the server records each once).
 * Answers how many uploads the server answered.
 */
export async function uploadPending(store: GateStore, token: string): Promise<number> {
  let answered = 0;
  const waiting = await store.pendingAdmissions();
  const events = [...new Set(waiting.map((admission) => admission.eventId))];
  for (const event of events) {
    const ofEvent = waiting.filter((admission) => admission.eventId === event);
    for (let from = 0; from < ofEvent.length; from += GATE_UPLOAD_MAX_ADMISSIONS) {
      const batch = ofEvent.slice(from, from + GATE_UPLOAD_MAX_ADMISSIONS);
      const { results } = await uploadAdmissions(token, {
        eventId: event,
        admissions: batch.map(({ ticketCode, admittedAt }) => ({ ticketCode, admittedAt })),
      });
      // Every outcome is an acknowledgement: recorded, sent before, a double entry, or unknown.
      await store.markUploaded(
        event,
        results.map((result) => result.ticketCode),
      );
      answered += 1;
    }
  }
  return answered;
}
