import { link, mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time on an embedded database's folder. Two PGlite instances on one folder each
 * keep their own copy of the data: what one writes the other never sees, and one's changes are
 * lost when the other closes. The lock file holds the owner's PID; a crashed owner's is stale.
 */
export const LOCK_FILE = 'tickets.lock';

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (!(await tryCreateLock(lockPath))) {
    const owner = await readOwner(lockPath);
    if (owner !== undefined && isRunning(owner)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by a running server (process ${owner}). Stop it first, or remove ${lockPath} if no such process is this service.`,
      );
    }
    await rm(lockPath, { force: true });
    if (!(await tryCreateLock(lockPath))) {
      throw new DataDirInUseError(`The embedded database in ${dataDir} is in use by another process.`);
    }
  }
  return {
    async release() {
      if ((await readOwner(lockPath)) === process.pid) await rm(lockPath, { force: true });
    },
  };
}

/** Written aside and linked into place: the lock appears atomically, never empty. */
async function tryCreateLock(lockPath: string): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

async function readOwner(lockPath: string): Promise<number | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Signal 0 only asks whether the process exists; EPERM means it does, under another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
