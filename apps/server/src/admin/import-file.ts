import { open, stat } from 'node:fs/promises';
import { importFileMessages, type ImportReport } from '@tickets/domain';
import type { Db } from '../db/client';
import { isUnreachableError } from '../db/outage';
import { importEvents, startTicketImport } from '../features/providers/imports.service';
import { claimsFor } from '../rules/claim-codes';
import { entriesOf, type Entry } from './import-entries';
import { AdminInputError } from './officers';

/**
 * How the import tells its progress (import-progress.ts): first the checking pass, the bytes read of
 * the file's; then the tickets done of the file's.
 */
export interface ImportProgress {
  startCheck(bytes: number): void;
  updateCheck(bytes: number): void;
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

/** Tickets handed to the import at a time, and between two progress updates. */
const ROWS_PER_STEP = 1000;

/**
 * `npm run admin -- import <file> --organisation <id>`: the same import the provider API runs.
 * JSON: `{ "events": [...], "tickets": [...] }` in the API's shapes. CSV: one ticket a row, with
 * its event's columns alongside (eventExternalId, eventDescription, eventStartsAt, eventEndsAt,
 * venue, eventSeasonal, eventSeasonExternalId, displayMode, publicCode, sector, gate, row, seat,
 * seasonal): a season's rows give its end, a fixture's rows the season it belongs to.
 *
 * A club's season is hundreds of thousands of rows, so the file is streamed, twice, and never held
 * whole. The first reading checks the whole file and gathers its events (a few) and the number of
 * its tickets: a file that turns out malformed at its last line writes nothing, the events are
 * imported before any ticket wherever they stand in the file (seasons before the fixtures that name
 * them, as the API does), and the progress has its exact total. The second hands the tickets to the
 * import as they are read, which writes each chunk as it fills (one transaction each, as the API).
 */
export async function importFile(db: Db, file: string, organisationId: string, progress?: ImportProgress) {
  const { events, ticketCount } = await checkFile(file, progress);
  try {
    return await writeEntries(db, file, organisationId, { events, ticketCount }, progress);
  } catch (error) {
    if (isUnreachableError(error))
      throw new DatabaseLostError(importFileMessages.databaseLost, { cause: error });
    throw error;
  }
}

/**
 * The database went away while the import wrote (a restart, a failover, a cut network path). Each
 * chunk is one transaction: what was written is whole chunks, and the same command run again writes
 * the rest (the import is idempotent: a row already there is left unchanged).
 */
export class DatabaseLostError extends Error {}

/** The first reading, its progress told as the bytes read. */
async function checkFile(file: string, progress?: ImportProgress) {
  const size = await stat(file).then(
    (found) => (found.isFile() ? found.size : undefined),
    () => undefined,
  );
  if (size === undefined) throw new AdminInputError(importFileMessages.unreadable(file));
  progress?.startCheck(size);
  try {
    return await surveyFile(entriesOf(file, (bytes) => progress?.updateCheck(bytes)));
  } finally {
    progress?.stop();
  }
}

async function writeEntries(
  db: Db,
  file: string,
  organisationId: string,
  { events, ticketCount }: { events: unknown[]; ticketCount: number },
  progress?: ImportProgress,
) {
  const importer = { organisationId, actor: 'admin-cli' };
  const eventReport = await importEvents(db, importer, events);

  const ticketImport = await startTicketImport(db, importer);
  progress?.start(ticketCount);
  try {
    let done = 0;
    let step: unknown[] = [];
    const handOver = async () => {
      await ticketImport.add(step);
      done += step.length;
      step = [];
      progress?.update(done);
    };
    for await (const entry of entriesOf(file)) {
      if (entry.kind !== 'ticket') continue;
      step.push(entry.value);
      if (step.length === ROWS_PER_STEP) await handOver();
    }
    await handOver();
    const { acceptedCodes, ...ticketReport } = await ticketImport.finish();
    return { events: eventReport, tickets: ticketReport, acceptedCodes };
  } finally {
    progress?.stop();
  }
}

/**
 * `--claims <file.csv>`: the claim codes of the tickets accepted, `publicCode,claimCode` a row, for the
 * provider to print on the purchase confirmations (README, "Proof of purchase"), as the API answers them.
 * As secret as the tickets: the file is written readable by its owner only. A season's claims are
 * derived and written a thousand at a time, never all held at once.
 */
export async function writeClaims(file: string, claimCodeKey: string, publicCodes: string[]): Promise<void> {
  const out = await open(file, 'w', 0o600);
  try {
    await out.write('publicCode,claimCode\n');
    for (let first = 0; first < publicCodes.length; first += ROWS_PER_STEP) {
      const claims = claimsFor(claimCodeKey, publicCodes.slice(first, first + ROWS_PER_STEP));
      await out.write(claims.map(({ publicCode, claimCode }) => `${publicCode},${claimCode}\n`).join(''));
    }
  } finally {
    await out.close();
  }
}

/** The first reading: the file's events (each once) and how many tickets it has. */
async function surveyFile(entries: AsyncIterable<Entry>) {
  const events: unknown[] = [];
  const eventIds = new Set<string>();
  let ticketCount = 0;
  for await (const entry of entries) {
    if (entry.kind === 'ticket') ticketCount += 1;
    else if (entry.id === undefined || !eventIds.has(entry.id)) {
      if (entry.id !== undefined) eventIds.add(entry.id);
      events.push(entry.value);
    }
  }
  return { events, ticketCount };
}

export function printReport(name: string, report: ImportReport): void {
  console.info(
    `${name}: ${report.received} received, ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} rejected`,
  );
  for (const rejection of report.rejected.slice(0, 50)) {
    console.info(`  row ${rejection.row}${rejection.key ? ` (${rejection.key})` : ''}: ${rejection.reason}`);
  }
  if (report.rejected.length > 50) console.info(`  … and ${report.rejected.length - 50} more`);
}
