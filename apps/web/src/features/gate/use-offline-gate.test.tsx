import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildGateManifest,
  errorCatalogue,
  generateGateKeyPair,
  publicKeyOf,
  signPaperCode,
  type OfflineAdmissions,
} from '@tickets/domain';
import { queryClient } from '../../shared/api/query-client';
import { decideScan } from './gate-decision';
import { GateStore } from './offline-store';
import { MANIFEST_REFRESH_MS, useOfflineGate } from './use-offline-gate';

/**
 * The offline side of the steward's screen as time passes (docs/design.md §8 "Offline"): what it
 * admitted offline stays in IndexedDB and is sent again until the server takes it; with the network
 * gone it decides from the match's manifest and calls nobody; back online, it sends what it kept.
 * The server is stubbed at the fetch edge, the browser's clock is Vitest's, IndexedDB fake-indexeddb's.
 */
const TOKEN = 'gatedev.credential';
const EVENT_ID = 41;
const RETRY_MS = 10_000;
const platform = { keyId: 1, secretKey: generateGateKeyPair().secretKey };
const keys = [{ keyId: 1, publicKey: publicKeyOf(platform.secretKey) }];
const HOLDER = '500000000001';
const printed = signPaperCode({ ticketCode: HOLDER, scopeEventId: EVENT_ID, serial: 1 }, platform);
const ENTITY_TAG = '"manifest-1"';

/** Tonight's manifest, signed: one printed ticket. */
function tonight() {
  const now = new Date();
  return buildGateManifest(
    {
      eventId: EVENT_ID,
      seasonId: null,
      gatesOpenAt: new Date(now.getTime() - 3600_000),
      endsAt: new Date(now.getTime() + 3 * 3600_000),
      createdAt: now,
      platformKeys: keys,
      revokedPaperCodes: [],
      revokedCredentialIds: [],
      entries: [
        {
          code: { kind: 'paper', code: printed },
          ticketCode: HOLDER,
          holderName: 'ΕΛΕΝΗ ΠΑΠΑ',
          documentType: 'NATIONAL_ID',
          documentHint: '456',
          seat: 'Θύρα 7, Σειρά 2, Θέση 9',
          entersThisEvent: true,
          holderSuspended: false,
          companionRequired: false,
          companion: null,
        },
      ],
    },
    platform,
  );
}

/** A device paired before: its pinned keys and the match's manifest in its store, and `admitted` to send. */
async function deviceHolding(admitted: string[] = []) {
  const store = await GateStore.open();
  await store.saveKeys(keys);
  await store.saveManifest({ eventId: EVENT_ID, manifest: tonight(), entityTag: ENTITY_TAG, checkedAt: 0 });
  for (const ticketCode of admitted)
    await store.recordAdmission({
      eventId: EVENT_ID,
      ticketCode,
      admittedAt: new Date().toISOString(),
      code: `R${ticketCode.slice(-5)}ABCDEFGHJK`,
      offline: true,
      uploaded: false,
    });
  store.close();
}

/**
 * The server: the manifest is current (304), and an upload is taken (one outcome per row) or, while
 * `uploads` is 'failing', never reaches it. Each call is kept as "METHOD path".
 */
function server() {
  const state = {
    /** 'first only': the server answers for the first row of each upload, not the others. */
    uploads: 'taken' as 'taken' | 'failing' | 'first only',
    /** No answer to anything (the calls stay open). */
    silent: false,
    /** The club cancelled the match: its manifest is refused (409 EVENT_CANCELLED). */
    cancelled: false,
    calls: [] as string[],
    sent: [] as OfflineAdmissions[],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${path.split('?')[0]}`;
      state.calls.push(route);
      if (state.silent) return new Promise<Response>(() => undefined);
      if (route === 'GET /api/gate/manifest' && state.cancelled) {
        const { description } = errorCatalogue.EVENT_CANCELLED;
        const errors = [{ code: 'EVENT_CANCELLED', description }];
        return new Response(JSON.stringify({ exceptions: { errors } }), { status: 409 });
      }
      if (route === 'GET /api/gate/manifest') return new Response(null, { status: 304 });
      if (route === 'POST /api/gate/admissions/batch') {
        if (state.uploads === 'failing') throw new TypeError('Failed to fetch');
        const upload = JSON.parse(String(init?.body)) as OfflineAdmissions;
        state.sent.push(upload);
        const answered = state.uploads === 'first only' ? upload.admissions.slice(0, 1) : upload.admissions;
        const results = answered.map(({ ticketCode, admittedAt }) => ({
          ticketCode,
          admittedAt,
          outcome: 'RECORDED',
          reason: 'ADMITTED',
        }));
        return new Response(JSON.stringify({ results, refusals: [] }), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return {
    state,
    calls: state.calls,
    count: (route: string) => state.calls.filter((call) => call === route).length,
  };
}
const UPLOAD = 'POST /api/gate/admissions/batch';
const MANIFEST = 'GET /api/gate/manifest';

/** The browser's network as the page sees it: `navigator.onLine` and the window's event. */
let browserOnline = true;
function setBrowserOnline(online: boolean) {
  browserOnline = online;
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Lets IndexedDB (real macrotasks) and the query library (the fake clock's zero timeouts) finish. */
async function until(check: () => void) {
  for (let turn = 0; ; turn += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (turn > 300) throw error;
      await act(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(0);
      });
    }
  }
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The manifest's turn has ended: its answer checked and stored. */
const turnEnded = () => until(() => expect(queryClient.isFetching()).toBe(0));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const openScreen = (onUnpaired = vi.fn()) =>
  renderHook(() => useOfflineGate(TOKEN, EVENT_ID, onUnpaired), { wrapper });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('indexedDB', new IDBFactory());
  browserOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
});
afterEach(() => {
  setBrowserOnline(true);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the steward's screen as the network comes and goes", () => {
  it('asks nothing more of its store once left while the store was opening (another match, unpaired)', async () => {
    let manifestRead: (value: undefined) => void = () => undefined;
    let counted = 0;
    let reading = false;
    const realOpen = GateStore.open.bind(GateStore);
    vi.spyOn(GateStore, 'open').mockImplementation(async (name) => {
      const store = await realOpen(name);
      store.readManifest = () =>
        new Promise((resolve) => {
          manifestRead = resolve;
          reading = true;
        });
      const pending = store.pendingAdmissions.bind(store);
      store.pendingAdmissions = () => ((counted += 1), pending());
      return store;
    });
    const { result, unmount } = openScreen();
    await until(() => expect(reading).toBe(true));
    unmount();
    await act(async () => {
      manifestRead(undefined);
      await new Promise((resolve) => setImmediate(resolve));
    });
    // The closed store would refuse the transaction: a rejection nobody awaits.
    expect(counted).toBe(0);
    expect(result.current.store).toBeUndefined();
  });

  it('counts nothing in a store the screen closed between an admission and its count', async () => {
    await deviceHolding([HOLDER]);
    server();
    const { result, unmount } = openScreen();
    await until(() => expect(result.current.store).toBeDefined());
    const { admissionsChanged, store } = result.current;
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      unmount();
      expect(store?.closed).toBe(true);
      admissionsChanged();
      await act(async () => {
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('keeps an admission whose upload fails, and sends it again every 10 s until the server takes it', async () => {
    await deviceHolding([HOLDER]);
    const api = server();
    api.state.uploads = 'failing';
    const { result, unmount } = openScreen();
    await until(() => expect(api.count(UPLOAD)).toBe(1));
    await until(() => expect(result.current.connected).toBe(false));
    expect(result.current.pending).toBe(1);
    expect((await result.current.store?.pendingAdmissions())?.map((row) => row.ticketCode)).toEqual([HOLDER]);

    await wait(RETRY_MS);
    await until(() => expect(api.count(UPLOAD)).toBeGreaterThanOrEqual(2));
    expect(result.current.pending).toBe(1);
    expect(await result.current.store?.pendingAdmissions()).toHaveLength(1);

    api.state.uploads = 'taken';
    await wait(RETRY_MS);
    await until(() => expect(result.current.pending).toBe(0));
    expect(api.state.sent.flatMap((upload) => upload.admissions.map((row) => row.ticketCode))).toEqual([
      HOLDER,
    ]);
    expect(await result.current.store?.pendingAdmissions()).toEqual([]);
    await until(() => expect(result.current.connected).toBe(true));
    unmount();
  });

  it('sends again 10 s later what the server did not answer for, not at the next 30 s turn', async () => {
    const SECOND = '500000000002';
    await deviceHolding([HOLDER, SECOND]);
    const api = server();
    api.state.uploads = 'first only';
    const { result, unmount } = openScreen();
    await until(() => expect(result.current.pending).toBe(1));
    expect(api.count(UPLOAD)).toBe(1);
    expect(result.current.connected).toBe(true);

    api.state.uploads = 'taken';
    await wait(RETRY_MS);
    await until(() => expect(result.current.pending).toBe(0));
    expect(api.state.sent.map((upload) => upload.admissions.map((row) => row.ticketCode))).toEqual([
      [HOLDER, SECOND],
      [SECOND],
    ]);
    unmount();
  });

  it('back online, counts on the server again at once, though its last call had failed', async () => {
    await deviceHolding();
    const api = server();
    const { result, unmount } = openScreen();
    await until(() => expect(api.count(MANIFEST)).toBe(1));
    await turnEnded();
    act(() => result.current.markUnreachable());
    act(() => setBrowserOnline(false));
    await until(() => expect(result.current.connected).toBe(false));

    api.state.silent = true;
    act(() => setBrowserOnline(true));
    await until(() => expect(result.current.connected).toBe(true));
    unmount();
  });

  it('offline, decides from the manifest and calls nobody; back online, sends what it admitted and asks for the manifest', async () => {
    await deviceHolding();
    const api = server();
    const { result, unmount } = openScreen();
    await until(() => expect(api.count(MANIFEST)).toBe(1));
    await turnEnded();
    expect(result.current.manifest.status).toBe('ready');
    expect(result.current.connected).toBe(true);

    act(() => setBrowserOnline(false));
    await until(() => expect(result.current.connected).toBe(false));
    const calls = api.calls.length;
    const decided = await act(() => decideScan(TOKEN, { eventId: EVENT_ID, code: printed }, result.current));
    expect(decided).toMatchObject({
      offline: true,
      admission: { decision: 'ADMIT', holderName: 'ΕΛΕΝΗ ΠΑΠΑ' },
    });
    await until(() => expect(result.current.pending).toBe(1));
    await wait(3 * MANIFEST_REFRESH_MS);
    expect(api.calls.length).toBe(calls);
    expect(result.current.pending).toBe(1);

    act(() => setBrowserOnline(true));
    await until(() => expect(result.current.pending).toBe(0));
    expect(api.state.sent).toEqual([
      { eventId: EVENT_ID, admissions: [expect.objectContaining({ ticketCode: HOLDER, code: printed })] },
    ]);
    await until(() => expect(api.count(MANIFEST)).toBe(2));
    expect(result.current.connected).toBe(true);
    unmount();
  });

  it('told the match was cancelled, refuses every code offline, and still after reopening without the network', async () => {
    await deviceHolding();
    const api = server();
    api.state.cancelled = true;
    const first = openScreen();
    await until(() => expect(first.result.current.manifest.status).toBe('cancelled'));
    act(() => setBrowserOnline(false));
    await until(() => expect(first.result.current.connected).toBe(false));
    const decided = await act(() =>
      decideScan(TOKEN, { eventId: EVENT_ID, code: printed }, first.result.current),
    );
    expect(decided).toMatchObject({
      offline: true,
      admission: { decision: 'REFUSE', reason: 'EVENT_CANCELLED', holderName: null },
    });
    await until(() => expect(first.result.current.pendingRefusals).toBe(1));
    expect(first.result.current.pending).toBe(0);
    first.unmount();

    // Reopened without the network: the copy kept says so before any answer.
    const calls = api.calls.length;
    const again = openScreen();
    await until(() => expect(again.result.current.manifest.status).toBe('cancelled'));
    expect(api.calls.length).toBe(calls);
    again.unmount();
  });

  it('asks for the manifest every 30 s while the server answers, and every 10 s while it does not', async () => {
    await deviceHolding();
    const api = server();
    const { result, unmount } = openScreen();
    await until(() => expect(api.count(MANIFEST)).toBe(1));
    await turnEnded();
    await wait(MANIFEST_REFRESH_MS);
    await until(() => expect(api.count(MANIFEST)).toBe(2));
    await turnEnded();
    await wait(RETRY_MS);
    expect(api.count(MANIFEST)).toBe(2);

    act(() => result.current.markUnreachable());
    await wait(RETRY_MS);
    await until(() => expect(api.count(MANIFEST)).toBe(3));
    await turnEnded();
    // It answered: back to every 30 s.
    await until(() => expect(result.current.connected).toBe(true));
    await wait(RETRY_MS);
    expect(api.count(MANIFEST)).toBe(3);
    unmount();
  });
});
