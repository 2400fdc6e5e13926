import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflineAdmissions } from '@tickets/domain';
import { GateStore } from './offline-store';
import { uploadPending } from './upload-admissions';

/** The upload of what a device admitted offline: sent again and again until the server answers for it. */
let store: GateStore;
let databases = 0;

/** The code each test ticket was scanned with (a random code will do: the server is stubbed). */
const codeOf = (ticketCode: string) => `R${ticketCode.slice(-5)}ABCDEFGHJK`;
const timeAt = (minute: number) => new Date(Date.UTC(2026, 2, 14, 19, minute)).toISOString();

const admit = (eventId: number, ticketCode: string, minute: number) =>
  store.recordAdmission({
    eventId,
    ticketCode,
    admittedAt: timeAt(minute),
    code: codeOf(ticketCode),
    offline: true,
    uploaded: false,
  });

/**
 * The server: answers each upload with one outcome per admission and per refusal, as POST
 * /api/gate/admissions/batch does.
 */
const acknowledging = () =>
  vi.fn(async (_path: string, init?: RequestInit) => {
    const upload = JSON.parse(String(init?.body)) as OfflineAdmissions;
    const results = upload.admissions.map(({ ticketCode, admittedAt }) => ({
      ticketCode,
      admittedAt,
      outcome: 'RECORDED',
      reason: 'ADMITTED',
    }));
    const refusals = (upload.refusals ?? []).map(({ refusedAt }) => ({ refusedAt, outcome: 'RECORDED' }));
    return new Response(JSON.stringify({ results, refusals }), { status: 200 });
  });

beforeEach(async () => {
  databases += 1;
  store = await GateStore.open(`gate-upload-test-${databases}`);
});
afterEach(() => {
  store.close();
  vi.unstubAllGlobals();
});

describe('uploading offline admissions', () => {
  it('keeps everything while the network is down, and sends it all, per match, once it is back', async () => {
    await admit(7, '500000000001', 1);
    await admit(7, '500000000002', 2);
    await admit(8, '500000000003', 3);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(uploadPending(store, 'gate.token')).rejects.toMatchObject({ status: 0 });
    expect(await store.pendingAdmissions()).toHaveLength(3);

    const server = acknowledging();
    vi.stubGlobal('fetch', server);
    expect(await uploadPending(store, 'gate.token')).toBe(2);
    expect(await store.pendingAdmissions()).toEqual([]);
    const sent = server.mock.calls.map(([path, init]) => [path, JSON.parse(String(init?.body))]);
    expect(sent).toEqual([
      [
        '/api/gate/admissions/batch',
        {
          eventId: 7,
          admissions: [
            { ticketCode: '500000000001', code: codeOf('500000000001'), admittedAt: timeAt(1) },
            { ticketCode: '500000000002', code: codeOf('500000000002'), admittedAt: timeAt(2) },
          ],
        },
      ],
      [
        '/api/gate/admissions/batch',
        {
          eventId: 8,
          admissions: [{ ticketCode: '500000000003', code: codeOf('500000000003'), admittedAt: timeAt(3) }],
        },
      ],
    ]);
    // Nothing left: nothing sent.
    expect(await uploadPending(store, 'gate.token')).toBe(0);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('leaves an admission the server did not answer for, to send again', async () => {
    await admit(7, '500000000001', 1);
    await admit(7, '500000000002', 2);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const results = [
          { ticketCode: '500000000001', admittedAt: 'x', outcome: 'DOUBLE_ENTRY', reason: 'ADMITTED' },
        ];
        return new Response(JSON.stringify({ results, refusals: [] }), { status: 200 });
      }),
    );
    await uploadPending(store, 'gate.token');
    expect((await store.pendingAdmissions()).map((admission) => admission.ticketCode)).toEqual([
      '500000000002',
    ]);
  });

  it('sends the refusals decided offline with the admissions, and forgets them once counted', async () => {
    await admit(7, '500000000001', 1);
    await store.recordRefusal({ eventId: 7, code: 'ΑΓΝΩΣΤΟ', reason: 'UNKNOWN_CODE', refusedAt: timeAt(2) });
    await store.recordRefusal({
      eventId: 9,
      code: codeOf('500000000009'),
      reason: 'SUSPENDED',
      refusedAt: timeAt(3),
    });
    const server = acknowledging();
    vi.stubGlobal('fetch', server);
    expect(await uploadPending(store, 'gate.token')).toBe(2);
    const sent = server.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as OfflineAdmissions);
    expect(sent).toEqual([
      {
        eventId: 7,
        admissions: [{ ticketCode: '500000000001', code: codeOf('500000000001'), admittedAt: timeAt(1) }],
        refusals: [{ code: 'ΑΓΝΩΣΤΟ', reason: 'UNKNOWN_CODE', refusedAt: timeAt(2) }],
      },
      {
        eventId: 9,
        admissions: [],
        refusals: [{ code: codeOf('500000000009'), reason: 'SUSPENDED', refusedAt: timeAt(3) }],
      },
    ]);
    expect(await store.pendingRefusals()).toEqual([]);
    expect(await store.pendingAdmissions()).toEqual([]);
  });

  it('does not send an admission kept without its code (an older screen): the server could not verify it', async () => {
    await store.recordAdmission({
      eventId: 7,
      ticketCode: '500000000001',
      admittedAt: timeAt(1),
      offline: true,
      uploaded: false,
    });
    const server = acknowledging();
    vi.stubGlobal('fetch', server);
    expect(await uploadPending(store, 'gate.token')).toBe(0);
    expect(server).not.toHaveBeenCalled();
    expect(await store.pendingAdmissions()).toEqual([]);
  });
});
