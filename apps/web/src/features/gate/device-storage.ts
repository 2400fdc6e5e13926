import { EMPTY_ADMISSION, type GateEvent } from '@tickets/domain';
import type { Scan } from './scan-history';

/**
 * What a paired device remembers between visits: its credential (from pairing) and the match it
 * checks. Storage may be unavailable (a private window): the screen then works until it is closed.
 */
const CREDENTIAL_KEY = 'gate.deviceCredential';
/** Where a device paired before credentials kept its token, which the server takes as its credential until it expires. */
const LEGACY_TOKEN_KEY = 'gate.deviceToken';
const EVENT_KEY = 'gate.event';
const SCANS_KEY = 'gate.scans';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept: the device pairs again next time.
  }
}

export const readCredential = () => read(CREDENTIAL_KEY) ?? read(LEGACY_TOKEN_KEY) ?? undefined;
export function saveCredential(credential: string | null) {
  write(CREDENTIAL_KEY, credential);
  write(LEGACY_TOKEN_KEY, null);
}

export function readEvent(): GateEvent | undefined {
  try {
    return JSON.parse(read(EVENT_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}
export const saveEvent = (event: GateEvent | null) => write(EVENT_KEY, event && JSON.stringify(event));

/**
 * The scan history of the match being checked, kept so that a reload (a phone's browser closed and
 * reopened at the turnstile) does not lose who came through. Of each scan only what the history shows
 * and the undo needs: the decision, its sentence, the holder's name, the admission's id, the ticket's
 * code; not the document hint, the seat, the companion or a presented ticket's age the panel showed
 * at the time.
 */
export function readScans(eventId: number): Scan[] {
  try {
    const kept = JSON.parse(read(SCANS_KEY) ?? 'null') as { eventId: number; scans: Scan[] } | null;
    return kept?.eventId === eventId && Array.isArray(kept.scans) ? kept.scans : [];
  } catch {
    return [];
  }
}

export function saveScans(eventId: number, scans: Scan[]) {
  const kept = scans.map(({ admission, ...scan }) => ({
    ...scan,
    under15: undefined,
    admission: {
      ...EMPTY_ADMISSION,
      decision: admission.decision,
      reason: admission.reason,
      message: admission.message,
      admissionId: admission.admissionId,
      holderName: admission.holderName,
    },
  }));
  write(SCANS_KEY, JSON.stringify({ eventId, scans: kept }));
}

/** Unpaired: the history goes with the pairing. */
export const forgetScans = () => write(SCANS_KEY, null);
