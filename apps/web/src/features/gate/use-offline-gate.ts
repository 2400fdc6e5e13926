import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  applyManifestDelta,
  gateScreenMessages,
  isManifestDelta,
  MANIFEST_POLL_SECONDS,
  verifyManifestDelta,
  verifyManifestSignature,
  type GateManifest,
  type GateManifestDelta,
  type PlatformPublicKey,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { gateKeys, isUnpaired, isUnreachable } from './api';
import { fetchGateKeys, fetchManifest } from './offline-api';
import { GateStore, type StoredManifest } from './offline-store';
import { countUnsent, UPLOAD_RETRY_MS, useUploadAdmissions, type Unsent } from './upload-admissions';

/**
 * docs/design.md §8 / issue #27: a suspension or a reprint reaches a device within a minute online (the
 * server changes the manifest at most every 30 s, the device asks every 30 s, for a delta).
 */
export const MANIFEST_REFRESH_MS = MANIFEST_POLL_SECONDS * 1000;
/** While the server cannot be reached, how often to ask again (a 304 costs next to nothing). */
const RETRY_MS = UPLOAD_RETRY_MS;

export type ManifestState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'untrusted'; stored?: StoredManifest }
  | { status: 'ready'; stored: StoredManifest }
  /** The club cancelled the match: every code is refused (EVENT_CANCELLED), online or not. */
  | { status: 'cancelled' };

export interface OfflineGate {
  store: GateStore | undefined;
  /** False when the browser says so, or the server did not answer the last call. */
  connected: boolean;
  manifest: ManifestState;
  /** Admissions made offline not yet acknowledged by the server (refusals are sent too, not counted here). */
  pending: number;
  /** Refusals made offline not yet counted by the server. */
  pendingRefusals: number;
  /** A call failed on the network: decide offline, and keep trying in the background. */
  markUnreachable(): void;
  /** The server answered: the network is back. */
  markReachable(): void;
  /** After an admission or a refusal recorded here: count it, and send it at once if the network allows. */
  admissionsChanged(): void;
}

/**
 * The manifest a device may decide with after the server's answer: the whole manifest when its
 * signature verifies, or the copy held with a verified delta applied (one chained to that copy); else
 * undefined (docs/gate-codes.md §7.6).
 */
export function received(
  document: unknown,
  held: GateManifest | undefined,
  keys: readonly PlatformPublicKey[],
): GateManifest | undefined {
  if (!isManifestDelta(document)) {
    return verifyManifestSignature(document, keys) ? (document as GateManifest) : undefined;
  }
  if (!held || !verifyManifestDelta(document, keys)) return undefined;
  return applyManifestDelta(held, document as GateManifestDelta);
}

/** The copy kept after asking the server, and whether what it sent verified (else the last good copy stays). */
interface Synced {
  stored: StoredManifest | undefined;
  trusted: boolean;
  /** The server refused the manifest: the match was cancelled. */
  cancelled?: boolean;
}

/** The manifest's answer that the club cancelled the match (409 EVENT_CANCELLED). */
const isCancelled = (error: unknown) => error instanceof ApiError && error.code === 'EVENT_CANCELLED';

/**
 * One turn of keeping the match's manifest current: the keys pinned at pairing (fetched once), then
 * the manifest, a delta to the copy held, or "unchanged" (304); checked once, on arrival, and kept
 * in the store only when it verifies.
 */
async function syncManifest(store: GateStore, token: string, eventId: number): Promise<Synced> {
  let keys = await store.readKeys();
  if (!keys) {
    keys = (await fetchGateKeys(token)).keys;
    await store.saveKeys(keys);
  }
  const held = await store.readManifest(eventId);
  const unsent = await countUnsent(store);
  const fetched = await fetchManifest(
    token,
    eventId,
    held && { salt: held.manifest.salt, revision: held.manifest.revision, entityTag: held.entityTag },
    unsent.admissions + unsent.refusals,
  ).catch(async (error: unknown) => {
    if (!isCancelled(error)) throw error;
    // Kept with the copy held: after a reload without the network, the device still refuses.
    const stored = held && { ...held, cancelled: true, checkedAt: Date.now() };
    if (stored) await store.saveManifest(stored);
    return { cancelled: true as const, stored };
  });
  if (fetched !== 'unchanged' && 'cancelled' in fetched)
    return { stored: fetched.stored, trusted: true, cancelled: true };
  const checkedAt = Date.now();
  if (fetched === 'unchanged') {
    const stored = held && { ...held, checkedAt };
    if (stored) await store.saveManifest(stored);
    return { stored, trusted: true };
  }
  const manifest = received(fetched.document, held?.manifest, keys);
  if (!manifest) return { stored: held, trusted: false };
  const stored = { eventId, manifest, entityTag: fetched.entityTag, checkedAt };
  await store.saveManifest(stored);
  return { stored, trusted: true };
}

/** What the steward is told of the manifest: the last turn's outcome, else the copy the store held on opening. */
function manifestState(
  held: StoredManifest | null | undefined,
  synced: UseQueryResult<Synced>,
): ManifestState {
  if (synced.data?.cancelled || (!synced.data && held?.cancelled)) return { status: 'cancelled' };
  if (synced.data?.trusted === false) return { status: 'untrusted', stored: synced.data.stored };
  const stored = synced.data?.stored ?? held;
  if (stored) return { status: 'ready', stored };
  // Nothing to decide with: the server could not be asked (offline) or did not answer.
  if (held === null && (synced.status === 'error' || synced.fetchStatus === 'paused'))
    return { status: 'missing' };
  return { status: 'loading' };
}

/** The browser's word on the network, as TanStack Query's onlineManager has it (shared/api/query-client.tsx). */
const useBrowserOnline = () => useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline());

/**
 * The offline side of the steward's screen for one match (docs/design.md §8 "Offline"): the local
 * store (IndexedDB), the manifest (a query asked every 30 s while the server answers, every 10 s while
 * it does not, held while the browser is offline and asked again as it comes back; trusted only under
 * the keys pinned at pairing), and the upload of offline admissions (a mutation retried until the
 * server acknowledges them).
 */
export function useOfflineGate(
  token: string,
  eventId: number,
  onUnpaired: (message: string) => void,
): OfflineGate {
  /** The store, and the manifest it held when opened (null: none). */
  const [opened, setOpened] = useState<{ store: GateStore; held: StoredManifest | null }>();
  const [unsent, setUnsent] = useState<Unsent>({ admissions: 0, refusals: 0 });
  const [reachable, setReachable] = useState(true);
  const online = useBrowserOnline();
  const store = opened?.store;

  useEffect(() => {
    let open: GateStore | undefined;
    let cancelled = false;
    void GateStore.open().then(async (opening) => {
      if (cancelled) return opening.close();
      open = opening;
      const held = (await opening.readManifest(eventId)) ?? null;
      // Left meanwhile (another match, unpaired): the store is closed, and nothing more is asked of it.
      if (cancelled) return;
      const unsentNow = await countUnsent(opening);
      if (cancelled) return;
      setUnsent(unsentNow);
      setOpened({ store: opening, held });
    });
    return () => {
      cancelled = true;
      open?.close();
    };
  }, [eventId]);
  // The browser says the network is back: the server is worth asking again at once.
  useEffect(() => onlineManager.subscribe((isOnline) => isOnline && setReachable(true)), []);

  const failed = (error: unknown) => {
    if (isUnpaired(error)) onUnpaired(error.message);
    else if (isUnreachable(error)) setReachable(false);
  };
  const requestUpload = useUploadAdmissions(token, store, {
    reached: () => setReachable(true),
    failed,
    counted: setUnsent,
  });

  const synced = useQuery({
    queryKey: gateKeys.manifest(token, eventId),
    // Each turn also sends what waits: kept before this screen opened, or by another tab of the device.
    queryFn: store
      ? () =>
          syncManifest(store, token, eventId)
            .then(
              (result) => {
                setReachable(true);
                return result;
              },
              (error: unknown) => {
                failed(error);
                throw error;
              },
            )
            .finally(requestUpload)
      : skipToken,
    networkMode: 'online',
    retry: false,
    refetchInterval: reachable ? MANIFEST_REFRESH_MS : RETRY_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: true,
    // A stadium's manifest is megabytes: compared deeply with the last one every turn, and kept after
    // the screen closes, it would cost a phone for nothing.
    structuralSharing: false,
    gcTime: 0,
  });

  return {
    store,
    connected: online && reachable,
    manifest: manifestState(opened?.held, synced),
    pending: unsent.admissions,
    pendingRefusals: unsent.refusals,
    markUnreachable: useCallback(() => setReachable(false), []),
    markReachable: useCallback(() => setReachable(true), []),
    admissionsChanged: useCallback(() => {
      // Left between an admission and its count (another match, unpaired), the store is closed and
      // refuses the count: nothing is left to show it on.
      if (store)
        void countUnsent(store).then(setUnsent, (error: unknown) => {
          if (!store.closed) throw error;
        });
      requestUpload();
    }, [store, requestUpload]),
  };
}

/** Announced to screen readers when the connection changes (not on opening the screen). */
export const connectionAnnouncement = (connected: boolean) =>
  connected ? gateScreenMessages.wentOnline : gateScreenMessages.wentOffline;
