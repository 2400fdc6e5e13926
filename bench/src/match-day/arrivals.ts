/** When the match's requests are due, and their sending at those times. */

/**
 * Arrivals over the 90 minutes (u from 0 to 1), mean 1: a trickle of 0.5 all along, and a triangle
 * from u = 0.5 rising to its top at 0.8 (the crowd before kick-off) and gone by 0.9, of height 2.5,
 * so that the peak is 3 times the mean (0.5 + 2.5·0.4/2 = 1).
 */
function arrivalDensity(u: number): number {
  const rise = u >= 0.5 && u < 0.8 ? (2.5 * (u - 0.5)) / 0.3 : 0;
  const fall = u >= 0.8 && u < 0.9 ? (2.5 * (0.9 - u)) / 0.1 : 0;
  return 0.5 + rise + fall;
}

/** When each of `count` arrivals is due (ms from the start), by inverting the curve's cumulative sum. */
export function arrivalTimes(count: number, durationMs: number): number[] {
  const steps = 100_000;
  const cumulative = new Float64Array(steps + 1);
  for (let step = 1; step <= steps; step += 1)
    cumulative[step] = (cumulative[step - 1] ?? 0) + arrivalDensity((step - 0.5) / steps) / steps;
  const total = cumulative[steps] ?? 1;
  const times: number[] = [];
  let step = 0;
  for (let i = 0; i < count; i += 1) {
    const target = ((i + 0.5) / count) * total;
    while (step < steps && (cumulative[step + 1] ?? total) < target) step += 1;
    times.push((step / steps) * durationMs);
  }
  return times;
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** A request of the match, sent at `dueAt` (ms on performance.now()); its latency counts from then. */
export interface Job {
  dueAt: number;
  run: (dueAt: number) => Promise<void>;
}

/** Each scheduled request is sent at its due time whether or not earlier ones were answered (open loop). */
export async function openLoop(jobs: Job[]): Promise<void> {
  jobs.sort((a, b) => a.dueAt - b.dueAt);
  const pending: Promise<void>[] = [];
  for (const job of jobs) {
    if (job.dueAt > performance.now()) await sleepUntil(job.dueAt);
    pending.push(job.run(job.dueAt));
  }
  await Promise.all(pending);
}
