import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GateStore } from './offline-store';

const EVENT_ID = 41;
const NOW = new Date();
let store: GateStore;
let databases = 0;

beforeEach(async () => {
  databases += 1;
  store = await GateStore.open(`gate-store-test-${databases}`);
});
afterEach(() => store.close());

describe("the device's store", () => {
  it('keeps unsent admissions oldest first until acknowledged, and through an unpairing', async () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    for (const [ticketCode, minutes] of [
      ['500000000010', 2],
      ['500000000011', 1],
    ] as const) {
      await store.recordAdmission({
        eventId: EVENT_ID,
        ticketCode,
        admittedAt: at(minutes),
        code: `CODE${ticketCode}`,
        offline: true,
        uploaded: false,
      });
    }
    await store.saveKeys([{ keyId: 1, publicKey: 'x' }]);
    await store.forgetDevice();
    expect(await store.readKeys()).toBeUndefined();
    expect((await store.pendingAdmissions()).map((admission) => admission.ticketCode)).toEqual([
      '500000000011',
      '500000000010',
    ]);
    await store.markUploaded(EVENT_ID, ['500000000011']);
    expect((await store.pendingAdmissions()).map((admission) => admission.ticketCode)).toEqual([
      '500000000010',
    ]);
    // Acknowledged, the admission is still known (a rescan is still refused); its code is forgotten.
    const acknowledged = await store.findAdmission(EVENT_ID, '500000000011');
    expect(acknowledged).toMatchObject({ uploaded: true });
    expect(acknowledged).not.toHaveProperty('code');
  });
});
