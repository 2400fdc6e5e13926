import { skipToken, useQuery } from '@tanstack/react-query';
import {
  GATE_CREDENTIAL_RENEW_MINUTES,
  IDEMPOTENCY_KEY_HEADER,
  type Admission,
  type AdmissionRequest,
  type GateCredentialRenewal,
  type GateEvent,
  type GatePairing,
} from '@tickets/domain';
import { ApiError, apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import type { GateStore } from './offline-store';

/**
 * A gate device's calls (docs/design.md §8): the bearer credential this browser got by pairing (the
 * pairing token only for pairing itself), never the cookie of whoever is signed in on this browser;
 * errors in Greek through the one API client. Here its pairing, its matches, its credential and the
 * online decision; an EU wallet's presentation in presentation-api.ts, what it needs offline in
 * offline-api.ts.
 */
export const asDevice = (token: string) => ({
  credentials: 'omit' as const,
  headers: { Authorization: `Bearer ${token}` },
});

/** Spends the one-time pairing token: this browser's own credential, and when it ends. */
const pairDevice = (pairingToken: string): Promise<GatePairing> =>
  apiCall('post', '/api/gate/pairing', asDevice(pairingToken));

/** Pairing caches nothing: the screen keeps the credential (device-storage.ts). */
export const usePairDeviceMutation = (reactions?: MutationReactions<GatePairing, string>) =>
  useApiMutation(pairDevice, {}, reactions);

/**
 * What the device reads from the server by its credential, and its uploads (use-offline-gate.ts); a
 * presentation's result is under `presentationKeys` (presentation-api.ts), inside `all`.
 */
export const gateKeys = {
  all: ['gate'] as const,
  events: (token: string) => [...gateKeys.all, 'events', token] as const,
  renewal: (token: string) => [...gateKeys.all, 'renewal', token] as const,
  manifest: (token: string, eventId: number) => [...gateKeys.all, 'manifest', token, eventId] as const,
  uploads: () => [...gateKeys.all, 'uploads'] as const,
};

/** A refusal because the server no longer knows this device is told to `onUnpaired`; the error stands. */
export const tellingUnpaired =
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

/**
 * The online decision of one scan, sent with the scan's own idempotency key (the same on each retry of
 * it): a retry whose first answer was lost is answered with the first decision (docs/design.md §8).
 */
export const decideAdmission = (
  token: string,
  request: AdmissionRequest,
  idempotencyKey?: string,
): Promise<Admission> => {
  const device = asDevice(token);
  const headers = idempotencyKey
    ? { ...device.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }
    : device.headers;
  return apiCall('post', '/api/gate/admissions', { ...device, headers, body: request });
};

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

/** The server no longer knows this device (revoked, expired, or a wrong token): back to pairing. */
export const isUnpaired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

/** The server could not be reached, or could not answer: the device decides alone. */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
