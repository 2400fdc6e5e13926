import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildGateManifest,
  formatTime,
  gateMessages,
  gateScreenMessages,
  generateGateKeyPair,
  GateManifestBook,
  issueWalletCredential,
  makeWalletCode,
  publicKeyOf,
  signPaperCode,
  type Admission,
  type GateManifest,
  type OfflineAdmissions,
} from '@tickets/domain';
import { decideScan, SCAN_SENDS } from './gate-decision';
import { GateStore } from './offline-store';
import { uploadPending } from './upload-admissions';
import { received, type OfflineGate } from './use-offline-gate';

/**
 * The steward's device deciding alone (docs/design.md §8 "Offline"): the domain's verifier with a
 * signed manifest, and this device's own record of whom it let in, in IndexedDB (fake-indexeddb
 * stands in for the browser's).
 */
const EVENT_ID = 41;
const platform = { keyId: 1, secretKey: generateGateKeyPair().secretKey };
const NOW = new Date();
const HOLDER = '500000000001';
const SUSPENDED = '500000000002';
const WALLET_TICKET = '500000000003';

const paper = (ticketCode: string) =>
  signPaperCode({ ticketCode, scopeEventId: EVENT_ID, serial: 1 }, platform);
const phone = generateGateKeyPair();
const credential = issueWalletCredential(
  {
    ticketCode: WALLET_TICKET,
    scopeEventId: EVENT_ID,
    credentialId: 7,
    devicePublicKey: phone.publicKey,
    issuedAt: NOW,
  },
  platform,
);
const walletCodeAt = (now: Date) => makeWalletCode({ credential, secretKey: phone.secretKey, now });

const entry = (ticketCode: string, holderName: string, holderSuspended = false) => ({
  ticketCode,
  holderName,
  documentType: 'NATIONAL_ID',
  documentHint: '456',
  seat: 'Θύρα 7, Σειρά 2, Θέση 9',
  entersThisEvent: true,
  holderSuspended,
  companionRequired: false,
  companion: null,
});

/** Tonight as the server reads it; `holderSuspendedLater` suspends HOLDER too. */
const reading = (holderSuspendedLater = false) => ({
  eventId: EVENT_ID,
  seasonId: null,
  gatesOpenAt: new Date(NOW.getTime() - 3600_000),
  endsAt: new Date(NOW.getTime() + 3 * 3600_000),
  createdAt: NOW,
  platformKeys: [{ keyId: 1, publicKey: publicKeyOf(platform.secretKey) }],
  revokedPaperCodes: [],
  revokedCredentialIds: [],
  entries: [
    {
      code: { kind: 'paper' as const, code: paper(HOLDER) },
      ...entry(HOLDER, 'ΕΛΕΝΗ ΠΑΠΑ', holderSuspendedLater),
    },
    { code: { kind: 'paper' as const, code: paper(SUSPENDED) }, ...entry(SUSPENDED, 'ΝΙΚΟΣ ΒΟΥ', true) },
    { code: { kind: 'wallet' as const, credential }, ...entry(WALLET_TICKET, 'ΣΟΦΙΑ ΙΩΑ') },
  ],
});

const manifest: GateManifest = buildGateManifest(reading(), platform);

let store: GateStore;
let databases = 0;

/** A device with the manifest in its store, online or not. */
function deviceGate(connected: boolean): OfflineGate {
  return {
    store,
    connected,
    manifest: { status: 'ready', stored: { eventId: EVENT_ID, manifest, entityTag: null, checkedAt: 0 } },
    pending: 0,
    pendingRefusals: 0,
    markUnreachable: vi.fn(),
    markReachable: vi.fn(),
    admissionsChanged: vi.fn(),
  };
}
const scan = (code: string, gate: OfflineGate, now = NOW) =>
  decideScan('gate.token', { eventId: EVENT_ID, code }, gate, () => now);

const serverAnswer = (admission: Partial<Admission>) =>
  new Response(
    JSON.stringify({
      decision: 'ADMIT',
      reason: 'ADMITTED',
      message: gateMessages.decisions.ADMITTED,
      admissionId: 'a1',
      holderName: 'ΕΛΕΝΗ ΠΑΠΑ',
      documentType: null,
      documentHint: null,
      seat: null,
      companion: null,
      admittedAt: NOW.toISOString(),
      admittedBy: 'Θύρα 1',
      ...admission,
    }),
    { status: 200 },
  );

beforeEach(async () => {
  databases += 1;
  store = await GateStore.open(`gate-test-${databases}`);
});
afterEach(() => {
  store.close();
  vi.unstubAllGlobals();
});

describe('offline, the device', () => {
  it('admits a printed ticket once: a second scan of it is ALREADY_ADMITTED, with the time', async () => {
    const offline = deviceGate(false);
    const first = await scan(paper(HOLDER), offline);
    expect(first).toMatchObject({
      offline: true,
      admission: { decision: 'ADMIT', reason: 'ADMITTED', holderName: 'ΕΛΕΝΗ ΠΑΠΑ', documentHint: '456' },
    });
    expect(offline.admissionsChanged).toHaveBeenCalledOnce();
    const again = await scan(paper(HOLDER), offline, new Date(NOW.getTime() + 60_000));
    expect(again.admission).toMatchObject({
      decision: 'REFUSE',
      reason: 'ALREADY_ADMITTED',
      message: gateMessages.alreadyAdmittedAt(formatTime(NOW), gateScreenMessages.thisDevice),
    });
    // The admission keeps the code it was made by (the upload's proof) and its scan's own key.
    expect(await store.pendingAdmissions()).toEqual([
      {
        eventId: EVENT_ID,
        ticketCode: HOLDER,
        admittedAt: NOW.toISOString(),
        code: paper(HOLDER),
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        offline: true,
        uploaded: false,
      },
    ]);
    // The second scan's refusal waits to be counted on the match.
    expect(await store.pendingRefusals()).toMatchObject([
      {
        eventId: EVENT_ID,
        code: paper(HOLDER),
        reason: 'ALREADY_ADMITTED',
        refusedAt: new Date(NOW.getTime() + 60_000).toISOString(),
      },
    ]);
  });

  it('refuses a suspended holder (named) and a wallet screenshot two minutes old, admitting neither, and keeps both refusals to send', async () => {
    const offline = deviceGate(false);
    expect((await scan(paper(SUSPENDED), offline)).admission).toMatchObject({
      decision: 'REFUSE',
      reason: 'SUSPENDED',
      message: gateMessages.decisions.SUSPENDED,
      holderName: 'ΝΙΚΟΣ ΒΟΥ',
    });
    const screenshot = walletCodeAt(new Date(NOW.getTime() - 120_000));
    expect((await scan(screenshot, offline)).admission).toMatchObject({
      decision: 'REFUSE',
      reason: 'CODE_EXPIRED',
    });
    expect((await scan(walletCodeAt(NOW), offline)).admission).toMatchObject({
      decision: 'ADMIT',
      holderName: 'ΣΟΦΙΑ ΙΩΑ',
    });
    expect((await store.pendingAdmissions()).map((admission) => admission.ticketCode)).toEqual([
      WALLET_TICKET,
    ]);
    expect((await store.pendingRefusals()).map((refusal) => [refusal.reason, refusal.code])).toEqual([
      ['SUSPENDED', paper(SUSPENDED)],
      ['CODE_EXPIRED', screenshot],
    ]);
  });

  it('says a wallet code whose phone was registered after the list was read is newer than the list, not unknown (#40 item 14)', async () => {
    const newPhone = generateGateKeyPair();
    const registeredLater = issueWalletCredential(
      {
        ticketCode: HOLDER,
        scopeEventId: EVENT_ID,
        credentialId: 8,
        devicePublicKey: newPhone.publicKey,
        issuedAt: new Date(NOW.getTime() + 30_000),
      },
      platform,
    );
    const code = makeWalletCode({ credential: registeredLater, secretKey: newPhone.secretKey, now: NOW });
    expect((await scan(code, deviceGate(false))).admission).toMatchObject({
      decision: 'REFUSE',
      reason: 'UNKNOWN_CODE',
      message: gateMessages.newerThanList,
    });
    // Counted on the match as an unknown code once uploaded: the server decides it again online.
    expect((await store.pendingRefusals()).map((refusal) => refusal.reason)).toEqual(['UNKNOWN_CODE']);
  });

  it('takes a suspension added after the fetch from a verified delta, and refuses a tampered delta', async () => {
    const book = new GateManifestBook(reading(), platform);
    const held: GateManifest = JSON.parse(JSON.stringify(book.manifest()));
    const keys = [{ keyId: 1, publicKey: publicKeyOf(platform.secretKey) }];
    expect(received(held, undefined, keys)).toEqual(held);
    book.update(reading(true));
    const delta: unknown = JSON.parse(JSON.stringify(book.deltaSince(held.salt, held.revision, 100)));
    const updated = received(delta, held, keys);
    expect(updated?.revision).toBe(1);
    const gate = deviceGate(false);
    if (gate.manifest.status === 'ready' && updated) gate.manifest.stored.manifest = updated;
    expect((await scan(paper(HOLDER), gate)).admission).toMatchObject({
      decision: 'REFUSE',
      reason: 'SUSPENDED',
      holderName: 'ΕΛΕΝΗ ΠΑΠΑ',
    });
    const signed = delta as { signature: { keyId: number; value: string } };
    const forged = {
      ...signed,
      signature: {
        ...signed.signature,
        value: `${signed.signature.value.startsWith('A') ? 'B' : 'A'}${signed.signature.value.slice(1)}`,
      },
    };
    expect(received(forged, held, keys)).toBeUndefined();
    // A delta without the copy it applies to is no manifest.
    expect(received(delta, undefined, keys)).toBeUndefined();
    expect(received({ ...held, revision: 3 }, undefined, keys)).toBeUndefined();
  });

  it('ignores a stored manifest of an earlier format: the device fetches the whole one again', async () => {
    const stored = { eventId: EVENT_ID, manifest, entityTag: 'W/"x"', checkedAt: 0 };
    await store.saveManifest(stored);
    expect(await store.readManifest(EVENT_ID)).toEqual(stored);
    await store.saveManifest({ ...stored, manifest: { ...manifest, version: 1 } as unknown as GateManifest });
    expect(await store.readManifest(EVENT_ID)).toBeUndefined();
  });

  it('decides alone when the server cannot be reached, and says it is offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const gate = deviceGate(true);
    const decided = await scan(paper(HOLDER), gate);
    expect(decided).toMatchObject({ offline: true, admission: { decision: 'ADMIT' } });
    expect(gate.markUnreachable).toHaveBeenCalled();
  });

  it('remembers an admission the server made, so an offline rescan of it is refused, and nothing is sent again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => serverAnswer({})),
    );
    const online = await scan(paper(HOLDER), deviceGate(true));
    expect(online).toMatchObject({ offline: false, ticketCode: HOLDER, admission: { decision: 'ADMIT' } });
    expect((await scan(paper(HOLDER), deviceGate(false))).admission.reason).toBe('ALREADY_ADMITTED');
    expect(await store.pendingAdmissions()).toEqual([]);
  });

  it('sends a refusal of the server as it is, and keeps no record of it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        serverAnswer({ decision: 'REFUSE', reason: 'SUSPENDED', message: gateMessages.decisions.SUSPENDED }),
      ),
    );
    expect((await scan(paper(HOLDER), deviceGate(true))).admission.reason).toBe('SUSPENDED');
    expect(await store.findAdmission(EVENT_ID, HOLDER)).toBeUndefined();
    expect(await store.pendingRefusals()).toEqual([]);
  });
});

/** The idempotency key each call to the server was sent with, in order. */
const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(
    ([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'],
  );

describe('a scan whose answer does not come', () => {
  it('is sent again with the same key before the steward is told anything, and the answer that comes is shown', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2) return new Response('', { status: 502 });
      return serverAnswer({ admissionId: 'first-admission' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const gate = deviceGate(true);
    const decided = await scan(paper(HOLDER), gate);
    expect(decided).toMatchObject({
      offline: false,
      admission: { decision: 'ADMIT', admissionId: 'first-admission' },
    });
    expect(gate.markUnreachable).not.toHaveBeenCalled();
    const [key, ...again] = keysSent(fetchMock);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toEqual([key, key]);
    // A new scan is a new key.
    await scan(paper(SUSPENDED), gate);
    expect(keysSent(fetchMock)[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keysSent(fetchMock)[3]).not.toBe(key);
  });

  it('is sent again when the server is silent, and the first answer of either send is taken', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      // The first send's answer never comes (lost on the way).
      if (calls === 1) return new Promise<Response>(() => undefined);
      return serverAnswer({ admissionId: 'first-admission' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const decided = await scan(paper(HOLDER), deviceGate(true));
    expect(decided).toMatchObject({ offline: false, admission: { admissionId: 'first-admission' } });
    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('decided alone after every send failed, the admission keeps its key, and the upload sends it', async () => {
    const unreachable = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', unreachable);
    const decided = await scan(paper(HOLDER), deviceGate(true));
    expect(decided).toMatchObject({ offline: true, admission: { decision: 'ADMIT' } });
    const keys = keysSent(unreachable);
    expect(keys).toHaveLength(SCAN_SENDS);
    expect(new Set(keys).size).toBe(1);
    const [pending] = await store.pendingAdmissions();
    expect(pending).toMatchObject({ ticketCode: HOLDER, idempotencyKey: keys[0] });

    const uploads: OfflineAdmissions[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        const upload = JSON.parse(String(init?.body)) as OfflineAdmissions;
        uploads.push(upload);
        const results = upload.admissions.map(({ ticketCode, admittedAt }) => ({
          ticketCode,
          admittedAt,
          outcome: 'ALREADY_RECORDED',
          reason: 'ADMITTED',
        }));
        return new Response(JSON.stringify({ results, refusals: [] }), { status: 200 });
      }),
    );
    expect(await uploadPending(store, 'gate.token')).toBe(1);
    expect(uploads).toEqual([
      {
        eventId: EVENT_ID,
        admissions: [
          {
            ticketCode: HOLDER,
            code: paper(HOLDER),
            admittedAt: NOW.toISOString(),
            idempotencyKey: keys[0],
          },
        ],
      },
    ]);
    // Acknowledged: nothing left to send, and neither the code nor the key is kept.
    expect(await store.pendingAdmissions()).toEqual([]);
    expect(await store.findAdmission(EVENT_ID, HOLDER)).not.toHaveProperty('idempotencyKey');
  });
});
