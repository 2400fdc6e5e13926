import type { Admission } from './schemas/gate';

/**
 * An answer's fields about the ticket, none of them known yet (a refusal fills what it can). Apart
 * from the schemas, so that a screen that only needs it does not load zod (the gate's pairing page).
 */
export const EMPTY_ADMISSION: Omit<Admission, 'decision' | 'reason' | 'message'> = {
  admissionId: null,
  holderName: null,
  documentType: null,
  documentHint: null,
  seat: null,
  companion: null,
  admittedAt: null,
  admittedBy: null,
};
