import type { GateEvent } from '@tickets/domain';

/**
 * What a paired device remembers between visits: its credential (from pairing) and the match it
 * checks. Storage may be unavailable (a private window): the screen then works until it is closed.
 */
const CREDENTIAL_KEY = 'gate.deviceCredential';
/** Where a device paired before credentials kept its token, which the server takes as its credential until it expires. */
const LEGACY_TOKEN_KEY = 'gate.deviceToken';
const EVENT_KEY = 'gate.event';

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
