import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflineAdmissions } from '@tickets/domain';
import { GateStore } from './offline-store';
import { uploadPending } from './upload-admissions';

/** The upload of what a device admitted offline: sent again and again until the server answers for it. */
let store: GateStore;
let databases = 0;

const admit = (eventId: number, ticketCode: string, minute: number) =>
  store.recordAdmission({
    eventId,
    ticketCode,
    admittedAt: new Date(Date.UTC(2026, 2, 14, 19, minute)).toISOString(),
    offline: true,
    uploaded: false,
  });

/** The server: answers each upload with one outcome per admission, as POST /api/gate/admissions/batch does. */
const acknowledging = () =>
  vi.fn(async (_path: string, init?: RequestInit) => {
    const upload = JSON.parse(String(init?.body)) as OfflineAdmissions;
    const results = upload.admissions.map((admission) => ({ ...admission, outcome: 'RECORDED' }));
    return new Response(JSON.stringify({ results }), { status: 200 });
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
            { ticketCode: '500000000001', admittedAt: '2026-03-14T19:01:00.000Z' },
            { ticketCode: '500000000002', admittedAt: '2026-03-14T19:02:00.000Z' },
          ],
        },
      ],
      [
        '/api/gate/admissions/batch',
        { eventId: 8, admissions: [{ ticketCode: '500000000003', admittedAt: '2026-03-14T19:03:00.000Z' }] },
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
        const results = [{ ticketCode: '500000000001', admittedAt: 'x', outcome: 'DOUBLE_ENTRY' }];
        return new Response(JSON.stringify({ results }), { status: 200 });
      }),
    );
    await uploadPending(store, 'gate.token');
    expect((await store.pendingAdmissions()).map((admission) => admission.ticketCode)).toEqual([
      '500000000002',
    ]);
  });
});
