/**
 * The phone's key and credential per ticket. A stand-in only: a real wallet keeps its secret key in
 * the phone's secure storage (Keychain, Android Keystore), never where page scripts can read it as
 * localStorage is. Storage may be unavailable (a private window): the page then registers again.
 */
export interface DeviceKey {
  secretKey: string;
  credential: string;
}

const keyOf = (publicCode: string) => `walletStandIn.${publicCode}`;

export function readDeviceKey(publicCode: string): DeviceKey | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(publicCode)) ?? 'null') as DeviceKey | null;
    return stored && typeof stored.secretKey === 'string' && typeof stored.credential === 'string'
      ? stored
      : undefined;
  } catch {
    return undefined;
  }
}

export function saveDeviceKey(publicCode: string, deviceKey: DeviceKey) {
  try {
    localStorage.setItem(keyOf(publicCode), JSON.stringify(deviceKey));
  } catch {
    // Not kept: the page registers a new key next time, which revokes this one.
  }
}
