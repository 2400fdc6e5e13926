/**
 * One engine's measurement: its tickets imported, then each selected scenario loaded on the platform
 * and on the floor of the same work (bench/README.md, "How `npm run bench` works").
 */
import { demoData } from '../../../apps/server/src/bench-api';
import { claimScenario, claimToken, type Claim } from '../shared/claim';
import { runSql } from '../shared/database';
import { gateScenario } from '../shared/gate';
import { halfRate, load, loadPeakAndHalf, pacedP99, type Figures } from '../shared/load';
import type { Running } from '../shared/processes';
import { scenarios } from '../shared/scenarios';
import { loginAs, logoutUrlOf } from '../shared/sign-in';
import { code, loadTickets } from '../shared/tickets';
import { checkSameAnswers } from './same-answers';
import { CLAIMS_FROM, PG_PRINTED, PRINTED_FROM, SECONDS, selected } from './settings';

export interface Row extends Figures {
  engine: string;
  scenario: string;
  floor?: FloorFigures;
}

/** The floor of the same work, loaded before and after the platform, and paced at the platform's half rate. */
interface FloorFigures {
  first: number;
  last: number;
  errors: number;
  p99AtPlatformsHalf: number;
}

/**
 * Restarts the platform, so that the scenarios are measured in a process that has not served the
 * import, and starts the floor on its data (on PGlite, a copy taken while the platform is stopped).
 */
export type FloorStarter = (
  server: Running,
  env: Record<string, string>,
) => Promise<{ server: Running; floor: Running }>;

export async function measurePlatform(
  engine: string,
  started: Running,
  tickets: number,
  rows: Row[],
  startFloorFor: FloorStarter,
  /** More data, once the tickets are in (it may refer to them); with printed tickets, the gate too. */
  afterImport?: () => Promise<{ printed: boolean; databaseUrl?: string }>,
  /** Claim codes to keep from the import, for as many claimants (the last one is the floor's sample). */
  claimants = 0,
): Promise<{ importRate: number; rss: number; server: Running }> {
  console.error(`[${engine}] loading ${tickets.toLocaleString('en')} tickets through the provider API…`);
  const claims: Claim[] = [];
  const importRate = await loadTickets(
    started.url,
    tickets,
    claimants > 0 ? { from: CLAIMS_FROM + 1, to: CLAIMS_FROM + claimants, into: claims } : undefined,
  );
  const { printed, databaseUrl } = (await afterImport?.()) ?? { printed: false };
  const claimSample = claims.length === claimants && claimants > 1 ? claims.pop() : undefined;
  const cookies = {
    officer: await loginAs(started.url, demoData.people.officer),
    guardian: await loginAs(started.url, demoData.people.guardian),
  };
  const gate = printed
    ? await gateScenario(started.url, cookies.officer, { from: PRINTED_FROM, count: PG_PRINTED })
    : undefined;
  if (gate && databaseUrl && selected(gate.scenario)) {
    // The gates have been open a while: a match's admissions are never an empty table (earlier
    // fixtures' are there too), and a plan made on an empty one scans it whole on every scan, for
    // as long as the connection keeps it (autovacuum's ANALYZE comes within the minute; a run is
    // shorter). A second of admissions, then the statistics.
    await load(started.url, gate.scenario, 1, false);
    await runSql(databaseUrl, [['analyze gate_admissions', []]]);
  }
  console.error(`[${engine}] starting the floor of the same work…`);
  const { server, floor } = await startFloorFor(started, {
    FLOOR_OFFICER_TOKEN: cookies.officer.slice(cookies.officer.indexOf('=') + 1),
    FLOOR_TICKET_CODE: code(1),
    // Never bound by the personalization scenario, which counts down from the one before it.
    FLOOR_SPARE_TICKET_CODE: code(tickets),
    FLOOR_LOGOUT_URL: await logoutUrlOf(started.url, cookies.officer),
    ...(claimSample
      ? {
          FLOOR_CLAIM_TOKEN: claimToken(claimants),
          FLOOR_CLAIM_CODE: claimSample.publicCode,
          FLOOR_CLAIM_CLAIM_CODE: claimSample.claimCode,
        }
      : {}),
  }).catch(async (error: unknown) => {
    // Else the platform's process outlives the bench, holding its port.
    started.process.kill('SIGTERM');
    throw error;
  });
  try {
    const writes = [
      ...(gate ? [gate.scenario] : []),
      ...(claimSample ? [claimScenario(server.url, claims)] : []),
    ];
    const all = scenarios(server.url, cookies, tickets, ...writes).filter(selected);
    await checkSameAnswers(server.url, floor.url, all);
    for (const scenario of all) {
      console.error(`[${engine}] ${scenario.name}…`);
      // As pgbench before a run: what the scenarios before wrote is flushed now, so that a checkpoint
      // they made due does not fall in this one's measurement (the claim measured after the gate's
      // writes did 551 a second where alone it did 941: bench/README.md).
      if (databaseUrl) await runSql(databaseUrl, [['checkpoint', []]]);
      const first = await load(floor.url, scenario, SECONDS);
      const figures = await loadPeakAndHalf(server.url, scenario, SECONDS);
      const p99AtPlatformsHalf = await pacedP99(floor.url, scenario, SECONDS, halfRate(figures));
      const last = await load(floor.url, scenario, SECONDS, false);
      rows.push({
        engine,
        scenario: scenario.name,
        ...figures,
        floor: {
          first: first.requestsPerSecond,
          last: last.requestsPerSecond,
          errors: first.errors + last.errors,
          p99AtPlatformsHalf,
        },
      });
    }
  } catch (error) {
    // Else the platform's process outlives the bench, holding its port.
    server.process.kill('SIGTERM');
    throw error;
  } finally {
    await floor.stop();
  }
  return { importRate, rss: server.rssMiB(), server };
}
