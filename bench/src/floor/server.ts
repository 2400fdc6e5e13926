/**
 * The floor of the same work: for each bench scenario, a bare node:http handler that runs the
 * statements the platform runs for that request (recorded from the platform's own functions, see
 * statements.ts; the same prepared-statement names, the same audit INSERT group-committed the same
 * way) and answers the same JSON with the same headers. No framework, no validation, no logging, no
 * response schema: what is left is the database, the driver, the socket and JSON. The gate admission
 * runs the platform's own functions instead (gate.ts). What it shares with the platform (the session's
 * cookie, policy and touch, the API's headers, the audit rows' batches) comes through the server's one
 * door, apps/server/src/bench-api.ts.
 *
 * On PostgreSQL (DATABASE_URL) it shares the platform's database; on PGlite (PGLITE_DIR) it opens
 * its own copy of the platform's folder in its own process, as the platform does.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { canonicalIdentifier, fullNameInCapitals, identityKey, LOOKUP_SWEEP_CODES } from '@tickets/domain';
import { demoData, measuredWork, platformPlumbing } from '../../../apps/server/src/bench-api';
import { claimReplay } from './claim';
import { gateAdmission } from './gate';
import { pgliteSender, poolSender, replay, type Sender } from './replay';
import { captureOnPglite, captureOnPostgres, type Captured, type Samples } from './statements';
import type { Statement } from './types';

type Row = Record<string, unknown>;
type Run = (statement: Statement, values: unknown[]) => Promise<Row[]>;

const port = Number(process.env.PORT);
const origin = `http://localhost:${port}`;
const SESSION = platformPlumbing.session;
const TOUCH_INTERVAL_MS = SESSION.touchIntervalMs(SESSION.policy);
const SESSION_COOKIE = `${SESSION.cookieName}=`;
/**
 * The logout address the platform answers its session check with (run.ts asks it, as a client does),
 * its origin this server's: the TaxisNet stand-in is served by the platform itself.
 */
const LOGOUT_URL = (process.env.FLOOR_LOGOUT_URL ?? '').replace(/^ORIGIN/, origin);

/**
 * As drizzle reads them: timestamps and dates as the database's text, turned into what is needed;
 * the bigint ids as numbers (the schema's `mode: 'number'`).
 */
const raw = (value: string) => value;
const PARSERS: Record<number, (value: string) => unknown> = { 20: Number, 1082: raw, 1114: raw, 1184: raw };

type Claim = ReturnType<typeof claimReplay>;

async function openRun(samples: Samples): Promise<{
  run: Run;
  captured: Captured;
  sender: Sender;
  /** The platform's database over the floor's own connection (the gate admission's: gate.ts). */
  db: ReturnType<typeof measuredWork.databaseOver>;
  claim?: Claim;
}> {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    const captured = await captureOnPostgres(url, samples);
    // As many connections as the platform's pool.
    const pool = new pg.Pool({ connectionString: url, max: platformPlumbing.poolConnections });
    const types = {
      getTypeParser: (oid: number, format?: string) =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
    };
    const run: Run = async (statement, values) =>
      (await pool.query({ name: statement.name, text: statement.text, values, types } as pg.QueryConfig))
        .rows;
    const sender = poolSender(pool, types);
    const claim = captured.claim && claimReplay(sender, captured.claim);
    const db = measuredWork.databaseOver(pool);
    return { run, captured, sender, db, ...(claim ? { claim } : {}) };
  }
  const client = await PGlite.create(process.env.PGLITE_DIR);
  const captured = await captureOnPglite(client, samples);
  const run: Run = async (statement, values) =>
    (await client.query<Row>(statement.text, values, { parsers: PARSERS })).rows;
  return { run, captured, sender: pgliteSender(client, PARSERS), db: measuredWork.databaseOver(client) };
}

const samples: Samples = {
  officerToken: process.env.FLOOR_OFFICER_TOKEN ?? '',
  guardianAfm: demoData.people.guardian,
  ticketCode: process.env.FLOOR_TICKET_CODE ?? '',
  spareTicketCode: process.env.FLOOR_SPARE_TICKET_CODE ?? '',
  suspensionSearch: { afm: demoData.people.companion.afm },
  requestId: randomUUID(),
  personalization: {
    firstName: 'ΜΑΡΙΑ',
    lastName: 'ΜΕΤΡΗΣΗ',
    documentType: 'NATIONAL_ID',
    documentId: 'ΑΒ0',
  },
  ...(process.env.FLOOR_CLAIM_TOKEN
    ? {
        claim: {
          token: process.env.FLOOR_CLAIM_TOKEN,
          publicCode: process.env.FLOOR_CLAIM_CODE ?? '',
          claimCode: process.env.FLOOR_CLAIM_CLAIM_CODE ?? '',
        },
      }
    : {}),
};

const { run, captured, sender, db, claim } = await openRun(samples);
const only = (statements: Statement[], what: string): Statement => {
  if (statements.length !== 1)
    throw new Error(`${what}: the platform now sends ${statements.length} statements`);
  return statements[0] as Statement;
};
const S = {
  session: only(captured.session, 'session'),
  touch: only(captured.touch, 'touch'),
  ticket: only(captured.stats, 'stats lookup'),
  audit: only(captured.audit, 'audit'),
  declarations: only(captured.declarations, 'declarations'),
  transferRules: only(captured.transferRules, 'transfer rules'),
};

// What the handlers below send, for the recorded samples: the same values in the same places, or
// the platform's SQL has changed and this file must follow. (Personalization, the suspension search
// and the claim are replayed from their recordings instead: replay.ts.)
function checkValues(): void {
  const officer = captured.officer;
  const org = officer.organisationId;
  // Times: the floor sends its own.
  const mask = (values: unknown[]) =>
    JSON.stringify(values, (_key, value: unknown) =>
      typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? 'MASKED' : value,
    );
  const expected: [string, unknown[], unknown[]][] = [
    ['session', [SESSION.idHash(samples.officerToken), 'T', 'T', 1], S.session.values],
    ['stats', [samples.ticketCode, org, org, 1], S.ticket.values],
    [
      'audit',
      [[officer.afm], ['TICKET_LOOKUP'], [samples.ticketCode], [samples.requestId], [null]],
      S.audit.values,
    ],
    ['declarations', [samples.guardianAfm, 'PENDING', 'ACCEPTED'], S.declarations.values],
    ['transfer rules', [org, org], S.transferRules.values],
  ];
  for (const [what, floor, platform] of expected) {
    const mine = mask(floor).replace(/"T"/g, '"MASKED"');
    if (mine !== mask(platform)) {
      throw new Error(`${what}: the platform sends ${mask(platform)}, the floor ${mine}`);
    }
  }
}
checkValues();

// ---- what every request of the platform does too: its session, from memory once read ----

interface Session {
  afm: string;
  firstName: string;
  lastName: string;
  lastSeenAt: number;
  expiresAt: number;
  officer: boolean;
  organisationId: string | null;
}
const sessions = new Map<string, Session>();

async function sessionOf(request: http.IncomingMessage): Promise<Session | undefined> {
  const cookie = request.headers.cookie ?? '';
  const at = cookie.indexOf(SESSION_COOKIE);
  if (at < 0) return undefined;
  const end = cookie.indexOf(';', at);
  const token = cookie.slice(at + SESSION_COOKIE.length, end < 0 ? undefined : end);
  const idHash = SESSION.idHash(token);
  const now = Date.now();
  const kept = sessions.get(idHash);
  if (kept && now - kept.lastSeenAt < TOUCH_INTERVAL_MS && now < kept.expiresAt) return kept;
  const idleSince = now - SESSION.policy.idleMinutes * 60_000;
  const [row] = await run(S.session, [
    idHash,
    new Date(now).toISOString(),
    new Date(idleSince).toISOString(),
    1,
  ]);
  if (!row) return undefined;
  const session: Session = {
    afm: row.afm as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    lastSeenAt: new Date(row.last_seen_at as string).getTime(),
    expiresAt: new Date(row.expires_at as string).getTime(),
    officer: row.active === true,
    organisationId: row.active === true ? (row.organisation_id as string | null) : null,
  };
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    const touched = new Date(now);
    await run(S.touch, [touched.toISOString(), idHash]);
    session.lastSeenAt = now;
  }
  sessions.set(idHash, session);
  return session;
}

// ---- the audit rows of lookups, group-committed as the platform's audit() does ----

type AuditRow = [actor: string, action: string, subject: string | null, requestId: string, details?: string];
const audit = platformPlumbing.auditBatches<AuditRow>((rows) =>
  run(
    S.audit,
    [0, 1, 2, 3, 4].map((at) => rows.map((row) => row[at] ?? null)),
  ),
);

// ---- answers ----

/** The platform's API headers, so the answers weigh the same. */
const HEADERS = { ...platformPlumbing.apiHeaders, 'content-type': 'application/json; charset=utf-8' };
function answer(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...HEADERS, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
const refuse = (response: http.ServerResponse, status: number, code: string) =>
  answer(response, status, { exceptions: { errors: [{ code, description: code }] } });

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function ticketDetails(ticket: Row, row: Row) {
  return {
    fullName: ticket.full_name,
    documentType: ticket.document_type,
    documentId: ticket.document_id,
    publicCode: ticket.public_code,
    eventDescription: row.description,
    eventDateTime: iso(row.starts_at),
    venue: row.venue,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
    provider: row.name,
    status: ticket.status,
    seasonal: ticket.seasonal,
    installationId: ticket.installation_id,
    skipMode: ticket.skip_mode,
    afm: ticket.holder_afm,
    amka: ticket.holder_amka,
    createdOn: iso(ticket.created_at),
    modifiedOn: iso(ticket.modified_at),
    personalizedOn: iso(ticket.personalized_at),
    anonymous: ticket.anonymous,
  };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

type Handler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  session: Session,
  query: string,
) => Promise<void>;

const sessionCheck: Handler = async (_request, response, session) =>
  answer(response, 200, {
    firstname: session.firstName,
    lastname: session.lastName,
    taxid: session.afm,
    TICKET_ROLE: session.officer ? 'OFFICER' : 'STANDARD_USER',
    logoutUrl: LOGOUT_URL,
  });

const statsLookup: Handler = async (_request, response, session, query) => {
  const code = new URLSearchParams(query).get('code') ?? '';
  const org = session.organisationId;
  // The platform's own count of the officer's neighbouring lookups, as the route runs it first.
  if ((await measuredWork.countNeighbourLookups(db, session.afm, code)) >= LOOKUP_SWEEP_CODES)
    return refuse(response, 429, 'TICKET_LOOKUP_SWEEP');
  const [row] = await run(S.ticket, [code, org, org, 1]);
  await audit([session.afm, row ? 'TICKET_LOOKUP' : 'TICKET_LOOKUP_MISS', code, randomUUID()]);
  if (!row) return refuse(response, 404, 'TICKET_NOT_FOUND');
  // The bench's tickets are single matches: a season ticket's fixtures are not part of the floor.
  if (row.seasonal) return refuse(response, 500, 'SEASON_TICKET_NOT_IN_THE_FLOOR');
  answer(response, 200, { ...ticketDetails(row, row), fixtures: [] });
};

/**
 * The audit rows the replayed requests write outside a transaction, group-committed as `audit` does:
 * the recorded INSERT (one row, a column each) as one row of the floor's group.
 */
const groupedAudit = {
  text: S.audit.text,
  send: (columns: unknown[]) => audit((columns as unknown[][]).map((column) => column[0]) as AuditRow),
};

/** The officer's own values where the sample's officer had theirs, and a request id of its own. */
const officerPairs = (session: Session): [unknown, unknown][] => [
  [captured.officer.afm, session.afm],
  [captured.officer.organisationId, session.organisationId],
  [samples.requestId, randomUUID()],
];

const personalization = replay(sender, captured.personalization, groupedAudit);
/** The platform's issueTicket, replayed (replay.ts) with this ticket, person and document. */
const personalize: Handler = async (request, response, session) => {
  const body = JSON.parse(await readBody(request)) as typeof samples.personalization & { ticketCode: string };
  const sample = samples.personalization;
  const issued = await personalization([
    ...officerPairs(session),
    [samples.spareTicketCode, body.ticketCode],
    [sample.firstName, body.firstName],
    [sample.lastName, body.lastName],
    [
      fullNameInCapitals(sample.firstName, sample.lastName),
      fullNameInCapitals(body.firstName, body.lastName),
    ],
    [sample.documentType, body.documentType],
    [sample.documentId, body.documentId],
    // The document's key, and the registry's key of it, as the rules send them.
    [canonicalIdentifier(sample.documentId), canonicalIdentifier(body.documentId)],
    [identityKey.document(sample.documentId), identityKey.document(body.documentId)],
  ]);
  if (!issued) return refuse(response, 409, 'TICKET_ALREADY_BOUND');
  answer(response, 200, issued);
};

const declarations: Handler = async (_request, response, session) => {
  const rows = await run(S.declarations, [session.afm, 'PENDING', 'ACCEPTED']);
  answer(
    response,
    200,
    rows.map((row) => ({
      declarationId: row.id,
      dependentName: `${row.first_name as string} ${row.last_name as string}`,
      birthDate: row.birth_date,
      eventDescription: row.description,
      eventDateTime: iso(row.starts_at),
      companionName: row.companion_name,
      companionAfm: row.companion_afm,
      ticketCode: row.public_code,
      status: row.status,
      timestamp: iso(row.updated_at),
    })),
  );
};

const suspensionSearching = replay(sender, captured.suspensionSearch, groupedAudit);
/**
 * The platform's searchSuspensions, replayed (replay.ts) with the searched ΑΦΜ. The audit row's
 * digests of the people matched are the sample's (the bench searches the sample's ΑΦΜ).
 */
const suspensionSearch: Handler = async (request, response, session) => {
  const { afm } = JSON.parse(await readBody(request)) as { afm: string };
  const sample = samples.suspensionSearch.afm;
  const found = await suspensionSearching([
    ...officerPairs(session),
    [sample, afm],
    [canonicalIdentifier(sample), canonicalIdentifier(afm)],
    [identityKey.afm(sample), identityKey.afm(afm)],
  ]);
  answer(response, 200, found ?? []);
};

const transferRules: Handler = async (_request, response, session) => {
  const org = session.organisationId;
  const rows = await run(S.transferRules, [org, org]);
  answer(
    response,
    200,
    rows.map((event) => ({
      eventId: event.id,
      eventDescription: event.description,
      eventDateTime: iso(event.starts_at),
      seasonal: event.seasonal,
      allowTransfer: event.allow_transfer,
      maxTransfers: event.max_transfers,
      transferMinuteLimit: event.transfer_minute_limit,
      minToAutoRevertTransferredTicket: event.min_to_auto_revert_transferred_ticket,
      ignoreTransfers: event.ignore_transfers,
    })),
  );
};

/** A fan adds a bought ticket: the platform's statements for it (floor/claim.ts). */
const addToWallet: Handler = async (request, response, session) => {
  const body = JSON.parse(await readBody(request)) as { publicCode: string };
  const added = await (claim as Claim)(session.afm, body.publicCode);
  if (!added) return refuse(response, 409, 'TICKET_ALREADY_IN_WALLET');
  answer(response, 201, added);
};

const admitAtGate = gateAdmission(db);

/** Method and path → handler, and whether only officers may call it. */
const routes = new Map<string, [Handler, boolean]>([
  ['GET /api/auth/user', [sessionCheck, false]],
  ['POST /api/stats/ticket', [statsLookup, true]],
  ['POST /api/ticket-office/personalize', [personalize, true]],
  ['GET /api/tickets/dependents/declarations', [declarations, false]],
  ['POST /api/blackList-administration/search', [suspensionSearch, true]],
  ['GET /api/ticket-office/transfer-events', [transferRules, true]],
  ...(claim
    ? [['POST /api/wallet/tickets', [addToWallet, false]] satisfies [string, [Handler, boolean]]]
    : []),
]);

http
  .createServer((request, response) => {
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    if (path === '/readyz') return answer(response, 200, { status: 'ok' });
    if (request.method === 'POST' && path === '/api/gate/admissions') {
      // A device's call: its bearer credential, read before the body (no session).
      admitAtGate(
        request.headers.authorization,
        () => readBody(request),
        (status, answered) => answer(response, status, answered),
        (status, code) => refuse(response, status, code),
      ).catch((error: unknown) => {
        console.error(error);
        refuse(response, 500, 'INTERNAL_ERROR');
      });
      return;
    }
    const route = routes.get(`${request.method} ${path}`);
    if (!route) return refuse(response, 404, 'NOT_FOUND');
    const [handler, officersOnly] = route;
    sessionOf(request)
      .then((session) => {
        if (!session) return refuse(response, 401, 'UNAUTHENTICATED');
        if (officersOnly && !session.officer) return refuse(response, 403, 'FORBIDDEN');
        return handler(request, response, session, mark < 0 ? '' : url.slice(mark + 1));
      })
      .catch((error: unknown) => {
        console.error(error);
        refuse(response, 500, 'INTERNAL_ERROR');
      });
  })
  .listen(port, '127.0.0.1', () => console.log('ready'));
