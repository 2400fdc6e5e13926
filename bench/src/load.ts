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
  /** A fresh body per request (writes that must not repeat). */
  body?: () => string;
}

/** Loads one scenario with autocannon: 50 connections for `seconds`, every non-2xx an error. */
export async function load(
  url: string,
  scenario: Scenario,
  seconds: number,
  overallRate?: number,
): Promise<Figures> {
  const result = await autocannon({
    ...(overallRate ? { overallRate } : {}),
    url: `${url}${scenario.path}`,
    method: scenario.method ?? 'GET',
    connections: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...scenario.headers },
    ...(scenario.body || scenario.nextPath
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(scenario.body ? { body: scenario.body() } : {}),
                ...(scenario.nextPath ? { path: scenario.nextPath() } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The peak, then the same scenario at half that rate for its p99. */
export async function loadPeakAndHalf(url: string, scenario: Scenario, seconds: number): Promise<Figures> {
  const peak = await load(url, scenario, seconds);
  const half = await load(url, scenario, seconds, Math.max(1, Math.round(peak.requestsPerSecond / 2)));
  return { ...peak, p99AtHalf: half.p99 };
}
