import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations';

const NAME = 'tickets_http_request_duration_seconds';
const HELP = 'Time to answer';
const BUCKETS = [0.005, 0.01, 0.5, 1];

/** The same answers, to prom-client's own Histogram and to RequestDurations, each in a registry. */
function both(answers: [method: string, route: string, status: number, seconds: number][]) {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const durations = new RequestDurations(NAME, HELP, BUCKETS, [ours]);
  for (const [method, route, status, seconds] of answers) {
    histogram.observe({ method, route, status: String(status) }, seconds);
    durations.observe(method, route, status, seconds);
  }
  return { theirs, ours, durations };
}

/** The exposition's lines, in order of name and labels: Prometheus reads them in any order. */
const linesOf = async (registry: Registry) => (await registry.metrics()).trim().split('\n').sort();

describe('RequestDurations', () => {
  it("writes out the lines prom-client's Histogram writes for the same answers", async () => {
    const { theirs, ours } = both([
      ['GET', '/api/auth/user', 200, 0.001],
      ['GET', '/api/auth/user', 200, 0.005], // on a bound: counted in it, as prom-client counts it
      ['GET', '/api/auth/user', 401, 0.02],
      ['POST', '/api/auth/user', 200, 0.7],
      ['POST', '/api/gate/admissions', 503, 12], // above every bound: +Inf only
      ['GET', '(unmatched)', 404, 0.002],
      ['GET', '/api/a"b\\c', 200, 0.003], // escaped by the registry, as for any metric
    ]);
    const lines = await linesOf(ours);
    expect(lines).toEqual(await linesOf(theirs));
    expect(lines).toContain(`${NAME}_bucket{le="0.005",method="GET",route="/api/auth/user",status="200"} 2`);
    expect(lines).toContain(
      `${NAME}_bucket{le="+Inf",method="POST",route="/api/gate/admissions",status="503"} 1`,
    );
    expect(lines).toContain(`${NAME}_count{method="GET",route="/api/auth/user",status="401"} 1`);
  });

  it('starts again from nothing when the registry is reset', async () => {
    const { theirs, ours } = both([['GET', '/healthz', 200, 0.001]]);
    theirs.resetMetrics();
    ours.resetMetrics();
    expect(await linesOf(ours)).toEqual(await linesOf(theirs));
    expect((await ours.metrics()).includes('/healthz')).toBe(false);
  });
});
