/**
 * What the gate decides for a code, online and offline (its Greek text: `gateMessages.decisions`).
 * A module of its own, importing nothing: the messages and the gate's schemas both use it.
 */
export const ADMISSION_REASONS = [
  'ADMITTED',
  'ALREADY_ADMITTED',
  'UNKNOWN_CODE',
  'WRONG_EVENT',
  'NOT_FOR_THIS_EVENT',
  'EVENT_OVER',
  'EVENT_CANCELLED',
  'NOT_OPEN_YET',
  'SUSPENDED',
  'COMPANION_REQUIRED',
  'REVOKED',
  'CODE_EXPIRED',
] as const;
export type AdmissionReason = (typeof ADMISSION_REASONS)[number];
