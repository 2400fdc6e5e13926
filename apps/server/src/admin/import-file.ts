import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ImportReport, TicketClaim } from '@tickets/domain';
import type { Db } from '../db/client';
import { importEvents, importTickets } from '../features/providers/imports.service';
import { AdminInputError } from './officers';

/**
 * `npm run admin -- import <file> --organisation <id>`: the same import the provider API runs.
 * JSON: `{ "events": [...], "tickets": [...] }` in the API's shapes. CSV: one ticket a row, with
 * its event's columns alongside (eventExternalId, eventDescription, eventStartsAt, eventEndsAt,
 * venue, eventSeasonal, eventSeasonExternalId, displayMode, publicCode, sector, gate, row, seat,
 * seasonal): a season's rows give its end, a fixture's rows the season it belongs to.
 */
export async function importFile(db: Db, file: string, organisationId: string) {
  const text = await readFile(file, 'utf8');
  const { events, tickets } = path.extname(file).toLowerCase() === '.csv' ? fromCsv(text) : fromJson(text);
  const importer = { organisationId, actor: 'admin-cli' };
  const eventReport = await importEvents(db, importer, events);
  const { acceptedCodes, ...ticketReport } = await importTickets(db, importer, tickets);
  return { events: eventReport, tickets: ticketReport, acceptedCodes };
}

/**
 * `--claims <file.csv>`: the claim codes of the tickets accepted, `publicCode,claimCode` a row, for the
 * provider to print on the purchase confirmations (README, "Proof of purchase"), as the API answers them.
 * As secret as the tickets: the file is written readable by its owner only.
 */
export async function writeClaims(file: string, claims: TicketClaim[]): Promise<void> {
  const rows = claims.map(({ publicCode, claimCode }) => `${publicCode},${claimCode}`);
  await writeFile(file, `publicCode,claimCode\n${rows.join('\n')}\n`, { mode: 0o600 });
}

function fromJson(text: string): { events: unknown[]; tickets: unknown[] } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new AdminInputError('The file is not valid JSON.');
  }
  const { events = [], tickets = [] } = (document ?? {}) as { events?: unknown; tickets?: unknown };
  if (!Array.isArray(events) || !Array.isArray(tickets)) {
    throw new AdminInputError('A JSON import is an object with "events" and "tickets" lists.');
  }
  return { events, tickets };
}

function fromCsv(text: string): { events: unknown[]; tickets: unknown[] } {
  const rows = parse(text, {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  const events = new Map<string, unknown>();
  for (const row of rows) {
    if (row.eventExternalId && !events.has(row.eventExternalId)) {
      events.set(row.eventExternalId, {
        externalId: row.eventExternalId,
        description: row.eventDescription,
        startsAt: row.eventStartsAt,
        endsAt: row.eventEndsAt || null,
        venue: row.venue,
        seasonal: row.eventSeasonal ?? '',
        seasonExternalId: row.eventSeasonExternalId || null,
        displayMode: row.displayMode || undefined,
      });
    }
  }
  const tickets = rows.map((row) => ({
    publicCode: row.publicCode,
    eventExternalId: row.eventExternalId,
    sector: row.sector || null,
    gate: row.gate || null,
    row: row.row || null,
    seat: row.seat || null,
    seasonal: row.seasonal ?? '',
  }));
  return { events: [...events.values()], tickets };
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
