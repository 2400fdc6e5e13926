import {
  firstErrorDescription,
  messages,
  REQUEST_ID_HEADER,
  type Admission,
  type AdmissionRequest,
  type GateCredentialRenewal,
  type GateEvent,
  type GateKeys,
  type GatePairing,
  type OfflineAdmissionResults,
  type OfflineAdmissions,
} from '@tickets/domain';
import { ApiError, apiCall, requestId } from '../../shared/api/client';

/**
 * A gate device's calls (docs/design.md §8): the bearer credential this browser got by pairing (the
 * pairing token only for pairing itself), never the cookie of whoever is signed in on this browser;
 * errors in Greek through the one API client.
 */
const asDevice = (token: string) => ({
  credentials: 'omit' as const,
  headers: { Authorization: `Bearer ${token}` },
});

/** Spends the one-time pairing token: this browser's own credential, and when it ends. */
export const pairDevice = (pairingToken: string) =>
  apiCall<GatePairing>('POST', '/api/gate/pairing', undefined, asDevice(pairingToken));

/** Makes the credential last a whole lifetime from now (asked in the background while the screen is open). */
export const renewCredential = (token: string) =>
  apiCall<GateCredentialRenewal>('POST', '/api/gate/pairing/renewal', undefined, asDevice(token));

export const listGateEvents = (token: string) =>
  apiCall<GateEvent[]>('GET', '/api/gate/events', undefined, asDevice(token));

export const decideAdmission = (token: string, request: AdmissionRequest) =>
  apiCall<Admission>('POST', '/api/gate/admissions', request, asDevice(token));

export const undoAdmission = (token: string, admissionId: string) =>
  apiCall<object>(
    'DELETE',
    `/api/gate/admissions/${encodeURIComponent(admissionId)}`,
    undefined,
    asDevice(token),
  );

/** The server no longer knows this device (revoked, expired, or a wrong token): back to pairing. */
export const isUnpaired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

/** The platform's public keys, pinned by the device to verify its manifests. */
export const fetchGateKeys = (token: string) =>
  apiCall<GateKeys>('GET', '/api/gate/keys', undefined, asDevice(token));

export const uploadAdmissions = (token: string, upload: OfflineAdmissions) =>
  apiCall<OfflineAdmissionResults>('POST', '/api/gate/admissions/batch', upload, asDevice(token));

/**
 * The match's signed manifest, a delta to the copy held (`held`: its salt and revision), or
 * 'unchanged' when the copy named by `entityTag` is current (304); unverified, as received
 * (docs/gate-codes.md §7.6). Its own fetch, not the client's: the ETag travels in headers, and a 304
 * is not a failure.
 */
export async function fetchManifest(
  token: string,
  eventId: number,
  held: { salt: string; revision: number; entityTag: string | null } | undefined,
): Promise<{ document: unknown; entityTag: string | null } | 'unchanged'> {
  const query = new URLSearchParams({ eventId: String(eventId) });
  if (held) {
    query.set('salt', held.salt);
    query.set('revision', String(held.revision));
  }
  const entityTag = held?.entityTag;
  let response: Response;
  try {
    response = await fetch(`/api/gate/manifest?${query.toString()}`, {
      credentials: 'omit',
      // The device keeps the manifest itself (IndexedDB); the browser's cache must not answer for it.
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        [REQUEST_ID_HEADER]: requestId,
        ...(entityTag ? { 'If-None-Match': entityTag } : {}),
      },
    });
  } catch {
    throw new ApiError(0, messages.errors.system);
  }
  if (response.status === 304) return 'unchanged';
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const description = firstErrorDescription(body);
    throw new ApiError(response.status, description ?? messages.errors.system, description);
  }
  return { document: body, entityTag: response.headers.get('ETag') };
}

/** The server could not be reached, or could not answer: the device decides alone. */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
