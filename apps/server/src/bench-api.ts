/**
 * The one door from the bench into the server (bench/README.md, "The door into the server"). The
 * bench uses the platform as a client or an operator does — HTTP, the database — and comes in here
 * only for what its floor of the same work must share with the platform, so that nothing of the
 * server is copied into it. Lint refuses any other import of the server from bench/
 * (eslint.config.js). Three names, each one need:
 *
 * - `measuredWork`: what the measured routes call, as they call it, on a database over a connection
 *   of the bench's own (the development profile's keys bound in: the bench runs the platform in that
 *   profile). The floor runs them once over a connection that records each statement, and its gate
 *   admission runs the platform's own `decideAdmission` for every request.
 * - `platformPlumbing`: what the floor's handlers and the bench's clients must do as the platform
 *   does: the session's cookie, policy, touch and id, the API's headers, the pool's size, the audit
 *   rows' batches, a new verification code.
 * - `demoData`: the demo club whose provider key loads the bench's tickets, and the demo people it
 *   signs in as.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { suspensionSearchSchema, type AdmissionRequest } from '@tickets/domain';
import { loadConfig } from './config';
import { POOL_CONNECTIONS, type Db } from './db/client';
import * as schema from './db/schema';
import { DEMO_PROVIDER_KEYS } from './demo/events';
import { DEMO_PEOPLE } from './demo/seed';
import { listLiveDeclarations } from './features/companions/queries';
import { decideAdmission } from './features/gate/admission/admissions.service';
import { authenticateDevice } from './features/gate/devices/devices.service';
import { countNeighbourLookups } from './features/stats/queries';
import { searchSuspensions } from './features/suspensions/service';
import { issueTicket } from './features/ticket-office/service';
import { listTransferEvents } from './features/transfer-events/service';
import { addWalletTicket } from './features/wallet/claims.service';
import { API_HEADERS } from './plugins/security-headers';
import { newVerificationCode } from './rules/codes';
import { findTicketForOfficer } from './rules/tickets';
import { AppError } from './shared/app-error';
import { audit, auditBatches } from './shared/audit';
import {
  findSessionUser,
  sessionCookieName,
  sessionIdHash,
  touchIntervalMs,
  type SessionUser,
} from './shared/sessions';

/** The profile the bench runs the platform in (bench/src/processes.ts): its defaults, its keys. */
const PROFILE = 'development';
const development = loadConfig({ PROFILE });

type Actor = { user: SessionUser; requestId: string };

export const measuredWork = {
  /** The platform's typed database over the bench's own connection (one that records, or the floor's pool). */
  databaseOver: (client: pg.Client | pg.Pool | PGlite): Db =>
    (client instanceof PGlite
      ? drizzlePglite(client, { schema })
      : drizzlePostgres(client, { schema })) as unknown as Db,
  /** Every signed-in request: the session by its token, touched when due (`policy`: the platform's). */
  findSessionUser,
  /**
   * POST /api/stats/ticket: the officer's recent lookups of neighbouring codes (a sweep is refused),
   * then the ticket (its audit row apart: `audit`).
   */
  countNeighbourLookups,
  findTicketForOfficer,
  audit,
  /** POST /api/ticket-office/personalize. */
  personalize: (db: Db, actor: Actor, request: Parameters<typeof issueTicket>[3]) =>
    issueTicket(db, actor, 'PERSONALIZE', request, development.gateKeys.signer),
  /** GET /api/tickets/dependents/declarations. */
  listLiveDeclarations,
  /** POST /api/blackList-administration/search, the body as its route reads it. */
  searchSuspensions: (db: Db, actor: Actor, body: unknown) =>
    searchSuspensions(db, actor, suspensionSearchSchema.parse(body), development.auditDigestKey),
  /** GET /api/ticket-office/transfer-events. */
  listTransferEvents,
  /** POST /api/wallet/tickets. */
  addWalletTicket: (db: Db, actor: Actor, request: Parameters<typeof addWalletTicket>[2]) =>
    addWalletTicket(db, actor, request, development.claimCodeKey),
  /**
   * POST /api/gate/admissions: the device by its credential, before the body is read (the `device`
   * access level's check, features/gate/devices/device-access.ts), then the decision and its record.
   * A refusal the route answers as an error (401, 404) is an AppError, with its `status` and `code`.
   */
  admitAtGate: async (
    db: Db,
    credential: string,
    body: () => Promise<AdmissionRequest>,
    requestId: string,
  ) => {
    const device = await authenticateDevice(db, credential);
    if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
    return decideAdmission(db, device, await body(), {
      audit: (entry) => audit(db, entry),
      requestId,
      trustedKeys: development.gateKeys.trusted,
    });
  },
};

export const platformPlumbing = {
  session: {
    cookieName: sessionCookieName(PROFILE),
    /** The idle and absolute timeouts (the development profile's: SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS). */
    policy: development.session,
    /** How long a session is kept in memory before it is read, and touched, again. */
    touchIntervalMs,
    /** What `sessions.id_hash` holds for a token. */
    idHash: sessionIdHash,
  },
  /** The headers every API answer carries (production adds HSTS). */
  apiHeaders: API_HEADERS,
  /** A process's pool of connections to PostgreSQL. */
  poolConnections: POOL_CONNECTIONS,
  /** Audit rows outside a transaction, batched as `audit` batches them; `write` sends one statement. */
  auditBatches,
  /** A new random verification code, as a ticket is given one (a replayed binding gives a new one too). */
  newVerificationCode,
};

/** A demo adult's ΑΦΜ (the demo minors have none). */
const afmOf = ({ afm }: { afm: string | null }): string => {
  if (afm === null) throw new Error('a demo minor has no ΑΦΜ');
  return afm;
};

/** The demo club the bench imports its tickets for, through the provider API, and the people it signs in as. */
export const demoData = {
  club: { organisationId: 'kae-akropoli', providerKey: DEMO_PROVIDER_KEYS['kae-akropoli'] },
  people: {
    /** A platform-wide officer. */
    officer: afmOf(DEMO_PEOPLE.platformOfficer),
    guardian: afmOf(DEMO_PEOPLE.guardian),
    /** The demo guardian's companion (the suspension search's sample, the bench's declarations' companion). */
    companion: {
      afm: afmOf(DEMO_PEOPLE.companion),
      fullName: `${DEMO_PEOPLE.companion.firstName} ${DEMO_PEOPLE.companion.lastName}`,
    },
  },
} as const;
