import type { GateEvent } from '@tickets/domain';

/**
 * What a paired device remembers between visits: its token and the match it checks. Storage may be
 * unavailable (a private window): the screen then works until it is closed.
 */
const TOKEN_KEY = 'gate.deviceToken';
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

export const readToken = () => read(TOKEN_KEY) ?? undefined;
export const saveToken = (token: string | null) => write(TOKEN_KEY, token);

export function readEvent(): GateEvent | undefined {
  try {
    return JSON.parse(read(EVENT_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}
export const saveEvent = (event: GateEvent | null) => write(EVENT_KEY, event && JSON.stringify(event));
