import {
  firstError,
  messages,
  REQUEST_ID_HEADER,
  type ErrorCode,
  type GateKeys,
  type OfflineAdmissionResults,
  type OfflineAdmissions,
} from '@tickets/domain';
import { ApiError, apiCall, apiUrl, requestId } from '../../shared/api/client';
import { asDevice } from './api';

/**
 * What a device needs to decide without the network, and to report afterwards (docs/design.md §8):
 * the keys it pins, its match's manifest, the upload of what it decided offline. Their queries and
 * the upload's mutation live with the offline gate (use-offline-gate.ts, upload-admissions.ts), under
 * `gateKeys` (api.ts).
 */

/** The platform's public keys, pinned by the device to verify its manifests. */
export const fetchGateKeys = (token: string): Promise<GateKeys> =>
  apiCall('get', '/api/gate/keys', asDevice(token));

export const uploadAdmissions = (
  token: string,
  upload: OfflineAdmissions,
): Promise<OfflineAdmissionResults> =>
  apiCall('post', '/api/gate/admissions/batch', { ...asDevice(token), body: upload });

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
  unsent: number,
): Promise<{ document: unknown; entityTag: string | null } | 'unchanged'> {
  // What the device holds unsent rides along: the club's officers see it beside its last contact.
  const query = held ? { eventId, salt: held.salt, revision: held.revision, unsent } : { eventId, unsent };
  const entityTag = held?.entityTag;
  let response: Response;
  try {
    response = await fetch(apiUrl('get', '/api/gate/manifest', { query }), {
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
    const error = firstError(body);
    const description = error?.description;
    // The code too: EVENT_CANCELLED stops the device admitting (use-offline-gate.ts).
    throw new ApiError(
      response.status,
      description ?? messages.errors.system,
      description,
      error?.code as ErrorCode | undefined,
    );
  }
  return { document: body, entityTag: response.headers.get('ETag') };
}
