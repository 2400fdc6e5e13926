import http from 'node:http';
import autocannon from 'autocannon';

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** p99 when loaded at half the peak rate (the latency people feel on a busy, not saturated, day). */
  p99AtHalf?: number;
}

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  /** A fresh path per request (lookups of different codes). */
  nextPath?: () => string;
  headers?: Record<string, string>;
  /** Headers of each request on top of `headers` (a different person's session each time). */
  nextHeaders?: () => Record<string, string>;
  /** A fresh body per request (writes that must not repeat). */
  body?: () => string;
}

/** Untimed load before each measured one: the server's JIT compiles the scenario's code paths. */
export const WARM_UP_SECONDS = 2;

/**
 * Loads one scenario with autocannon: 50 connections for `seconds` after a warm-up (the first
 * second of a cold route ran at a quarter of its speed; a server already loaded with it may skip
 * it), every non-2xx an error.
 */
export async function load(
  url: string,
  scenario: Scenario,
  seconds: number,
  warmUp = true,
): Promise<Figures> {
  if (warmUp) await loadFor(url, scenario, WARM_UP_SECONDS);
  const result = await loadFor(url, scenario, seconds);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function loadFor(url: string, scenario: Scenario, seconds: number) {
  return autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method ?? 'GET',
    connections: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...scenario.headers },
    ...(scenario.body || scenario.nextPath || scenario.nextHeaders
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(scenario.body ? { body: scenario.body() } : {}),
                ...(scenario.nextPath ? { path: scenario.nextPath() } : {}),
                ...(scenario.nextHeaders
                  ? { headers: { ...request.headers, ...scenario.nextHeaders() } }
                  : {}),
              }),
            },
          ],
        }
      : {}),
  });
}

/**
 * Requests at a fixed rate, evenly spaced, whether or not the earlier ones have been answered
 * (open loop): the latency people see on a busy but not saturated day. autocannon's own rate
 * limit sends each second's quota at full speed at the start of the second, which measures a
 * burst instead. Latency counts from when a request was due, so a stalled server is not hidden by
 * requests that were never sent (coordinated omission). The first second warms up and is not
 * counted: the client opens its connections then, all at once (a storm of handshakes measured at
 * 200 ms p99 on a server that answers in 10 ms once they are open).
 */
const WARM_UP_MS = 1000;

export async function pacedP99(
  url: string,
  scenario: Scenario,
  seconds: number,
  rate: number,
  /** Told of each counted request: when it was due (epoch ms), its latency (ms) and status. */
  onAnswer?: (dueAt: number, latencyMs: number, status: number) => void,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const counted = (due: number) => due - started >= WARM_UP_MS;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const body = scenario.body?.();
      const request = http.request(
        `${url}${scenario.nextPath?.() ?? scenario.path}`,
        {
          agent,
          method: scenario.method ?? 'GET',
          headers: { 'content-type': 'application/json', ...scenario.headers, ...scenario.nextHeaders?.() },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (counted(due)) {
              const latency = performance.now() - due;
              latencies.push(latency);
              onAnswer?.(performance.timeOrigin + due, latency, response.statusCode ?? 0);
            }
            resolve();
          });
        },
      );
      request.on('error', () => {
        if (counted(due)) latencies.push(Number.POSITIVE_INFINITY);
        resolve();
      });
      request.end(body);
    });

  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < WARM_UP_MS + seconds * 1000) {
    while (started + sent * interval <= performance.now()) {
      pending.push(send(started + sent * interval));
      sent += 1;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + sent * interval - performance.now())),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0);
}

/** Half the peak rate: the pace of a busy, not saturated, day. */
export const halfRate = (peak: Figures) => Math.max(1, Math.round(peak.requestsPerSecond / 2));

/** The peak (closed loop, 50 connections), then the same scenario paced at half that rate for its p99. */
export async function loadPeakAndHalf(url: string, scenario: Scenario, seconds: number): Promise<Figures> {
  const peak = await load(url, scenario, seconds);
  const p99AtHalf = await pacedP99(url, scenario, seconds, halfRate(peak));
  return { ...peak, p99AtHalf };
}
