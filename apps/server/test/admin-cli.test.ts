import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addOfficer } from '../src/admin/officers';
import { openDatabase, type Database } from '../src/db/client';
import { auditLog, officers } from '../src/db/schema';
import { openMigratedCopy } from './support/migrated-copies';

/**
 * `npm run admin` beside a server on the same embedded database: two PGlite instances on one
 * folder would each keep their own copy, and the command's change would be lost.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const OFFICER = '100000039';

interface CommandResult {
  code: number;
  output: string;
}

async function runAdmin(dataDir: string, ...args: string[]): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/admin/cli.ts', ...args],
      { cwd: serverRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The PID of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = execFile(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('the admin command on an embedded database a server has open', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tickets-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const officerState = async (database: Database) => {
    const [row] = await database.db.select().from(officers).where(eq(officers.afm, OFFICER));
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.subject, OFFICER));
    return { active: row?.active, actions: audit.map((entry) => entry.action) };
  };

  // Two runs of the command, each a process of its own (tsx compiles it): room for a busy machine.
  it('refuses while the server runs, changing nothing, and works once it has stopped', async () => {
    const server = await openMigratedCopy({ kind: 'pglite', dataDir });
    try {
      await addOfficer(server.db, 'test', OFFICER, null);
      const refused = await runAdmin(dataDir, 'officers', 'remove', OFFICER);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/in use by a running server/);
      expect(refused.output).not.toMatch(/deactivated/);
      expect(await officerState(server)).toEqual({ active: true, actions: ['OFFICER_ADD'] });
    } finally {
      await server.close();
    }

    const done = await runAdmin(dataDir, 'officers', 'remove', OFFICER);
    expect(done).toEqual({ code: 0, output: expect.stringMatching(/Officer deactivated/) });
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await officerState(reopened)).toEqual({
        active: false,
        actions: ['OFFICER_ADD', 'OFFICER_REMOVE'],
      });
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('is not blocked by the lock a crashed server left behind', async () => {
    await writeFile(path.join(dataDir, 'tickets.lock'), `${await deadPid()}\n`);
    const done = await runAdmin(dataDir, 'officers', 'add', OFFICER);
    expect(done).toEqual({ code: 0, output: expect.stringMatching(/Officer added/) });
  });
});
