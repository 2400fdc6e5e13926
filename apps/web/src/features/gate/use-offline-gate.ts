import { useCallback, useEffect, useRef, useState } from 'react';
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
import { fetchGateKeys, fetchManifest, isUnpaired, isUnreachable } from './api';
import { GateStore, type StoredManifest } from './offline-store';
import { uploadPending } from './upload-admissions';

/**
 * docs/design.md §8 / issue #27: a suspension or a reprint reaches a device within a minute online (the
 * server changes the manifest at most every 30 s, the device asks every 30 s, for a delta).
 */
export const MANIFEST_REFRESH_MS = MANIFEST_POLL_SECONDS * 1000;
/** While the server cannot be reached, how often to try again (a 304 costs next to nothing). */
const RETRY_MS = 10_000;

export type ManifestState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'untrusted'; stored?: StoredManifest }
  | { status: 'ready'; stored: StoredManifest };

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

/** What waits to be sent: admissions (shown to the steward) and refusals. */
async function unsentOf(store: GateStore) {
  const [admissions, refusals] = await Promise.all([store.pendingAdmissions(), store.pendingRefusals()]);
  return { admissions: admissions.length, refusals: refusals.length };
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * The offline side of the steward's screen for one match: the local store, the manifest (fetched on
 * opening, kept current every 30 s while online by deltas, trusted only under the keys pinned at pairing), and
 * the upload of offline admissions, retried until the server acknowledges them.
 */
export function useOfflineGate(
  token: string,
  eventId: number,
  onUnpaired: (message: string) => void,
): OfflineGate {
  const [store, setStore] = useState<GateStore>();
  const [browserSaysOnline, setBrowserSaysOnline] = useState(browserOnline);
  const [reachable, setReachable] = useState(true);
  const [manifest, setManifest] = useState<ManifestState>({ status: 'loading' });
  const [pending, setPending] = useState({ admissions: 0, refusals: 0 });
  const busy = useRef({ refresh: false, upload: false });
  const latestOnUnpaired = useRef(onUnpaired);
  useEffect(() => {
    latestOnUnpaired.current = onUnpaired;
  });

  useEffect(() => {
    let open: GateStore | undefined;
    let cancelled = false;
    void GateStore.open().then(async (opened) => {
      if (cancelled) return opened.close();
      open = opened;
      const stored = await opened.readManifest(eventId);
      setManifest((current) =>
        current.status === 'loading' ? (stored ? { status: 'ready', stored } : current) : current,
      );
      setPending(await unsentOf(opened));
      setStore(opened);
    });
    return () => {
      cancelled = true;
      open?.close();
    };
  }, [eventId]);

  const failed = useCallback((error: unknown) => {
    if (isUnpaired(error)) latestOnUnpaired.current(error.message);
    else if (isUnreachable(error)) setReachable(false);
  }, []);

  const refresh = useCallback(async () => {
    if (!store || busy.current.refresh) return;
    busy.current.refresh = true;
    try {
      let keys = await store.readKeys();
      if (!browserOnline()) {
        setManifest((current) => (current.status === 'loading' ? { status: 'missing' } : current));
        return;
      }
      if (!keys) {
        keys = (await fetchGateKeys(token)).keys;
        await store.saveKeys(keys);
      }
      const held = await store.readManifest(eventId);
      const unsent = await unsentOf(store);
      const fetched = await fetchManifest(
        token,
        eventId,
        held && { salt: held.manifest.salt, revision: held.manifest.revision, entityTag: held.entityTag },
        unsent.admissions + unsent.refusals,
      );
      setReachable(true);
      const checkedAt = Date.now();
      if (fetched === 'unchanged' && held) {
        const stored = { ...held, checkedAt };
        await store.saveManifest(stored);
        setManifest({ status: 'ready', stored });
      } else if (fetched !== 'unchanged') {
        // Checked once, on arrival: what fails is never decided with (the last good copy stays).
        const manifest = received(fetched.document, held?.manifest, keys);
        if (manifest) {
          const stored = { eventId, manifest, entityTag: fetched.entityTag, checkedAt };
          await store.saveManifest(stored);
          setManifest({ status: 'ready', stored });
        } else setManifest({ status: 'untrusted', stored: held });
      }
    } catch (error) {
      failed(error);
      setManifest((current) => (current.status === 'loading' ? { status: 'missing' } : current));
    } finally {
      busy.current.refresh = false;
    }
  }, [store, token, eventId, failed]);

  const upload = useCallback(async () => {
    if (!store || busy.current.upload || !browserOnline()) return;
    busy.current.upload = true;
    try {
      if ((await uploadPending(store, token)) > 0) setReachable(true);
    } catch (error) {
      failed(error);
    } finally {
      setPending(await unsentOf(store));
      busy.current.upload = false;
    }
  }, [store, token, failed]);

  // The first fetch, then one a minute; more often while the server is out of reach.
  useEffect(() => {
    if (!store) return;
    // refresh sets state only after it has awaited IndexedDB or the network (a callback of an
    // outside system, as the rule allows); the compiler cannot see past the async call.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
    void upload();
  }, [store, refresh, upload]);
  useEffect(() => {
    const timer = setInterval(
      () => {
        void refresh();
        void upload();
      },
      reachable ? MANIFEST_REFRESH_MS : RETRY_MS,
    );
    return () => clearInterval(timer);
  }, [reachable, refresh, upload]);
  const unsent = pending.admissions + pending.refusals;
  useEffect(() => {
    if (unsent === 0 || !reachable) return;
    const timer = setInterval(() => void upload(), RETRY_MS);
    return () => clearInterval(timer);
  }, [unsent, reachable, upload]);

  useEffect(() => {
    const wentOnline = () => {
      setBrowserSaysOnline(true);
      setReachable(true);
      void refresh();
      void upload();
    };
    const wentOffline = () => setBrowserSaysOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [refresh, upload]);

  return {
    store,
    connected: browserSaysOnline && reachable,
    manifest,
    pending: pending.admissions,
    pendingRefusals: pending.refusals,
    markUnreachable: useCallback(() => setReachable(false), []),
    markReachable: useCallback(() => setReachable(true), []),
    admissionsChanged: useCallback(() => {
      void (async () => {
        if (store) setPending(await unsentOf(store));
        void upload();
      })();
    }, [store, upload]),
  };
}

/** Announced to screen readers when the connection changes (not on opening the screen). */
export const connectionAnnouncement = (connected: boolean) =>
  connected ? gateScreenMessages.wentOnline : gateScreenMessages.wentOffline;
