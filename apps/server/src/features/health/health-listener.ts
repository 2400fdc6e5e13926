import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * The main thread's event loop not turning for this long: the process is taken for hung, and the
 * balancer's check fails. Shorter waits are a busy process, which the balancer keeps in rotation.
 */
export const HUNG_LOOP_MS = 5000;
/** How often the main thread tells the listener that its loop turns and whether it is ready. */
const BEAT_MS = 100;

/**
 * The listener, a worker thread's whole code (plain CommonJS, so the built server needs no file of
 * its own for it): `/readyz` 200 while the main thread's last beat is fresh and it said ready,
 * `/healthz` 200 while the beat is fresh; anything else 404. It never waits for the main thread.
 */
const LISTENER = `
const { createServer } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { state, host, port, hungMs } = workerData;
const view = new BigInt64Array(state);
const server = createServer((request, response) => {
  const path = (request.url || '').split('?', 1)[0];
  if (request.method !== 'GET' || (path !== '/readyz' && path !== '/healthz')) {
    response.writeHead(404).end();
    return;
  }
  const turning = Date.now() - Number(Atomics.load(view, 0)) < hungMs;
  const ok = turning && (path === '/healthz' || Atomics.load(view, 1) === 1n);
  response
    .writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(ok ? '{"status":"ok"}' : '{"status":"unavailable"}');
});
server.listen(port, host, () => parentPort.postMessage(server.address()));
`;

export interface HealthListener {
  /** Where the listener answers, e.g. `http://127.0.0.1:9101`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The balancer's checks answered by a thread of their own (docs/design.md §9 "A busy process is not a
 * dead one"): a check never waits behind the requests queued on the main thread's loop, so a process
 * busy for a few seconds at a full stadium stays in rotation, while one whose loop has not turned for
 * `hungMs`, or that is not `ready` (draining, its database unreachable), is taken out. `ready` runs on
 * the main thread every BEAT_MS; the listener answers from its last result.
 */
export async function startHealthListener(options: {
  host: string;
  port: number;
  ready: () => Promise<boolean>;
  hungMs?: number;
}): Promise<HealthListener> {
  const view = new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));
  const beat = () => Atomics.store(view, 0, BigInt(Date.now()));
  beat();
  const beating = setInterval(beat, BEAT_MS).unref();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const ready = await options.ready().catch(() => false);
      Atomics.store(view, 1, ready && !stopped ? 1n : 0n);
      await sleep(BEAT_MS, undefined, { ref: false });
    }
  })();
  const worker = new Worker(LISTENER, {
    eval: true,
    workerData: {
      state: view.buffer,
      host: options.host,
      port: options.port,
      hungMs: options.hungMs ?? HUNG_LOOP_MS,
    },
  });
  worker.unref();
  const stop = async () => {
    stopped = true;
    Atomics.store(view, 1, 0n);
    clearInterval(beating);
    await worker.terminate();
  };
  try {
    const address = await new Promise<{ address: string; family: string; port: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      url: `http://${host}:${address.port}`,
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
