import { skipToken, useQuery } from '@tanstack/react-query';
import {
  firstErrorDescription,
  GATE_CREDENTIAL_RENEW_MINUTES,
  messages,
  PRESENTATION_POLL_SECONDS,
  REQUEST_ID_HEADER,
  type Admission,
  type AdmissionRequest,
  type GateCredentialRenewal,
  type GateEvent,
  type GateKeys,
  type GatePairing,
  type OfflineAdmissionResults,
  type OfflineAdmissions,
  type PresentationRequest,
  type PresentationResult,
} from '@tickets/domain';
import { ApiError, apiCall, apiUrl, requestId } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import type { GateStore } from './offline-store';

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
const pairDevice = (pairingToken: string): Promise<GatePairing> =>
  apiCall('post', '/api/gate/pairing', asDevice(pairingToken));

/** Pairing caches nothing: the screen keeps the credential (device-storage.ts). */
export const usePairDeviceMutation = (reactions?: MutationReactions<GatePairing, string>) =>
  useApiMutation(pairDevice, {}, reactions);

/** What the device reads from the server by its credential, and its uploads (use-offline-gate.ts). */
export const gateKeys = {
  all: ['gate'] as const,
  events: (token: string) => [...gateKeys.all, 'events', token] as const,
  renewal: (token: string) => [...gateKeys.all, 'renewal', token] as const,
  manifest: (token: string, eventId: number) => [...gateKeys.all, 'manifest', token, eventId] as const,
  uploads: () => [...gateKeys.all, 'uploads'] as const,
  presentation: (token: string, requestId: string) =>
    [...gateKeys.all, 'presentation', token, requestId] as const,
};

/** A refusal because the server no longer knows this device is told to `onUnpaired`; the error stands. */
const tellingUnpaired =
  (onUnpaired: (message: string) => void) =>
  (error: unknown): never => {
    if (isUnpaired(error)) onUnpaired(error.message);
    throw error;
  };

export const listGateEvents = (token: string): Promise<GateEvent[]> =>
  apiCall('get', '/api/gate/events', asDevice(token));

/** The club's matches, online only: the offline store (IndexedDB) keeps what the device needs without the network. */
export const useGateEvents = (
  token: string,
  { onLoaded, onUnpaired }: { onLoaded(events: GateEvent[]): void; onUnpaired(message: string): void },
) =>
  useQuery({
    queryKey: gateKeys.events(token),
    queryFn: () =>
      listGateEvents(token).then((found) => {
        onLoaded(found);
        return found;
      }, tellingUnpaired(onUnpaired)),
  });

/** Makes the credential last a whole lifetime from now. */
const renewCredential = (token: string): Promise<GateCredentialRenewal> =>
  apiCall('post', '/api/gate/pairing/renewal', asDevice(token));

/**
 * The credential's end asked for in the background while the screen is open: now, then every
 * GATE_CREDENTIAL_RENEW_MINUTES (a match of the day added or moved later moves it; docs/design.md §8).
 * A turn that falls while the browser is offline waits, and asks as the network comes back
 * (onlineManager), not an hour later. Unreachable: tried again at the next turn; no longer known (revoked, expired): `onUnpaired`.
 * No credential (none yet, or refused): not asked.
 */
export const useCredentialRenewal = (token: string | undefined, onUnpaired: (message: string) => void) =>
  useQuery({
    queryKey: gateKeys.renewal(token ?? ''),
    queryFn: token ? () => renewCredential(token).catch(tellingUnpaired(onUnpaired)) : skipToken,
    refetchInterval: GATE_CREDENTIAL_RENEW_MINUTES * 60_000,
    refetchIntervalInBackground: true,
    networkMode: 'online',
  });

export const decideAdmission = (token: string, request: AdmissionRequest): Promise<Admission> =>
  apiCall('post', '/api/gate/admissions', { ...asDevice(token), body: request });

const undoAdmission = (token: string, admissionId: string) =>
  apiCall('delete', '/api/gate/admissions/{admissionId}', {
    ...asDevice(token),
    params: { path: { admissionId } },
  });

export interface UndoRequest {
  eventId: number;
  admissionId: string;
  /** The ticket, where known: forgotten on this device too, so it may enter again. */
  ticketCode?: string;
}

/** Undoes an online admission on the server, then in this device's store. */
export const useUndoAdmissionMutation = (
  token: string,
  store: GateStore | undefined,
  reactions?: MutationReactions<void, UndoRequest>,
) =>
  useApiMutation(
    async ({ eventId, admissionId, ticketCode }: UndoRequest) => {
      await undoAdmission(token, admissionId);
      if (ticketCode) await store?.removeAdmission(eventId, ticketCode);
    },
    {},
    reactions,
  );

/** An OpenID4VP request for an EU wallet's ticket at this match: its `openid4vp://` link for the QR. */
const createPresentationRequest = (token: string, eventId: number): Promise<PresentationRequest> =>
  apiCall('post', '/api/gate/presentation-requests', { ...asDevice(token), body: { eventId } });

/** Each request is new (a fresh nonce): nothing cached changes. */
export const usePresentationRequestMutation = (
  token: string,
  reactions?: MutationReactions<PresentationRequest, number>,
) => useApiMutation((eventId: number) => createPresentationRequest(token, eventId), {}, reactions);

const readPresentationResult = (token: string, id: string): Promise<PresentationResult> =>
  apiCall('get', '/api/gate/presentation-requests/{id}', { ...asDevice(token), params: { path: { id } } });

/**
 * What the wallet's answer to the request decided (docs/design.md §12), asked every
 * PRESENTATION_POLL_SECONDS while it is PENDING (or not read yet), then no more: EXPIRED, REFUSED and
 * DECIDED are final. Held while the browser is offline, asked again as it comes back; not kept once
 * the screen leaves it (the disclosed claims are personal data).
 */
export const usePresentationResult = (
  token: string,
  requestId: string,
  onUnpaired: (message: string) => void,
) =>
  useQuery({
    queryKey: gateKeys.presentation(token, requestId),
    queryFn: () => readPresentationResult(token, requestId).catch(tellingUnpaired(onUnpaired)),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'PENDING' ? false : PRESENTATION_POLL_SECONDS * 1000,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    networkMode: 'online',
    gcTime: 0,
  });

/** The server no longer knows this device (revoked, expired, or a wrong token): back to pairing. */
export const isUnpaired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

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
    const description = firstErrorDescription(body);
    throw new ApiError(response.status, description ?? messages.errors.system, description);
  }
  return { document: body, entityTag: response.headers.get('ETag') };
}

/** The server could not be reached, or could not answer: the device decides alone. */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
