import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface Running {
  url: string;
  process: ChildProcess;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  /** The CPU time the server process has used so far (user and system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Waits for `url` to answer 2xx; gives up after `seconds`, or at once when `server` has exited. */
export async function waitFor(url: string, seconds = 120, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server && (server.exitCode !== null || server.signalCode !== null))
      throw new Error(
        `the server for ${url} exited (${server.exitCode ?? server.signalCode}) before it answered`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function start(
  args: string[],
  env: Record<string, string>,
  port: number,
  ready: string,
  cwd = repoRoot,
): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  return waitFor(`${url}${ready}`, 120, child).then(() => ({
    url,
    process: child,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    cpuMs: () => {
      // proc(5): utime and stime, the 14th and 15th fields, in clock ticks (100 a second here).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  }));
}

export const startBaseline = (port: number) =>
  start([path.join(repoRoot, 'bench/src/baseline-server.mjs')], {}, port, '/');

/** One of `npm run framework`'s servers (framework-server.ts) answering the session `token`. */
export const startFrameworkServer = (port: number, kind: string, token: string) =>
  start(
    ['--import', 'tsx', path.join(repoRoot, 'bench/src/framework-server.ts')],
    { FRAMEWORK_KIND: kind, FRAMEWORK_TOKEN: token },
    port,
    '/readyz',
  );

/**
 * `--cpu-prof` into `BENCH_PROFILE_DIR`, when set: Node refuses the flag in NODE_OPTIONS, and a
 * profile is what to read before changing a hot path (bench/README.md, "Profiling the platform").
 */
const profiled = (): string[] =>
  process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];

/**
 * The platform as `npm start` runs it, on the given database, with rate limits lifted for load; from
 * this checkout, or from another one's `root` (cpu.ts compares two).
 */
export const startPlatform = (port: number, database: Record<string, string>, root = repoRoot) =>
  start(
    [...profiled(), '--import', 'tsx', 'apps/server/src/main.ts'],
    { LOG_LEVEL: 'warn', RATE_LIMITS: 'false', PROFILE: 'development', ...database },
    port,
    '/readyz',
    root,
  );

/**
 * The floor of the same work (floor/server.ts) on the platform's database (`DATABASE_URL`) or on a
 * copy of its embedded folder (`PGLITE_DIR`).
 */
export const startFloor = (port: number, env: Record<string, string>) =>
  start(['--import', 'tsx', path.join(repoRoot, 'bench/src/floor/server.ts')], env, port, '/readyz');
