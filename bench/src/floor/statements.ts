/**
 * The SQL the platform runs for each bench scenario, taken from the platform itself: its own
 * functions (the ones its routes call: the door's `measuredWork`) run once against a connection that
 * records every statement it is sent — text, prepared-statement name and values — so the floor sends
 * exactly the same statements, and follows any change to the platform's queries without being edited.
 * (The gate admission's floor runs those functions for every request instead: gate.ts.)
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { measuredWork, platformPlumbing } from '../../../apps/server/src/bench-api';
import type { Recorded, RecordedClaim, Statement } from './types';

type Db = ReturnType<typeof measuredWork.databaseOver>;
type SessionUser = NonNullable<Awaited<ReturnType<typeof measuredWork.findSessionUser>>>;

/** What each scenario sends, in order, for the sample request it was recorded with. */
export interface Captured {
  /** The signed-in officer the samples ran as. */
  officer: SessionUser;
  session: Statement[];
  /** The write of last_seen_at, once a kept session is due one. */
  touch: Statement[];
  stats: Statement[];
  audit: Statement[];
  /** The personalization of the spare ticket, with its answer (replayed: replay.ts). */
  personalization: Recorded;
  declarations: Statement[];
  /** The sample search, with its answer (replayed). */
  suspensionSearch: Recorded;
  transferRules: Statement[];
  /** The claim of the claim sample (PostgreSQL only), with its answers. */
  claim?: RecordedClaim;
}

/** The sample requests the statements are recorded with (the floor checks its values against them). */
export interface Samples {
  officerToken: string;
  guardianAfm: string;
  ticketCode: string;
  /** An unbound ticket the recording may bind (one the scenario never uses). */
  spareTicketCode: string;
  suspensionSearch: { afm: string };
  requestId: string;
  personalization: {
    firstName: string;
    lastName: string;
    documentType: 'NATIONAL_ID';
    documentId: string;
  };
  /** A fan's session token and a ticket with its claim code that no scenario claims (PostgreSQL only). */
  claim?: { token: string; publicCode: string; claimCode: string };
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
    const { name, text, rowMode, types } = (typeof config === 'string' ? { text: config } : config) as {
      name?: string;
      text: string;
      rowMode?: 'array';
      types?: unknown;
    };
    const entry: Statement = {
      ...(name ? { name } : {}),
      text,
      values: values ?? (config as { values?: unknown[] }).values ?? [],
      ...(rowMode ? { rowMode } : {}),
      ...(types ? { types } : {}),
    };
    recorder.log.push(entry);
    return query(config, values).then((result) => {
      entry.rows = (result as { rows?: unknown[] }).rows;
      return result;
    });
  };
  return { db: measuredWork.databaseOver(client), recorder, close: () => client.end() };
}

/** A drizzle database over a PGlite whose queries are recorded. */
function recordingPglite(client: PGlite): { db: Db; recorder: Recorder } {
  const recorder: Recorder = { log: [] };
  const recorded = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return async (text: string, values?: unknown[], options?: Record<string, unknown>) => {
          const entry: Statement = { text, values: values ?? [], ...(options ? { options } : {}) };
          recorder.log.push(entry);
          const result = await target.query(text, values, options as never);
          entry.rows = result.rows;
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: measuredWork.databaseOver(recorded), recorder };
}

async function record(db: Db, recorder: Recorder, samples: Samples): Promise<Captured> {
  const during = async (run: () => Promise<unknown>): Promise<Statement[]> => {
    const log: Statement[] = [];
    recorder.log = log;
    await run();
    recorder.log = [];
    return log;
  };
  /** The statements of a request the floor replays, with the platform's answer to it. */
  const replayed = async (run: () => Promise<unknown>): Promise<Recorded> => {
    const recordedAt = Date.now();
    let answer: unknown;
    const statements = await during(async () => {
      answer = await run();
    });
    // As the platform answers it: JSON (its times as text).
    return { statements, answer: JSON.parse(JSON.stringify(answer)) as unknown, recordedAt };
  };
  const work = measuredWork;
  const { policy } = platformPlumbing.session;
  let officer: SessionUser | undefined;
  const session = await during(async () => {
    officer = await work.findSessionUser(db, samples.officerToken, policy);
  });
  if (!officer) throw new Error("the officer's session is unknown to the database");
  const user = officer;
  const actor = { user, requestId: samples.requestId };
  return {
    officer: user,
    // The read alone: a session older than the touch interval is touched too (recorded below).
    session: session.slice(0, 1),
    touch: await recordTouch(db, recorder, samples),
    stats: await during(() => work.findTicketForOfficer(db, user, samples.ticketCode)),
    audit: await during(() =>
      work.audit(db, {
        actor: user.afm,
        action: 'TICKET_LOOKUP',
        subject: samples.ticketCode,
        requestId: samples.requestId,
      }),
    ),
    personalization: await replayed(() =>
      work.personalize(db, actor, { ticketCode: samples.spareTicketCode, ...samples.personalization }),
    ),
    declarations: await during(() => work.listLiveDeclarations(db, samples.guardianAfm)),
    suspensionSearch: await replayed(() => work.searchSuspensions(db, actor, samples.suspensionSearch)),
    transferRules: await during(() => work.listTransferEvents(db, user)),
    ...(samples.claim ? { claim: await recordClaim(db, samples, during) } : {}),
  };
}

/** The platform's claim of the claim sample, as its route calls it; the sample must be added. */
async function recordClaim(
  db: Db,
  samples: Samples,
  during: (run: () => Promise<unknown>) => Promise<Statement[]>,
): Promise<RecordedClaim> {
  const { token, publicCode, claimCode } = samples.claim as NonNullable<Samples['claim']>;
  const user = await measuredWork.findSessionUser(db, token, platformPlumbing.session.policy);
  if (!user) throw new Error("the claim sample's session is unknown to the database");
  const recordedAt = Date.now();
  let answer: unknown;
  const statements = await during(async () => {
    const added = await measuredWork.addWalletTicket(
      db,
      { user, requestId: samples.requestId },
      { publicCode, claimCode },
    );
    answer = added.ticket;
  });
  return {
    statements,
    answer,
    sample: { afm: user.afm, publicCode, requestId: samples.requestId },
    recordedAt,
  };
}

/**
 * The session read again once it is due a touch, and the touch: with an idle timeout of twice the
 * session's age, its last_seen_at is older than the touch interval (a tenth of that) but not idle.
 */
async function recordTouch(db: Db, recorder: Recorder, samples: Samples): Promise<Statement[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const idHash = platformPlumbing.session.idHash(samples.officerToken);
  const { rows } = (await db.execute(
    sql`select (extract(epoch from now() - last_seen_at) * 1000)::float8 as age from sessions where id_hash = ${idHash}`,
  )) as unknown as { rows: { age: number }[] };
  const age = Number(rows[0]?.age);
  recorder.log = [];
  await measuredWork.findSessionUser(db, samples.officerToken, {
    ...platformPlumbing.session.policy,
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
