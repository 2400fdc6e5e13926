import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthListener, type HealthListener } from './health-listener';

/**
 * The balancer's check asked while this thread's loop is held: a child process asks it (after `wait`
 * seconds) and this thread waits for the child synchronously, so its loop does not turn meanwhile.
 */
const askWhileHeld = (url: string, wait = 0) =>
  Number(
    execFileSync(
      process.execPath,
      [
        '-e',
        `setTimeout(() => fetch(process.argv[1]).then((r) => process.stdout.write(String(r.status)),
           () => process.stdout.write('0')), ${wait * 1000})`,
        url,
      ],
      { encoding: 'utf8' },
    ),
  );

describe('the balancer’s checks on a thread of their own', () => {
  let listener: HealthListener | undefined;
  afterEach(async () => listener?.close());

  const turn = () => new Promise((resolve) => setTimeout(resolve, 250));

  it('answers ready while the main loop is held for a second, as a busy process is', async () => {
    listener = await startHealthListener({ host: '127.0.0.1', port: 0, ready: async () => true });
    await turn();
    // The loop held a second (and the child's start), the check answered meanwhile from the listener's thread.
    expect(askWhileHeld(`${listener.url}/readyz`, 1)).toBe(200);
    await turn();
    expect(askWhileHeld(`${listener.url}/healthz`, 1)).toBe(200);
    expect((await fetch(`${listener.url}/metrics`)).status).toBe(404);
  });

  it('answers neither ready nor alive once the loop has been held past hungMs, and ready when it turns again', async () => {
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      ready: async () => true,
      hungMs: 1000,
    });
    await turn();
    expect(askWhileHeld(`${listener.url}/readyz`, 1.5)).toBe(503);
    expect(askWhileHeld(`${listener.url}/healthz`)).toBe(503);
    await turn();
    expect((await fetch(`${listener.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${listener.url}/healthz`)).status).toBe(200);
  });

  it('answers not ready as soon as the main thread says so (draining, no database), and ready again after', async () => {
    let ready = false;
    listener = await startHealthListener({ host: '127.0.0.1', port: 0, ready: async () => ready });
    await turn();
    const readyz = await fetch(`${listener.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(readyz.headers.get('cache-control')).toBe('no-store');
    // Alive all the same.
    expect((await fetch(`${listener.url}/healthz`)).status).toBe(200);
    ready = true;
    await turn();
    expect((await fetch(`${listener.url}/readyz`)).status).toBe(200);
    // A readiness that fails is not ready.
    await listener.close();
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      ready: () => Promise.reject(new Error('the database is gone')),
    });
    await turn();
    expect((await fetch(`${listener.url}/readyz`)).status).toBe(503);
  });

  it('stops answering once closed', async () => {
    listener = await startHealthListener({ host: '127.0.0.1', port: 0, ready: async () => true });
    const { url } = listener;
    await listener.close();
    listener = undefined;
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
  });
});
