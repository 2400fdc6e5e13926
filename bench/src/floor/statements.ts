/**
 * The SQL the platform runs for each bench scenario, taken from the platform itself: its own
 * functions (the ones its routes call) run once against a connection that records every statement
 * it is sent — text, prepared-statement name and values — so the floor sends exactly the same
 * statements, and follows any change to the platform's queries without being edited.
 */
import { hash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { suspensionSearchSchema } from '@tickets/domain';
import {
  audit,
  decideAdmission,
  findSessionUser,
  findTicketForOfficer,
  issueTicket,
  listLiveDeclarations,
  listTransferEvents,
  loadConfig,
  schema,
  searchSuspensions,
  type Db,
  type SessionUser,
} from '../../../apps/server/src/bench-api';

export interface Statement {
  /** The prepared statement's name, when the platform names it (PostgreSQL only). */
  name?: string;
  text: string;
  values: unknown[];
}

/** What each scenario sends, in order, for the sample request it was recorded with. */
export interface Captured {
  /** The signed-in officer the samples ran as. */
  officer: SessionUser;
  session: Statement[];
  /** The write of last_seen_at, once a kept session is due one. */
  touch: Statement[];
  stats: Statement[];
  audit: Statement[];
  personalization: Statement[];
  declarations: Statement[];
  suspensionSearch: Statement[];
  transferRules: Statement[];
  /** An admission of the gate sample's code (none without a gate sample). */
  gate: Statement[];
}

/** The sample requests the statements are recorded with (the floor checks its values against them). */
export interface Samples {
  officerToken: string;
  guardianAfm: string;
  ticketCode: string;
  /** An unbound ticket the recording may bind (one the scenario never uses). */
  spareTicketCode: string;
  suspensionSearch: { afm: string };
  sessionPolicy: { idleMinutes: number; absoluteHours: number };
  requestId: string;
  personalization: {
    firstName: string;
    lastName: string;
    documentType: 'NATIONAL_ID';
    documentId: string;
  };
  /** A gate device's token, its club's event and a printed code of it no scenario scans (PostgreSQL only). */
  gate?: { token: string; eventId: number; code: string };
}

type Recorder = { log: Statement[] };

/** A drizzle database over one recording connection to PostgreSQL. */
async function recordingPostgres(
  url: string,
): Promise<{ db: Db; recorder: Recorder; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const recorder: Recorder = { log: [] };
  const query = client.query.bind(client) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  (client as unknown as { query: typeof query }).query = (config, values) => {
    const { name, text } = (typeof config === 'string' ? { text: config } : config) as {
      name?: string;
      text: string;
    };
    recorder.log.push({ ...(name ? { name } : {}), text, values: values ?? [] });
    return query(config, values);
  };
  return {
    db: drizzlePostgres(client, { schema }) as unknown as Db,
    recorder,
    close: () => client.end(),
  };
}

/** A drizzle database over a PGlite whose queries are recorded. */
function recordingPglite(client: PGlite): { db: Db; recorder: Recorder } {
  const recorder: Recorder = { log: [] };
  const recorded = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (text: string, values?: unknown[], options?: unknown) => {
          recorder.log.push({ text, values: values ?? [] });
          return target.query(text, values, options as never);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: drizzlePglite(recorded, { schema }) as unknown as Db, recorder };
}

async function record(db: Db, recorder: Recorder, samples: Samples): Promise<Captured> {
  const during = async (run: () => Promise<unknown>): Promise<Statement[]> => {
    const log: Statement[] = [];
    recorder.log = log;
    await run();
    recorder.log = [];
    return log;
  };
  let officer: SessionUser | undefined;
  const session = await during(async () => {
    officer = await findSessionUser(db, samples.officerToken, samples.sessionPolicy);
  });
  if (!officer) throw new Error("the officer's session is unknown to the database");
  const user = officer;
  return {
    officer: user,
    // The read alone: a session older than the touch interval is touched too (recorded below).
    session: session.slice(0, 1),
    touch: await recordTouch(db, recorder, samples),
    stats: await during(() => findTicketForOfficer(db, user, samples.ticketCode)),
    audit: await during(() =>
      audit(db, {
        actor: user.afm,
        action: 'TICKET_LOOKUP',
        subject: samples.ticketCode,
        requestId: samples.requestId,
      }),
    ),
    personalization: await during(() =>
      issueTicket(
        db,
        { user, requestId: samples.requestId },
        'PERSONALIZE',
        { ticketCode: samples.spareTicketCode, ...samples.personalization },
        // The platform's signer as the server has it (the development key: the bench runs that profile).
        loadConfig({}).gateKeys.signer,
      ),
    ),
    declarations: await during(() => listLiveDeclarations(db, samples.guardianAfm)),
    suspensionSearch: await during(() =>
      searchSuspensions(db, suspensionSearchSchema.parse(samples.suspensionSearch)),
    ),
    transferRules: await during(() => listTransferEvents(db, user)),
    gate: samples.gate ? await during(() => admit(db, samples)) : [],
  };
}

/** The platform's decision for the gate sample, as its route calls it; the sample must be admitted. */
async function admit(db: Db, samples: Samples): Promise<void> {
  const { token, eventId, code } = samples.gate as NonNullable<Samples['gate']>;
  const admission = await decideAdmission(
    db,
    token,
    { eventId, code },
    {
      audit: (entry) => audit(db, entry),
      requestId: samples.requestId,
      trustedKeys: loadConfig({}).gateKeys.trusted,
    },
  );
  if (admission.decision !== 'ADMIT') throw new Error(`the gate sample was refused: ${admission.reason}`);
}

/**
 * The session read again once it is due a touch, and the touch: with an idle timeout of twice the
 * session's age, its last_seen_at is older than the touch interval (a tenth of that) but not idle.
 */
async function recordTouch(db: Db, recorder: Recorder, samples: Samples): Promise<Statement[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const idHash = hash('sha256', samples.officerToken, 'base64url');
  const { rows } = (await db.execute(
    sql`select (extract(epoch from now() - last_seen_at) * 1000)::float8 as age from sessions where id_hash = ${idHash}`,
  )) as unknown as { rows: { age: number }[] };
  const age = Number(rows[0]?.age);
  recorder.log = [];
  await findSessionUser(db, samples.officerToken, {
    ...samples.sessionPolicy,
    idleMinutes: (2 * age) / 60_000,
  });
  const touch = recorder.log.slice(1);
  if (touch.length !== 1)
    throw new Error(`expected the session's touch, recorded ${touch.length} statements`);
  return touch;
}

export async function captureOnPostgres(url: string, samples: Samples): Promise<Captured> {
  const { db, recorder, close } = await recordingPostgres(url);
  try {
    return await record(db, recorder, samples);
  } finally {
    await close();
  }
}

export function captureOnPglite(client: PGlite, samples: Samples): Promise<Captured> {
  const { db, recorder } = recordingPglite(client);
  return record(db, recorder, samples);
}
