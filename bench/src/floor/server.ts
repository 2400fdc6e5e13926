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
 * its own copy of the platform's folder in its own process, as the platform does (database.ts).
 * This file: the samples the recording is made for, and the routes; the handlers are handlers.ts's
 * and replayed.ts's, the sessions sessions.ts's.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { demoData } from '../../../apps/server/src/bench-api';
import { answer, readBody, refuse } from './answers';
import { auditBatches, checkValues, openDatabase, sentStatements } from './database';
import { gateAdmission } from './gate';
import { ownHandlers, type Floor, type Handler } from './handlers';
import { replayedHandlers } from './replayed';
import { sessionReader } from './sessions';
import type { Samples } from './statements';

const port = Number(process.env.PORT);
const origin = `http://localhost:${port}`;
/**
 * The logout address the platform answers its session check with (run/measure.ts asks it, as a client
 * does), its origin this server's: the TaxisNet stand-in is served by the platform itself.
 */
const LOGOUT_URL = (process.env.FLOOR_LOGOUT_URL ?? '').replace(/^ORIGIN/, origin);

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

const { run, captured, sender, db, claim } = await openDatabase(samples);
const S = sentStatements(captured);
checkValues(S, captured, samples);
const sessionOf = sessionReader(run, S);
const floor: Floor = {
  run,
  statements: S,
  captured,
  samples,
  sender,
  db,
  ...(claim ? { claim } : {}),
  audit: auditBatches(run, S),
  logoutUrl: LOGOUT_URL,
};
const own = ownHandlers(floor);
const replayed = replayedHandlers(floor);
const admitAtGate = gateAdmission(db);

/** Method and path → handler, and whether only officers may call it. */
const routes = new Map<string, [Handler, boolean]>([
  ['GET /api/auth/user', [own.sessionCheck, false]],
  ['POST /api/stats/ticket', [own.statsLookup, true]],
  ['POST /api/ticket-office/personalize', [replayed.personalize, true]],
  ['GET /api/tickets/dependents/declarations', [own.declarations, false]],
  ['POST /api/blackList-administration/search', [replayed.suspensionSearch, true]],
  ['GET /api/ticket-office/transfer-events', [own.transferRules, true]],
  ...(claim
    ? [['POST /api/wallet/tickets', [replayed.addToWallet, false]] satisfies [string, [Handler, boolean]]]
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
