/**
 * The floor's database: the platform's own on PostgreSQL (DATABASE_URL), over a pool as large as the
 * platform's, or its own copy of the platform's folder on PGlite (PGLITE_DIR); the platform's
 * statements recorded on it for the samples (statements.ts), and the check that the floor's handlers
 * send what the platform sends.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { measuredWork, platformPlumbing } from '../../../apps/server/src/bench-api';
import { claimReplay } from './claim';
import { pgliteSender, poolSender, type Sender } from './replay';
import { captureOnPglite, captureOnPostgres, type Captured, type Samples } from './statements';
import type { Statement } from './types';

export type Row = Record<string, unknown>;
export type Run = (statement: Statement, values: unknown[]) => Promise<Row[]>;

const SESSION = platformPlumbing.session;

/**
 * As drizzle reads them: timestamps and dates as the database's text, turned into what is needed;
 * the bigint ids as numbers (the schema's `mode: 'number'`).
 */
const raw = (value: string) => value;
const PARSERS: Record<number, (value: string) => unknown> = { 20: Number, 1082: raw, 1114: raw, 1184: raw };

export type Claim = ReturnType<typeof claimReplay>;

/** The platform's database over the floor's own connection (the gate admission's: gate.ts). */
export type Db = ReturnType<typeof measuredWork.databaseOver>;

export async function openDatabase(samples: Samples): Promise<{
  run: Run;
  captured: Captured;
  sender: Sender;
  db: Db;
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

const only = (statements: Statement[], what: string): Statement => {
  if (statements.length !== 1)
    throw new Error(`${what}: the platform now sends ${statements.length} statements`);
  return statements[0] as Statement;
};
/** The statements the floor's own handlers send, each the one the platform sent for that request. */
export const sentStatements = (captured: Captured) => ({
  session: only(captured.session, 'session'),
  touch: only(captured.touch, 'touch'),
  ticket: only(captured.stats, 'stats lookup'),
  audit: only(captured.audit, 'audit'),
  declarations: only(captured.declarations, 'declarations'),
  transferRules: only(captured.transferRules, 'transfer rules'),
});
export type SentStatements = ReturnType<typeof sentStatements>;

// What the handlers send (handlers.ts), for the recorded samples: the same values in the same places, or
// the platform's SQL has changed and they must follow. (Personalization, the suspension search
// and the claim are replayed from their recordings instead: replay.ts.)
export function checkValues(S: SentStatements, captured: Captured, samples: Samples): void {
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

export type AuditRow = [
  actor: string,
  action: string,
  subject: string | null,
  requestId: string,
  details?: string,
];
/** The audit rows of lookups, group-committed as the platform's audit() does, in its recorded INSERT. */
export const auditBatches = (run: Run, S: SentStatements) =>
  platformPlumbing.auditBatches<AuditRow>((rows) =>
    run(
      S.audit,
      [0, 1, 2, 3, 4].map((at) => rows.map((row) => row[at] ?? null)),
    ),
  );
