/** One run of the match day: its processes behind HAProxy, the devices, the match, then the peak. */
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { demoData } from '../../../apps/server/src/bench-api';
import type { Claim } from '../shared/claim';
import { runSql } from '../shared/database';
import { gateScenario } from '../shared/gate';
import { load, type Scenario } from '../shared/load';
import { waitFor, type Running } from '../shared/processes';
import { loginAs } from '../shared/sign-in';
import { openLoop } from './arrivals';
import { bookReady, deviceCopies, pairDevices, type DeviceCopies } from './devices';
import { matchJobs } from './jobs';
import { manifestRequests } from './manifests';
import {
  cpuSeconds,
  eventLoopMaxMs,
  healthChecksFailed,
  scansTimedInside,
  startHaproxy,
  startProcesses,
} from './platform';
import { resent, Routes } from './requests';
import { DEVICES, MATCH_MS, PEAK_SECONDS, PORT_BASE, SEATS } from './settings';
import type { RunFigures } from './table';

/** One run: `processes` fresh platform processes behind HAProxy, the match, then the closed-loop peak of the scans. */
export async function matchRun(
  databaseUrl: string,
  processes: number,
  eventId: number,
  claims: Claim[],
  firstFan: number,
): Promise<RunFigures> {
  const base = `http://127.0.0.1:${PORT_BASE}`;
  const ports = Array.from({ length: processes }, (_, i) => PORT_BASE + 1 + i);
  const servers: Running[] = [];
  let haproxy: ChildProcess | undefined;
  let copies: DeviceCopies | undefined;
  try {
    await startProcesses(databaseUrl, base, ports, servers);
    haproxy = await startHaproxy(PORT_BASE, ports);
    // Each run readies the fixture's first book itself: none left from the run before.
    await runSql(databaseUrl, [['delete from gate_manifests where event_id = $1', [eventId]]]);
    const officer = await loginAs(base, demoData.people.officer);
    console.error(`[${processes}] pairing ${DEVICES} gate devices…`);
    const pairingStarted = performance.now();
    const scanRange = { from: 0, count: SEATS };
    const devices = await pairDevices(base, officer, eventId, scanRange);

    // The peak's own device, paired now: after the match the process may be too busy to pair one.
    const { scenario: peakScans } = await gateScenario(base, officer, scanRange);
    // Each device listed the events when paired (gateScenario), as a steward's screen does when switched
    // on, which readies the fixture's manifest (docs/design.md §8 "Ready before the gates open"): the
    // devices are switched on before the gates open, and fetch the manifest once it is ready.
    const bookReadySeconds = await bookReady(databaseUrl, eventId, pairingStarted);

    // The devices fetch the whole manifest when switched on, before the gates' rush: a few at a time,
    // not timed with the match. Their copies are kept by a worker thread (device-copies.ts).
    copies = deviceCopies();
    const routes = new Routes();
    const manifests = manifestRequests(base, eventId, routes, copies);
    console.error(`[${processes}] the devices fetch the whole manifest…`);
    // One device first: the book is built once, then read by the others, four at a time.
    await eventLoopMaxMs(processes);
    // The monitor's first tick after a read only sets the time it counts from (shared/metrics.ts).
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (devices[0]) await manifests.fetchWhole(devices[0]);
    for (let i = 1; i < devices.length; i += 4)
      await Promise.all(devices.slice(i, i + 4).map(manifests.fetchWhole));
    const firstManifestsLoopMaxMs = await eventLoopMaxMs(processes);

    // No admission left from a run before: the peak's delete after it can race the last scans in flight.
    await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
    const start = performance.now() + 1000;
    const { jobs, agents } = matchJobs(
      { base, eventId, officer, devices, claims, firstFan, routes, poll: manifests.poll },
      start,
    );

    const pids = servers.map((server) => server.process.pid as number);
    const cpuBefore = pids.map(cpuSeconds);
    const haproxyBefore = cpuSeconds(haproxy.pid as number);
    console.error(
      `${new Date().toISOString()} [${processes}] the match: ${jobs.length.toLocaleString('en')} requests over ${Math.round(MATCH_MS / 1000)} s…`,
    );
    const scansBefore = await scansTimedInside(processes);
    resent.count = 0;
    // The bench's own loop: a turn it holds delays the requests due meanwhile, and counts in their latency.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    await openLoop(jobs);
    benchLoop.disable();
    const wallSeconds = (performance.now() - start) / 1000;
    const matchLoopMaxMs = await eventLoopMaxMs(processes);
    const scansAfter = await scansTimedInside(processes);
    const checks = await healthChecksFailed();
    const cpu = pids.map((pid, i) =>
      Math.round(((cpuSeconds(pid) - (cpuBefore[i] ?? 0)) / wallSeconds) * 100),
    );
    const haproxyCpu = Math.round(((cpuSeconds(haproxy.pid as number) - haproxyBefore) / wallSeconds) * 100);
    for (const agent of [...agents, ...devices.map((device) => device.agent)]) agent.destroy();

    const peak = await scanPeak(databaseUrl, base, eventId, processes, peakScans);
    return {
      processes,
      routes: routes.rows(),
      ...manifests.received,
      cpu,
      haproxyCpu,
      loopMaxMs: { firstManifests: firstManifestsLoopMaxMs, match: matchLoopMaxMs },
      checks,
      resent: resent.count,
      benchLoopMaxMs: Math.round(benchLoop.max / 1e6),
      scansInside: {
        count: scansAfter.count - scansBefore.count,
        over100ms: scansAfter.over100ms - scansBefore.over100ms,
      },
      peak,
      wallSeconds: Math.round(wallSeconds),
      bookReadySeconds,
    };
  } finally {
    await copies?.close();
    haproxy?.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * The closed-loop peak of fresh admissions: the match's undone first (as an operator resets a
 * rehearsal), once HAProxy has the processes back in its rotation (the match's backlog may have
 * taken them out). A failure here keeps the match's figures (the peak then reads 0).
 */
async function scanPeak(
  databaseUrl: string,
  base: string,
  eventId: number,
  processes: number,
  peakScans: Scenario,
): Promise<RunFigures['peak']> {
  let peak = { requestsPerSecond: 0, p50: 0, p99: 0, errors: -1 };
  try {
    await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
    await waitFor(`${base}/readyz`, 120);
    console.error(
      `${new Date().toISOString()} [${processes}] the closed-loop peak of the scans, ${PEAK_SECONDS} s…`,
    );
    peak = await load(base, peakScans, PEAK_SECONDS);
    await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
  } catch (error) {
    console.error(`[${processes}] the peak failed:`, error);
  }
  return peak;
}
