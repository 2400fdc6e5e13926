import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { jsonFrom, loginAs } from '../test/support/login';
import {
  COMPILED_SERVER,
  demoCode,
  expectAcknowledgedPersonalizations,
  freePortish,
  killHard,
  personalizationLoad,
  repoRoot,
  serverOn,
  targets,
} from './support';

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** Stats lookups from 4 workers until stopped: their audit rows go through the batch writer. */
function lookupLoad(base: string, cookie: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const worker = async () => {
    for (let serial = 1; !stopped; serial += 1) {
      const code = demoCode(serial);
      try {
        const response = await fetch(`${base}/api/stats/ticket?code=${code}`, {
          method: 'POST',
          headers: { ...jsonFrom(base, cookie), 'x-request-id': randomUUID() },
        });
        if (response.status === 200) acknowledged.push(code);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20)); // refused: the server is going
      }
    }
  };
  const done = Promise.all(Array.from({ length: 4 }, worker));
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe.each(targets)('SIGTERM under load on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('answers what it accepted, keeps every acknowledged write and audit row, and exits 0', async () => {
    const { base, server, reopen } = await serverOn(target, cleanups);
    cleanups.push(() => killHard(server));
    const { cookie } = await loginAs(base, '100000003');

    const writes = personalizationLoad(base, cookie, demoCode, 140);
    const lookups = lookupLoad(base, cookie);
    while (writes.acknowledged.length < 20 || lookups.acknowledged.length < 20)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = exitOf(server);
    server.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await writes.stop();
    await lookups.stop();
    expect(writes.acknowledged.length).toBeLessThan(140);

    const reopened = await reopen();
    try {
      await expectAcknowledgedPersonalizations(reopened, writes.acknowledged);
      // The audit row keeps the server's own request id, not the client's: each acknowledged lookup of a
      // code has its row (four workers look up the same codes, so counted per code).
      const lookedUp = await reopened.db
        .select({ subject: auditLog.subject })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'TICKET_LOOKUP'), inArray(auditLog.subject, lookups.acknowledged)));
      const countsOf = (codes: (string | null)[]) =>
        codes.reduce((counts, code) => counts.set(code, (counts.get(code) ?? 0) + 1), new Map());
      const audits = countsOf(lookedUp.map((row) => row.subject));
      for (const [code, acknowledged] of countsOf(lookups.acknowledged))
        expect(audits.get(code) ?? 0, code).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await reopened.close();
    }
  });
});

describe('the compiled server', () => {
  it('holds no TypeScript loader and starts with plain node', async () => {
    const bundle = readFileSync(path.join(repoRoot, COMPILED_SERVER), 'utf8');
    expect(bundle).not.toMatch(/["']tsx(\/[^"']*)?["']/);
    expect(bundle).not.toMatch(/from ["']@tickets\/domain["']/);

    const port = freePortish();
    const server = spawn(process.execPath, [COMPILED_SERVER], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: 'memory', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let printed = '';
      server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      const deadline = Date.now() + 60_000;
      while (!printed.includes('/tickets') && Date.now() < deadline && server.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(printed).toContain(`Open http://localhost:${port}/tickets`);
      const health = await fetch(`http://localhost:${port}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await killHard(server);
    }
  });
});
