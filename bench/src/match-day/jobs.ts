/**
 * What happens during the match, each request at its due time (ms on performance.now(), from `start`):
 * the scans on the arrival curve, the fans' claims and phone keys, the officers' lookups, the devices'
 * polls. Each kind of client on HTTP agents of its own, answered for the caller to close.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { generateGateKeyPair } from '@tickets/domain';
import { platformPlumbing } from '../../../apps/server/src/bench-api';
import { printedCode } from '../shared/bulk-data';
import { claimScenario, claimToken, type Claim } from '../shared/claim';
import { code } from '../shared/tickets';
import { arrivalTimes, type Job } from './arrivals';
import type { Device } from './devices';
import { send, type Routes } from './requests';
import { LOOKUPS, MATCH_MS, POLL_MS, SEATS } from './settings';

/** Who takes part in one run of the match, and where its figures go. */
export interface Match {
  base: string;
  eventId: number;
  /** An officer's session cookie, for the lookups. */
  officer: string;
  devices: Device[];
  /** The run's tickets to claim, fan `firstFan` on adding the first. */
  claims: Claim[];
  firstFan: number;
  routes: Routes;
  /** A device's poll of its manifest (manifests.ts). */
  poll: (device: Device, dueAt: number) => Promise<void>;
}

export function matchJobs(match: Match, start: number): { jobs: Job[]; agents: http.Agent[] } {
  const jobs: Job[] = [];
  const agents = [scanJobs(match, start, jobs), fanJobs(match, start, jobs), lookupJobs(match, start, jobs)];
  pollJobs(match, start, jobs);
  return { jobs, agents };
}

/** Online scans, one per seat, on the arrival curve, from the devices in turn. */
function scanJobs({ base, eventId, devices, routes }: Match, start: number, jobs: Job[]): http.Agent {
  const scansAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  arrivalTimes(SEATS, MATCH_MS).forEach((at, i) => {
    const device = devices[i % devices.length] as Device;
    const body = JSON.stringify({ eventId, code: printedCode(i + 1, 0) });
    jobs.push({
      dueAt: start + at,
      run: async (dueAt) => {
        const answer = await send(
          scansAgent,
          base,
          'POST',
          '/api/gate/admissions',
          // Each scan its own key, as the steward's screen sends it (docs/design.md §8).
          {
            authorization: `Bearer ${device.token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body,
        );
        const admitted =
          answer.status === 200 &&
          (JSON.parse(answer.body.toString()) as { decision: string }).decision === 'ADMIT';
        routes.record('POST /api/gate/admissions', dueAt, admitted, answer.status, answer.body);
      },
    });
  });
  return scansAgent;
}

/**
 * Fans: fan n (from firstFan) adds claims[n - firstFan], as claimScenario pairs them, then a
 * twentieth of the match later registers a phone key for it (the ticket is theirs only then).
 */
function fanJobs({ base, claims, firstFan, routes }: Match, start: number, jobs: Job[]): http.Agent {
  const fansAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const claim = claimScenario(base, claims, firstFan);
  claims.forEach((held, i) => {
    const claimDue = start + (i / claims.length) * MATCH_MS * 0.9;
    let claimed: Promise<boolean> | undefined;
    jobs.push({
      dueAt: claimDue,
      run: async (dueAt) => {
        claimed = send(
          fansAgent,
          base,
          'POST',
          claim.path,
          { ...claim.headers, ...claim.nextHeaders?.(), 'content-type': 'application/json' },
          claim.body?.(),
        ).then((answer) => {
          // A claim answers 201 Created (the 23:03 run counted every one as an error, and so
          // registered no phone key).
          const added = answer.status === 201;
          routes.record('POST /api/wallet/tickets (claim)', dueAt, added, answer.status, answer.body);
          return added;
        });
        await claimed;
      },
    });
    jobs.push({
      dueAt: claimDue + MATCH_MS / 20,
      run: async (dueAt) => {
        // Only once the ticket is the fan's: a claim answered late delays its registration.
        if (!(await claimed)) return;
        const answer = await send(
          fansAgent,
          base,
          'POST',
          `/api/wallet/tickets/${held.publicCode}/device-key`,
          {
            cookie: `${platformPlumbing.session.cookieName}=${claimToken(firstFan + i)}`,
            origin: base,
            'content-type': 'application/json',
          },
          JSON.stringify({ publicKey: generateGateKeyPair().publicKey }),
        );
        routes.record(
          'POST /api/wallet/tickets/{code}/device-key',
          dueAt,
          answer.status === 200,
          answer.status,
          answer.body,
        );
      },
    });
  });
  return fansAgent;
}

/** Officers' lookups of random seats, evenly over the match. */
function lookupJobs({ base, officer, routes }: Match, start: number, jobs: Job[]): http.Agent {
  const officersAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  for (let i = 0; i < LOOKUPS; i += 1) {
    const ticket = code(1 + Math.floor(Math.random() * SEATS));
    jobs.push({
      dueAt: start + ((i + 0.5) / LOOKUPS) * MATCH_MS,
      run: async (dueAt) => {
        const answer = await send(officersAgent, base, 'POST', `/api/stats/ticket?code=${ticket}`, {
          cookie: officer,
          origin: base,
        });
        routes.record('POST /api/stats/ticket', dueAt, answer.status === 200, answer.status, answer.body);
      },
    });
  }
  return officersAgent;
}

/**
 * Each device polls every POLL_MS, one poll at a time: a poll still unanswered delays the next,
 * which is still timed from its due time.
 */
function pollJobs({ devices, poll }: Match, start: number, jobs: Job[]): void {
  devices.forEach((device, d) => {
    let previous: Promise<void> = Promise.resolve();
    for (let at = (d / devices.length) * POLL_MS; at < MATCH_MS; at += POLL_MS) {
      jobs.push({
        dueAt: start + at,
        run: (dueAt) => {
          previous = previous.then(() => poll(device, dueAt));
          return previous;
        },
      });
    }
  });
}
