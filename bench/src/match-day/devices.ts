/** The gate devices of a run: paired, their manifest's book awaited, their copies kept apart. */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { gateScenario } from '../shared/gate';
import type { CopyAnswer, CopyRequest } from './device-copies';
import { DEVICES } from './settings';

export interface Device {
  token: string;
  agent: http.Agent;
  salt?: string;
  revision?: number;
  etag?: string;
}

/**
 * `DEVICES` gate devices of the club, paired by `officer` (gateScenario) to scan `scanRange`: each
 * lists the events as it is paired, as a steward's screen does when switched on, and must see the
 * run's event.
 */
export async function pairDevices(
  base: string,
  officer: string,
  eventId: number,
  scanRange: { from: number; count: number },
): Promise<Device[]> {
  const devices: Device[] = [];
  for (let i = 0; i < DEVICES; i += 1) {
    const { device } = await gateScenario(base, officer, scanRange);
    if (device.eventId !== eventId) throw new Error('the devices see another bench event');
    devices.push({ token: device.token, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) });
  }
  return devices;
}

/** The devices' copies, in a worker thread (device-copies.ts); one at a time per run, closed by it. */
export function deviceCopies() {
  // tsx's loader registers per thread: the worker registers it before it imports its TypeScript.
  const source = JSON.stringify(new URL('./device-copies.ts', import.meta.url).href);
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`,
    { eval: true },
  );
  const waiting = new Map<
    number,
    { resolve: (answer: CopyAnswer) => void; reject: (error: Error) => void }
  >();
  let next = 0;
  worker.on('message', (answer: CopyAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
  });
  // A worker that fails fails the run through its own end (the processes and HAProxy stopped), not
  // the bench's process at once (they would be left running).
  worker.on('error', (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  return {
    close: () => worker.terminate(),
    /** A manifest or delta received (its ETag) by a device holding the copy of ETag `held`. */
    take: (body: Buffer, etag: string, held: string | undefined) =>
      new Promise<CopyAnswer>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, body, etag, held } satisfies CopyRequest);
      }),
  };
}

export type DeviceCopies = ReturnType<typeof deviceCopies>;

/**
 * Waits for the event's manifest book to be stored; answers the seconds since `since`. A book not
 * ready within two minutes ends the run: the devices would each wait for it.
 */
export async function bookReady(databaseUrl: string, eventId: number, since: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = performance.now() + 120_000; performance.now() < deadline;) {
      const { rowCount } = await client.query('select 1 from gate_manifests where event_id = $1', [eventId]);
      if (rowCount) return (performance.now() - since) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
  throw new Error('the devices listed the events, and no manifest book was made ready within 2 minutes');
}
