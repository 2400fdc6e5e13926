/**
 * `npm run bench`: the machine's baseline, then the platform on PGlite and (with DATABASE_URL)
 * on PostgreSQL, loaded through the real import path; one table of figures. Not a test.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { canonicalIdentifier, IDENTITY_KEY_PREFIX, PROVIDER_BATCH_MAX } from '@tickets/domain';
import { demoData, platformPlumbing } from '../../apps/server/src/bench-api';
import { CLAIM_SCENARIO, claimantsSql, claimScenario, claimToken, type Claim } from './claim';
import { halfRate, load, loadPeakAndHalf, pacedP99, type Figures, type Scenario } from './load';
import { repoRoot, startBaseline, startFloor, startPlatform, type Running } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The servers listen on the five ports after this one (another bench on the machine takes others). */
const PORTS = Number(process.env.BENCH_PORT_BASE ?? 9300);
const PGLITE_TICKETS = Number(process.env.BENCH_PGLITE_TICKETS ?? 100_000);
const PG_TICKETS = Number(process.env.BENCH_PG_TICKETS ?? 1_000_000);
const PG_SUSPENSIONS = Number(process.env.BENCH_PG_SUSPENSIONS ?? 100_000);
const PG_DECLARATIONS = Number(process.env.BENCH_PG_DECLARATIONS ?? 50_000);
/** Printed tickets for the gate scenario: each admission takes the next one. */
const PG_PRINTED = Number(process.env.BENCH_PG_PRINTED ?? 300_000);
/**
 * Only the scenarios whose names contain one of these (comma-separated, any case), e.g. `gate`;
 * an engine none of them runs on is skipped, and so is the raw COPY. All when unset.
 */
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
const selected = (scenario: { name: string }) =>
  ONLY.length === 0 || ONLY.some((name) => scenario.name.toLowerCase().includes(name));
/** Fans adding their tickets in the release rush (PostgreSQL; each a person and a ticket of their own). */
const PG_CLAIMS = Number(process.env.BENCH_PG_CLAIMS ?? 200_000);
const PRINTED_FROM = PG_DECLARATIONS;
/** The claims' tickets come after the printed ones, and well before those personalization counts down from. */
const CLAIMS_FROM = PRINTED_FROM + PG_PRINTED;
const PERSONALIZATION_MARGIN = 100_000;
const claimCount = (tickets: number) =>
  Math.max(0, Math.min(PG_CLAIMS, tickets - CLAIMS_FROM - PERSONALIZATION_MARGIN));
/** The printed code of the `serial`-th printed ticket, ticket `from + serial` (as addPrintedCodes writes it). */
export const printedCode = (serial: number, from = PRINTED_FROM) =>
  `G${String(from + serial).padStart(15, '0')}`;
/** Tickets a request of the import: as many as the provider API takes in one. */
const BATCH = PROVIDER_BATCH_MAX;
/** Codes in the club's range ('4', see the demo data) that no demo ticket uses. */
export const code = (serial: number) => `49${String(serial).padStart(10, '0')}`;

/** The cookies an answer sets, as `name=value` (a browser's jar, for one login). */
const cookiesSetBy = (response: Response) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/** Signs `afm` in through the TaxisNet stand-in, as a browser does; answers the session's `name=value`. */
export async function loginAs(url: string, afm: string): Promise<string> {
  const start = await fetch(`${url}/oauth2/authorization/taxis?login_hint=${afm}`, { redirect: 'manual' });
  const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
  const callback = await fetch(authorize.headers.get('location') as string, {
    redirect: 'manual',
    headers: { cookie: cookiesSetBy(start).join('; ') },
  });
  const session = cookiesSetBy(callback).find((c) => c.startsWith(`${platformPlumbing.session.cookieName}=`));
  if (!session) throw new Error(`login of ${afm} failed`);
  return session;
}

const BENCH_EVENT = 'Αγώνας μέτρησης';

/**
 * Loads `count` tickets through the provider API (the real import path); answers rows/s. The claim
 * codes of the tickets numbered `claims.from`–`claims.to` (the provider's answer) go `into` its array.
 */
export async function loadTickets(
  url: string,
  count: number,
  claims?: { from: number; to: number; into: Claim[] },
): Promise<number> {
  const put = (what: string, body: unknown) =>
    fetch(`${url}/api/providers/${what}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${demoData.club.providerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Within the hour: its gates are open for the gate scenario, and its tickets can still be bound.
  const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  await put('events', {
    events: [{ externalId: 'bench-match', description: BENCH_EVENT, startsAt, venue: 'Κλειστό' }],
  });
  const started = performance.now();
  for (let offset = 0; offset < count; offset += BATCH) {
    const tickets = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) => ({
      publicCode: code(offset + i + 1),
      eventExternalId: 'bench-match',
      sector: `Τ${(offset + i) % 20}`,
      row: String((offset + i) % 40),
      seat: String((offset + i) % 30),
    }));
    const response = await put('tickets', { tickets });
    if (!response.ok) throw new Error(`import answered ${response.status}`);
    if (claims && offset + BATCH >= claims.from && offset < claims.to) {
      const answer = (await response.json()) as { claims?: Claim[] };
      for (const claim of answer.claims ?? []) {
        const serial = Number(claim.publicCode.slice(2));
        if (serial >= claims.from && serial <= claims.to) claims.into.push(claim);
      }
    } else {
      await response.body?.cancel();
    }
  }
  return Math.round(count / ((performance.now() - started) / 1000));
}

export function scenarios(
  url: string,
  cookies: Record<string, string>,
  tickets: number,
  ...writesOnPostgres: Scenario[]
): Scenario[] {
  let next = 0;
  const write = { origin: url };
  return [
    { name: 'session check', path: '/api/auth/user', headers: { cookie: cookies.officer ?? '' } },
    {
      name: 'stats lookup',
      method: 'POST',
      path: `/api/stats/ticket?code=${code(1)}`,
      nextPath: () => `/api/stats/ticket?code=${code(1 + Math.floor(Math.random() * tickets))}`,
      headers: { cookie: cookies.officer ?? '', ...write },
    },
    {
      name: 'personalization',
      method: 'POST',
      path: '/api/ticket-office/personalize',
      headers: { cookie: cookies.officer ?? '', ...write },
      body: () => {
        next += 1;
        return JSON.stringify({
          ticketCode: code(tickets - next),
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΜΕΤΡΗΣΗ',
          documentType: 'NATIONAL_ID',
          documentId: `ΑΒ${next}`,
        });
      },
    },
    {
      name: 'declarations list',
      path: '/api/tickets/dependents/declarations',
      headers: { cookie: cookies.guardian ?? '' },
    },
    {
      name: 'suspension search',
      method: 'POST',
      path: '/api/blackList-administration/search',
      headers: { cookie: cookies.officer ?? '', ...write },
      body: () => JSON.stringify({ afm: demoData.people.companion.afm }),
    },
    {
      name: 'transfer-rules list',
      path: '/api/ticket-office/transfer-events',
      headers: { cookie: cookies.officer ?? '' },
    },
    ...writesOnPostgres,
  ];
}

const GATE_SCENARIO = 'gate admission';

/**
 * Admissions of distinct printed tickets of one event, from a gate device of the club (paired the
 * way an officer does it); every answer is a decision, and each ticket is admitted once.
 */
export async function gateScenario(
  url: string,
  officer: string,
  /** Which printed tickets it scans: the `count` after ticket `from` (addPrintedCodes's arguments). */
  printed = { from: PRINTED_FROM, count: PG_PRINTED },
): Promise<{ scenario: Scenario; device: { token: string; eventId: number } }> {
  const created = await fetch(`${url}/api/ticket-office/gate-devices`, {
    method: 'POST',
    headers: { cookie: officer, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'bench', organisationId: demoData.club.organisationId }),
  });
  const { token: pairingToken } = (await created.json()) as { token: string };
  // Paired as the steward's screen does: the pairing token exchanged for the device's credential.
  const paired = await fetch(`${url}/api/gate/pairing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pairingToken}` },
  });
  const { credential: token } = (await paired.json()) as { credential: string };
  const authorization = `Bearer ${token}`;
  const events = (await (await fetch(`${url}/api/gate/events`, { headers: { authorization } })).json()) as {
    eventId: number;
    eventDescription: string;
  }[];
  const eventId = events.find((event) => event.eventDescription === BENCH_EVENT)?.eventId;
  if (eventId === undefined) throw new Error('the gate device does not see the bench event');
  let next = 0;
  return {
    scenario: {
      name: GATE_SCENARIO,
      method: 'POST',
      path: '/api/gate/admissions',
      headers: { authorization },
      body: () => JSON.stringify({ eventId, code: printedCode((next++ % printed.count) + 1, printed.from) }),
    },
    device: { token, eventId },
  };
}

interface Row extends Figures {
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
type FloorStarter = (
  server: Running,
  env: Record<string, string>,
) => Promise<{ server: Running; floor: Running }>;

async function measurePlatform(
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
  const gate = printed ? await gateScenario(started.url, cookies.officer) : undefined;
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

/**
 * The logout address the platform answers a session check with, as a client reads it, its own origin
 * written ORIGIN: the floor answers it with its own (the TaxisNet stand-in is the platform's).
 */
export async function logoutUrlOf(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (!response.ok) throw new Error(`the session check answered ${response.status}`);
  const { logoutUrl } = (await response.json()) as { logoutUrl: string };
  return logoutUrl.replace(url, 'ORIGIN');
}

/**
 * The floor must answer what the platform answers: each read scenario's answer from both, byte for
 * byte (but for the origin in the logout address); a write's as its own check says.
 */
async function checkSameAnswers(platform: string, floor: string, all: Scenario[]): Promise<void> {
  const answer = async (url: string, scenario: Scenario) => {
    const response = await fetch(`${url}${scenario.path}`, {
      method: scenario.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...scenario.headers },
      body: scenario.body?.(),
    });
    return `${response.status} ${(await response.text()).replaceAll(url, 'ORIGIN')}`;
  };
  for (const scenario of all) {
    if (scenario.name === 'personalization') {
      const own = ['publicCode', 'documentId', 'sector', 'gate', 'row', 'seat', 'privateCode'];
      await checkSameBindings(platform, floor, scenario, [
        ...own,
        'createdOn',
        'modifiedOn',
        'personalizedOn',
      ]);
      continue;
    }
    if (scenario.name === GATE_SCENARIO) {
      await checkSameGateAnswers(platform, floor, scenario);
      continue;
    }
    if (scenario.name === CLAIM_SCENARIO) {
      await checkSameBindings(platform, floor, scenario, ['publicCode', 'sector', 'gate', 'row', 'seat']);
      continue;
    }
    const [mine, floors] = [await answer(platform, scenario), await answer(floor, scenario)];
    if (mine !== floors) {
      throw new Error(`${scenario.name}: the floor answers\n${floors}\nthe platform\n${mine}`);
    }
  }
}

/**
 * An admission writes, so the two cannot answer the same request alike; instead: a ticket the
 * platform admitted, scanned again by both, gives the same refusal byte for byte (the first
 * admission's time and device included); and a ticket the floor admits gives the platform's
 * admission answer, but for what is the ticket's own, which the platform, scanning it again, shows
 * as the floor gave it.
 */
async function checkSameGateAnswers(platform: string, floor: string, gate: Scenario): Promise<void> {
  const post = async (url: string, body: string) => {
    const response = await fetch(`${url}${gate.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...gate.headers },
      body,
    });
    return `${response.status} ${await response.text()}`;
  };
  const differ = (what: string, floors: unknown, mine: unknown) =>
    new Error(`gate admission, ${what}: the floor answers
${String(floors)}
the platform
${String(mine)}`);
  const first = gate.body?.() ?? '';
  const admitted = await post(platform, first);
  const [again, floorsAgain] = [await post(platform, first), await post(floor, first)];
  if (again !== floorsAgain) throw differ('a ticket admitted before', floorsAgain, again);
  const second = gate.body?.() ?? '';
  const floors = await post(floor, second);
  const parse = (answer: string) =>
    JSON.parse(answer.slice(answer.indexOf(' ') + 1)) as Record<string, unknown>;
  const [mine, theirs, rescanned] = [parse(admitted), parse(floors), parse(await post(platform, second))];
  const own = ['admissionId', 'admittedAt', 'documentHint', 'seat'];
  const shared = (answer: Record<string, unknown>) =>
    JSON.stringify(Object.entries(answer).map(([key, value]) => (own.includes(key) ? key : [key, value])));
  if (admitted.slice(0, 4) !== floors.slice(0, 4) || shared(mine) !== shared(theirs)) {
    throw differ('an admission', floors, admitted);
  }
  for (const key of ['admittedAt', 'documentHint', 'seat', 'admittedBy']) {
    if (rescanned[key] !== theirs[key])
      throw differ(`the ticket's ${key}`, floors, JSON.stringify(rescanned));
  }
}

/**
 * A claim or a personalization binds a ticket: the two cannot bind the same one. Each binds a ticket
 * of its own (to a document of its own), and answers it: the ticket and document it was sent; the two
 * answers are the same but for what is that ticket's and binding's own (`own`; each ticket's gate code
 * is new and random).
 */
async function checkSameBindings(
  platform: string,
  floor: string,
  scenario: Scenario,
  own: string[],
): Promise<void> {
  const post = async (url: string) => {
    const body = scenario.body?.() ?? '{}';
    const sent = JSON.parse(body) as Record<string, unknown>;
    const response = await fetch(`${url}${scenario.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...scenario.headers, ...scenario.nextHeaders?.() },
      body,
    });
    const text = await response.text();
    const answer = JSON.parse(text) as Record<string, unknown>;
    if (
      answer.publicCode !== (sent.ticketCode ?? sent.publicCode) ||
      ('documentId' in sent && answer.documentId !== sent.documentId)
    ) {
      throw new Error(
        `${scenario.name}: ${url} answers another ticket or document than it was sent:\n${text}`,
      );
    }
    for (const key of own) delete answer[key];
    for (const fixture of (answer.fixtures ?? []) as Record<string, unknown>[]) delete fixture.gateCode;
    return `${response.status} ${JSON.stringify(answer)}`;
  };
  const [mine, floors] = [await post(platform), await post(floor)];
  if (mine !== floors) {
    throw new Error(`${scenario.name}: the floor answers\n${floors}\nthe platform\n${mine}`);
  }
}

/** Runs statements on the bench's database, one after the other. */
export async function runSql(databaseUrl: string, statements: [string, unknown[]][]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [text, values] of statements) await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** The documents of the bench's suspensions and printed tickets: this, then a number. */
const SUSPENDED_DOCUMENT = 'ΔΚ';
const PRINTED_DOCUMENT = 'ΠΕ';

/**
 * Suspension records in bulk, straight into the tables (adding them one by one through the API
 * would take the whole time budget): random valid-length identifiers, half of them lifted, with the
 * identity keys the API would resolve them to (nobody in the registry: their own three; a number is
 * its own canonical form, so a document's key is its prefix's, then its number).
 */
export const addSuspensions = (databaseUrl: string, count: number) =>
  runSql(databaseUrl, [
    [
      `insert into suspensions (afm, amka, document_id, end_date, active, created_by)
       select lpad((200000000 + n)::text, 9, '0'), lpad((10000000000 + n)::text, 11, '0'), $2::text || n,
              current_date + (n % 365), n % 2 = 0, 'bench'
       from generate_series(1, $1::int) as n`,
      [count, SUSPENDED_DOCUMENT],
    ],
    [
      `insert into suspension_keys (suspension_id, key)
       select id, unnest(array[$1::text || afm, $2::text || amka, $3::text || substr(document_id, $4::int + 1)])
       from suspensions where created_by = 'bench'`,
      [
        IDENTITY_KEY_PREFIX.afm,
        IDENTITY_KEY_PREFIX.amka,
        IDENTITY_KEY_PREFIX.document + canonicalIdentifier(SUSPENDED_DOCUMENT),
        SUSPENDED_DOCUMENT.length,
      ],
    ],
  ]);

/**
 * Printed tickets in bulk: verification codes as the ticket office writes them (a bound holder), on
 * the `count` tickets after ticket `from`: by default after the minors' of the declarations (a minor
 * without a companion would be refused).
 */
export const addPrintedCodes = (databaseUrl: string, count: number, from = PRINTED_FROM) =>
  runSql(databaseUrl, [
    [
      `update tickets set private_code = 'G' || lpad(n::text, 15, '0'), full_name = 'ΜΑΡΙΑ ΜΕΤΡΗΣΗ',
         document_type = 'NATIONAL_ID', document_id = $3::text || n, document_key = $4::text || n
       from generate_series($2::int + 1, $2::int + $1::int) as n
       where public_code = '49' || lpad(n::text, 10, '0')`,
      [count, from, PRINTED_DOCUMENT, canonicalIdentifier(PRINTED_DOCUMENT)],
    ],
  ]);

/**
 * Companion declarations in bulk, on tickets already imported: one guardian per two minors in the
 * registry stand-in, each minor holding one of the bench tickets, one declaration per minor in
 * every status. Straight into the tables, as the suspensions, for the same reason.
 */
export const addDeclarations = (databaseUrl: string, count: number) =>
  runSql(databaseUrl, [
    [
      `insert into citizens (afm, amka, first_name, last_name, birth_date)
       select lpad((300000000 + n)::text, 9, '0'), lpad((30000000000 + n)::text, 11, '0'),
              'ΓΟΝΕΑΣ', 'ΜΕΤΡΗΣΗΣ' || n, date '1980-01-01'
       from generate_series(1, ($1::int + 1) / 2) as n`,
      [count],
    ],
    [
      `insert into citizens (amka, first_name, last_name, birth_date)
       select lpad((40000000000 + n)::text, 11, '0'), 'ΠΑΙΔΙ', 'ΜΕΤΡΗΣΗΣ' || n, date '2014-05-05'
       from generate_series(1, $1::int) as n`,
      [count],
    ],
    [
      `insert into guardianships (guardian_id, minor_id)
       select guardian.id, minor.id from generate_series(1, $1::int) as n
       join citizens guardian on guardian.amka = lpad((30000000000 + (n + 1) / 2)::text, 11, '0')
       join citizens minor on minor.amka = lpad((40000000000 + n)::text, 11, '0')`,
      [count],
    ],
    [
      `update tickets set holder_amka = lpad((40000000000 + n)::text, 11, '0')
       from generate_series(1, $1::int) as n where public_code = '49' || lpad(n::text, 10, '0')`,
      [count],
    ],
    [
      `insert into companion_declarations (guardian_id, minor_id, ticket_id, companion_afm, companion_name, status)
       select guardian.id, minor.id, ticket.id, $2::text, $3::text,
              (array['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED'])[1 + n % 4]
       from generate_series(1, $1::int) as n
       join citizens guardian on guardian.amka = lpad((30000000000 + (n + 1) / 2)::text, 11, '0')
       join citizens minor on minor.amka = lpad((40000000000 + n)::text, 11, '0')
       join tickets ticket on ticket.public_code = '49' || lpad(n::text, 10, '0')`,
      [count, demoData.people.companion.afm, demoData.people.companion.fullName],
    ],
  ]);

/**
 * Raw COPY of as many rows into the same tickets table (its unique and secondary indexes and its
 * foreign key to events checked as for the import), under codes of their own: the ceiling for the
 * import.
 */
function copyRate(databaseUrl: string, count: number): number {
  const eventId = execFileSync('psql', [
    databaseUrl,
    '-Atc',
    "select id from events where external_id = 'bench-match'",
  ])
    .toString()
    .trim();
  const csv = Array.from(
    { length: count },
    (_, i) => `6${String(i + 1).padStart(11, '0')},${eventId},Τ${i % 20},${i % 40},${i % 30}`,
  ).join('\n');
  const started = performance.now();
  execFileSync(
    'psql',
    [
      databaseUrl,
      '-q',
      '-c',
      '\\copy tickets (public_code, event_id, sector, row, seat) from stdin with csv',
    ],
    { input: csv, maxBuffer: 1 << 30 },
  );
  return Math.round(count / ((performance.now() - started) / 1000));
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript a person downloads (gzip) to reach each route family: the landing route's, then
 * for a family everything its lazily loaded pages need on top of it (Vite's build manifest says
 * which chunk imports which).
 */
function bundleSizes(): [string, number][] {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (keys: string[], files = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) continue;
      files.add(chunk.file);
      withImports(chunk.imports ?? [], files);
    }
    return files;
  };
  const gzipKB = (files: Iterable<string>) =>
    Math.round(
      [...files].reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
        0,
      ) / 102.4,
    ) / 10;
  const landing = withImports(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const families = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const family = /^src\/features\/([^/]+)\//.exec(key)?.[1];
    if (family) families.set(family, [...(families.get(family) ?? []), key]);
  }
  return [
    ['landing route JavaScript (KB gzip)', gzipKB(landing)],
    ...[...families].map(([family, keys]): [string, number] => [
      `JavaScript for the ${family} pages, landing included (KB gzip)`,
      gzipKB(withImports(keys, new Set(landing))),
    ]),
  ];
}

/** The embedded default: the platform on PGlite in a folder, and its floor on a copy of it. */
async function measureEmbedded(rows: Row[], extra: [string, string | number][]): Promise<void> {
  const folders = mkdtempSync(path.join(tmpdir(), 'tickets-bench-'));
  const embeddedEnv = { DATA_DIR: path.join(folders, 'platform'), DATABASE_URL: '' };
  const pglite = await measurePlatform(
    'PGlite',
    await startPlatform(PORTS + 2, embeddedEnv),
    PGLITE_TICKETS,
    rows,
    async (server, env) => {
      await server.stop();
      cpSync(embeddedEnv.DATA_DIR, path.join(folders, 'floor'), { recursive: true });
      return {
        server: await startPlatform(PORTS + 2, embeddedEnv),
        floor: await startFloor(PORTS + 4, {
          ...env,
          DATABASE_URL: '',
          PGLITE_DIR: path.join(folders, 'floor'),
        }),
      };
    },
  );
  await pglite.server.stop();
  rmSync(folders, { recursive: true, force: true });
  extra.push(
    ['PGlite import (rows/s, provider API)', pglite.importRate],
    ['PGlite server RSS after load (MiB)', pglite.rss],
  );
}

async function main() {
  if (process.env.DATABASE_URL && PG_TICKETS < CLAIMS_FROM + PERSONALIZATION_MARGIN) {
    // Declarations, printed tickets, claims and personalization each take their own range of tickets.
    throw new Error(
      `BENCH_PG_TICKETS must be at least ${(CLAIMS_FROM + PERSONALIZATION_MARGIN).toLocaleString('en')} with these BENCH_PG_DECLARATIONS and BENCH_PG_PRINTED`,
    );
  }
  const rows: Row[] = [];
  const extra: [string, string | number][] = [];

  // The baseline before and after the platforms: this machine's speed drifts by a third within a
  // run, and every ratio is taken to the mean of the two.
  const measureBaseline = async (when: string) => {
    const baseline = await startBaseline(PORTS + 1);
    rows.push({
      engine: 'node:http',
      scenario: `baseline, ${when}`,
      ...(await load(baseline.url, { name: 'baseline', path: '/' }, SECONDS)),
    });
    await baseline.stop();
  };
  await measureBaseline('first');

  // The embedded default as `npm start` runs it: a folder on disk (DATA_DIR). The floor gets a copy
  // of it, taken with the platform stopped, in a process of its own. (The gate runs on PostgreSQL.)
  if (scenarios('', {}, 1).some(selected)) await measureEmbedded(rows, extra);

  if (process.env.DATABASE_URL) {
    const name = `tickets_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      const postgres = await measurePlatform(
        'PostgreSQL',
        await startPlatform(PORTS + 3, { DATABASE_URL: url.href }),
        PG_TICKETS,
        rows,
        async (server, env) => {
          // Restarted, as on PGlite: the scenarios are measured in a process that has not served the
          // import (bench/README.md, "What each figure means").
          await server.stop();
          return {
            server: await startPlatform(PORTS + 3, { DATABASE_URL: url.href }),
            floor: await startFloor(PORTS + 5, { ...env, DATABASE_URL: url.href }),
          };
        },
        async () => {
          console.error('[PostgreSQL] adding suspension records and companion declarations…');
          await addSuspensions(url.href, PG_SUSPENSIONS);
          await addDeclarations(url.href, Math.min(PG_DECLARATIONS, PG_TICKETS));
          await addPrintedCodes(url.href, Math.min(PG_PRINTED, PG_TICKETS));
          await runSql(url.href, claimantsSql(claimCount(PG_TICKETS)));
          // As after any bulk load: the visibility map and the planner's statistics, now rather than
          // from autovacuum in the middle of the measurements.
          await runSql(url.href, [['vacuum analyze', []]]);
          return { printed: true, databaseUrl: url.href };
        },
        claimCount(PG_TICKETS),
      );
      await postgres.server.stop();
      extra.push(
        ['PostgreSQL suspension records', PG_SUSPENSIONS],
        ['PostgreSQL companion declarations (besides the demo ones)', Math.min(PG_DECLARATIONS, PG_TICKETS)],
        ['PostgreSQL import (rows/s, provider API)', postgres.importRate],
        ['PostgreSQL server RSS after load (MiB)', postgres.rss],
      );
      if (ONLY.length === 0) {
        const copy = copyRate(url.href, PG_TICKETS);
        extra.push(
          ['PostgreSQL raw COPY (rows/s)', copy],
          ['import / COPY', Math.round((postgres.importRate / copy) * 100) / 100],
        );
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  await measureBaseline('last');
  const baselines = rows.filter((row) => row.engine === 'node:http');
  const baselineRate = baselines.reduce((sum, row) => sum + row.requestsPerSecond, 0) / baselines.length;
  console.log(
    `\nAll on this machine (${SECONDS} s per scenario, 50 connections, autocannon in the bench process, servers in their own).\n`,
  );
  console.log(
    "The floor: the same SQL statements and answers from a bare node:http + pg (or PGlite) server, loaded before and after the platform; its p99 paced at the platform's half rate.\n",
  );
  console.log(
    '| engine | scenario | req/s | p50 ms | p99 ms | p99 ms at half rate | errors | ratio to baseline (mean) | floor req/s (first, last) | floor p99 ms at the same rate | ratio to floor (mean) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const { floor } = row;
    const floorRate = floor ? (floor.first + floor.last) / 2 : undefined;
    const floorColumns = floor
      ? [
          `${floor.first}, ${floor.last}${floor.errors ? ` (${floor.errors} errors)` : ''}`,
          floor.p99AtPlatformsHalf,
          (row.requestsPerSecond / (floorRate as number)).toFixed(2),
        ]
      : ['-', '-', '-'];
    console.log(
      `| ${[
        row.engine,
        row.scenario,
        row.requestsPerSecond,
        row.p50,
        row.p99,
        row.p99AtHalf ?? '-',
        row.errors,
        (row.requestsPerSecond / baselineRate).toFixed(2),
        ...floorColumns,
      ].join(' | ')} |`,
    );
  }
  console.log('\n| measure | value |\n|---|---:|');
  for (const [name, value] of [...extra, ...bundleSizes()]) console.log(`| ${name} | ${value} |`);
}

// Run, not imported (the helpers above also serve the bench's other tools).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
