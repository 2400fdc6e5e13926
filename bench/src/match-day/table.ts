/** The match day's one table: a column a run, a line a measure. */
import type { Routes } from './requests';
import {
  ARRIVAL_MINUTES,
  CLAIMS,
  COMPRESSION,
  DELTA_GOAL_BYTES,
  DEVICES,
  LOOKUPS,
  MATCH_MS,
  PEAK_SECONDS,
  POLL_MS,
  REBUILD_SECONDS,
  SEATS,
} from './settings';

export interface RunFigures {
  processes: number;
  routes: ReturnType<Routes['rows']>;
  deltas: number[];
  wholeAfterFirst: number;
  unapplied: number;
  firstManifestBytes: number;
  cpu: number[];
  haproxyCpu: number;
  /** Each process's event loop's longest delay (ms) while the devices fetched the whole manifest, and over the match. */
  loopMaxMs: { firstManifests: number[]; match: number[] };
  /** HAProxy's failed health checks and its server lines marked DOWN, from its start to the match's end. */
  checks: { failed: number; down: number };
  /** Requests of the match sent again: their kept-alive connection was found closed, no answer begun (requests.ts). */
  resent: number;
  /** The bench's own event loop's longest delay over the match (ms): a delay here is in every latency. */
  benchLoopMaxMs: number;
  /** The match's scans as the processes timed them: answered, and answered in over 100 ms. */
  scansInside: { count: number; over100ms: number };
  peak: { requestsPerSecond: number; p50: number; p99: number; errors: number };
  wallSeconds: number;
  /** From the first device's pairing to the fixture's book stored (the devices' listing readied it). */
  bookReadySeconds: number;
}

export function printTable(runs: RunFigures[]): void {
  const one = runs.find((run) => run.processes === 1);
  const three = runs.find((run) => run.processes === 3);
  console.log(
    `\nMatch day: ${SEATS.toLocaleString('en')} seats, ${DEVICES} devices polling every ${(POLL_MS / 1000).toFixed(2)} s, ` +
      `${ARRIVAL_MINUTES} min of arrivals compressed ×${COMPRESSION} (${Math.round(MATCH_MS / 1000)} s), ` +
      `GATE_MANIFEST_REBUILD_SECONDS=${REBUILD_SECONDS}, ${CLAIMS} claims and ${CLAIMS} phone keys and ${LOOKUPS} lookups a run; through HAProxy.\n`,
  );
  const header = runs.map((run) => `${run.processes} process${run.processes > 1 ? 'es' : ''}`);
  console.log(`| measure | ${header.join(' | ')} |`);
  console.log(`|---|${runs.map(() => '---:').join('|')}|`);
  const line = (name: string, values: (string | number)[]) =>
    console.log(`| ${name} | ${values.join(' | ')} |`);
  const routeNames = [...new Set(runs.flatMap((run) => run.routes.map((route) => route.route)))];
  for (const route of routeNames) {
    line(
      `${route}: requests, p50 / p99 ms, errors`,
      runs.map((run) => {
        const row = run.routes.find((candidate) => candidate.route === route);
        return row ? `${row.count}, ${row.p50} / ${row.p99}, ${row.errors}` : '-';
      }),
    );
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  line(
    "the fixture's first book ready, from the first device's pairing (s; the devices fetch after it)",
    runs.map((run) => run.bookReadySeconds.toFixed(1)),
  );
  line(
    'the first manifest, whole (KB)',
    runs.map((run) => kb(run.firstManifestBytes)),
  );
  line(
    'deltas received: count, mean / max KB (goal < 50 KB)',
    runs.map((run) => {
      const max = Math.max(0, ...run.deltas);
      const mean = run.deltas.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, run.deltas.length);
      return `${run.deltas.length}, ${kb(mean)} / ${kb(max)}${max > DELTA_GOAL_BYTES ? ' (over the goal)' : ''}`;
    }),
  );
  line(
    'whole manifests after the first (failures)',
    runs.map((run) => run.wholeAfterFirst),
  );
  line(
    'deltas not applicable to the copy held',
    runs.map((run) => run.unapplied),
  );
  line(
    'CPU per platform process over the match (% of one core)',
    runs.map((run) => run.cpu.join(', ')),
  );
  line(
    'HAProxy CPU over the match (% of one core)',
    runs.map((run) => run.haproxyCpu),
  );
  line(
    "event loop's longest delay per process while the devices fetch the whole manifest (ms)",
    runs.map((run) => run.loopMaxMs.firstManifests.join(', ')),
  );
  line(
    "event loop's longest delay per process over the match (ms, goal < 100)",
    runs.map((run) => run.loopMaxMs.match.join(', ')),
  );
  line(
    'scans the processes took over 100 ms to answer, by their own histograms (of those they answered)',
    runs.map((run) => `${run.scansInside.over100ms} (of ${run.scansInside.count})`),
  );
  line(
    "the bench's own event loop's longest delay over the match (ms; in every latency above)",
    runs.map((run) => run.benchLoopMaxMs),
  );
  line(
    'requests sent again: their kept-alive connection found closed, no answer begun',
    runs.map((run) => run.resent),
  );
  line(
    'HAProxy health checks failed / server lines marked DOWN, to the match end (goal 0 DOWN)',
    runs.map((run) => `${run.checks.failed} / ${run.checks.down}`),
  );
  line(
    'match wall time (s)',
    runs.map((run) => run.wallSeconds),
  );
  line(
    `closed-loop peak of the scans, ${PEAK_SECONDS} s, 50 connections: req/s (p50 / p99 ms, errors)`,
    runs.map(
      (run) => `${run.peak.requestsPerSecond} (${run.peak.p50} / ${run.peak.p99}, ${run.peak.errors})`,
    ),
  );
  if (one && three)
    line('three processes / one (target ≥ 0.9)', [
      '',
      (three.peak.requestsPerSecond / Math.max(1, one.peak.requestsPerSecond)).toFixed(2),
    ]);
}
