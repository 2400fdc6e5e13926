/**
 * The statements the floor records (statements.ts), as text a reviewer can read: one checked-in
 * file per scenario in apps/server/sql/, compared with a fresh recording by bench/test/sql-files.test.ts
 * (so a change to one of these queries shows up in review as SQL). `npm run sql` writes them again.
 *
 * Recorded on an embedded database in memory with the demo data; the SQL text is the same on
 * PostgreSQL (drizzle's one dialect), whose prepared statements also carry the name each file lists.
 * The gate's admission is recorded on PostgreSQL only (it needs a paired device), so it has no file.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import {
  createSession,
  loadConfig,
  migrationsFolder,
  openNotifications,
  schema,
  seedDemoData,
  installBindingRule,
  type Database,
  type Db,
} from '../../../apps/server/src/bench-api';
import type { Recorded } from './replay';
import { captureOnPglite, type Captured, type Statement } from './statements';

export const sqlFolder = path.resolve(import.meta.dirname, '../../../apps/server/sql');

/** File name (without .sql) → the scenario's statements, in the order the platform sends them. */
const FILES: Record<string, Exclude<keyof Captured, 'officer' | 'gate' | 'claim'>> = {
  'session-user': 'session',
  'session-touch': 'touch',
  'stats-lookup': 'stats',
  'audit-rows': 'audit',
  personalization: 'personalization',
  'guardian-declarations': 'declarations',
  'suspension-search': 'suspensionSearch',
  'transfer-rules-list': 'transferRules',
};

const render = (recorded: Statement[] | Recorded) =>
  (Array.isArray(recorded) ? recorded : recorded.statements)
    .map((statement) => `${statement.text.trim()};\n`)
    .join('\n');

/** Each file's text, recorded afresh. */
export async function recordSqlFiles(): Promise<Map<string, string>> {
  const client = await PGlite.create();
  let notifications: Awaited<ReturnType<typeof openNotifications>> | undefined;
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder });
    // As the server makes it at start (buildApp): the bindings ask the fixture rule's function.
    await installBindingRule(db);
    // The demo data's companion requests notify: the outbox is opened first, as the server does.
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    notifications = await openNotifications(
      loadConfig({ PROFILE: 'development', DATA_DIR: 'memory' }),
      { db, engine: 'pglite', connection: { engine: 'pglite', client } } as unknown as Database,
      quiet,
    );
    await seedDemoData(db);
    const officer = { afm: '100000003', firstName: 'ΜΑΡΙΑ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' };
    const sessionPolicy = { idleMinutes: 30, absoluteHours: 12 };
    const officerToken = await createSession(db, officer, sessionPolicy);
    // Two unbound tickets of an upcoming match: one looked up, one personalized.
    const { rows } = await client.query<{ public_code: string }>(
      `select t.public_code from tickets t join events e on e.id = t.event_id
        where t.document_id is null and t.holder_afm is null and t.holder_amka is null
          and not e.seasonal and e.starts_at > now() + interval '1 day'
        order by t.id limit 2`,
    );
    const [ticketCode, spareTicketCode] = rows.map((row) => row.public_code);
    if (!ticketCode || !spareTicketCode)
      throw new Error('the demo data has no two unbound tickets of a match');
    const captured = await captureOnPglite(client, {
      officerToken,
      guardianAfm: '100000027',
      ticketCode,
      spareTicketCode,
      suspensionSearch: { afm: '100000039' },
      sessionPolicy,
      requestId: '00000000-0000-4000-8000-000000000000',
      personalization: {
        firstName: 'ΜΑΡΙΑ',
        lastName: 'ΜΕΤΡΗΣΗ',
        documentType: 'NATIONAL_ID',
        documentId: 'ΑΒ0',
      },
    });
    return new Map(Object.entries(FILES).map(([file, key]) => [file, render(captured[key])]));
  } finally {
    await notifications?.stop();
    await client.close();
  }
}
