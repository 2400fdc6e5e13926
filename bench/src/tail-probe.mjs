// Preloaded into the platform by `npm run tail` (node --import): writes, as JSON lines to
// TAIL_PROBE_FILE, each garbage collection (start and length, from V8's performance entries: the
// same pauses --trace-gc prints, with a wall-clock time a late request can be matched against) and
// each stall of the event loop (a timer that fired late), which a pause outside the collector shows as.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

const file = process.env.TAIL_PROBE_FILE;
if (!file) throw new Error('TAIL_PROBE_FILE is not set');
const TICK_MS = 5;
/** A timer this much later than asked for is a stall worth printing. */
const STALL_MS = 10;
const kinds = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
let lines = [];
const write = (line) => lines.push(JSON.stringify(line));

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    write({
      kind: 'gc',
      at: performance.timeOrigin + entry.startTime,
      ms: entry.duration,
      type: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
    });
  }
}).observe({ entryTypes: ['gc'] });

// With the CPU time the process got during the stall: near all of it, the process was busy (its
// own work, or GC); near none, it was not given a core (the machine).
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  const late = now - last - TICK_MS;
  if (late >= STALL_MS) {
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    write({ kind: 'stall', at: performance.timeOrigin + last + TICK_MS, ms: late, cpuMs });
  }
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();

// Written in batches, off the requests' path.
setInterval(() => {
  if (lines.length === 0) return;
  appendFileSync(file, `${lines.join('\n')}\n`);
  lines = [];
}, 250).unref();
