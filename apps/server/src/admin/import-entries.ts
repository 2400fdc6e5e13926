import { createReadStream } from 'node:fs';
import path from 'node:path';
import { JSONParser, TokenType, type ParsedTokenInfo } from '@streamparser/json';
import { IMPORT_RECORD_MAX_BYTES, importFileMessages as text } from '@tickets/domain';
import { CsvError, parse, type CsvErrorCode } from 'csv-parse';
import { AdminInputError } from './officers';

/**
 * What a file holds, in its order: tickets, and events. A CSV names an event on each of its rows
 * (`id`): only its first row's columns describe it. A JSON file's events have no such key: each is
 * the import's to check, duplicates included.
 */
export type Entry = { kind: 'event'; id?: string; value: unknown } | { kind: 'ticket'; value: unknown };

/**
 * The file's entries as it is read, by its extension: `.csv`, else JSON. `onRead` hears the bytes read
 * so far, a chunk at a time (the progress of the checking pass). A file that is not well formed, or
 * has a record over IMPORT_RECORD_MAX_BYTES, ends it with an AdminInputError naming where, in Greek.
 */
export const entriesOf = (file: string, onRead?: (bytes: number) => void): AsyncGenerator<Entry> =>
  path.extname(file).toLowerCase() === '.csv' ? csvEntries(file, onRead) : jsonEntries(file, onRead);

async function* csvEntries(file: string, onRead?: (bytes: number) => void): AsyncGenerator<Entry> {
  const source = createReadStream(file);
  // Where the last record ended: a quote never closed is only found at the end of the file, and the
  // parser then names the file's last line; the row that opened it is the first after that record.
  let last = { lines: 1, emptyLines: 0 };
  const rows = parse({
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    // Every row has the header's columns: one more or fewer is a comma or a quote out of place.
    relax_column_count: false,
    max_record_size: IMPORT_RECORD_MAX_BYTES,
    on_record: (record: Record<string, string>, { lines, empty_lines }) => {
      last = { lines, emptyLines: empty_lines };
      return record;
    },
  });
  source.on('error', (error) => rows.destroy(error));
  if (onRead) source.on('data', () => onRead(source.bytesRead));
  try {
    for await (const row of source.pipe(rows) as AsyncIterable<Record<string, string>>) {
      if (row.eventExternalId) yield { kind: 'event', id: row.eventExternalId, value: eventOfRow(row) };
      yield { kind: 'ticket', value: ticketOfRow(row) };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Before the header is read the parser's columns are not yet a list: the header is that row.
    const opened = Array.isArray(error.columns)
      ? last.lines + ((error.empty_lines as number) - last.emptyLines) + 1
      : (error.empty_lines as number) + 1;
    throw new AdminInputError(refusalOf(error, opened));
  } finally {
    source.destroy();
  }
}

const QUOTE_IN_FIELD = new Set<CsvErrorCode>([
  'CSV_INVALID_CLOSING_QUOTE',
  'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
  'INVALID_OPENING_QUOTE',
]);

/** The Greek reason a CSV error gives the operator: the line and the column where it stands. */
function refusalOf(error: CsvError, quoteOpenedAt: number): string {
  const line = error.lines as number;
  // A column by its header's name; in the header itself by its place, which the parser counts from 0.
  const named = error.column as string | number | null;
  const column = typeof named === 'number' ? named + 1 : named;
  const columns = Array.isArray(error.columns) ? error.columns.length : 0;
  const { code } = error;
  if (code === 'CSV_QUOTE_NOT_CLOSED') return text.quoteNotClosed(quoteOpenedAt, column);
  if (QUOTE_IN_FIELD.has(code)) return text.quoteInField(line, column);
  if (code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH')
    // The parser names the first column missing; a row with too many has none to name.
    return column === null
      ? text.tooManyFields(line, columns + 1, columns)
      : text.tooFewFields(line, column, columns);
  if (code === 'CSV_MAX_RECORD_SIZE') return text.recordTooLarge(line, column);
  return text.malformedRow(line, column);
}

const eventOfRow = (row: Record<string, string>) => ({
  externalId: row.eventExternalId,
  description: row.eventDescription,
  startsAt: row.eventStartsAt,
  endsAt: row.eventEndsAt || null,
  venue: row.venue,
  seasonal: row.eventSeasonal ?? '',
  seasonExternalId: row.eventSeasonExternalId || null,
  displayMode: row.displayMode || undefined,
});

const ticketOfRow = (row: Record<string, string>) => ({
  publicCode: row.publicCode,
  eventExternalId: row.eventExternalId,
  sector: row.sector || null,
  gate: row.gate || null,
  row: row.row || null,
  seat: row.seat || null,
  seasonal: row.seasonal ?? '',
});

/**
 * The items of the document's "events" and "tickets" lists, each as soon as it is read: the parser
 * keeps none it has handed over (`keepStack: false`). A document that is no object, or has neither
 * list, imports nothing (as before streaming); a list that is not one is refused, and so is a record
 * (an item, or any value outside them) still unfinished IMPORT_RECORD_MAX_BYTES after it began: the
 * parser would hold it whole.
 */
async function* jsonEntries(file: string, onRead?: (bytes: number) => void): AsyncGenerator<Entry> {
  const parser = new JSONParser({ paths: ['$.events.*', '$.tickets.*'], keepStack: false });
  const lists = listsCheck();
  let read: Entry[] = [];
  parser.onToken = lists.onToken;
  parser.onValue = ({ value, stack }) => {
    read.push(stack[1]?.key === 'events' ? { kind: 'event', value } : { kind: 'ticket', value });
  };
  const parsing = (step: () => void) => {
    try {
      step();
    } catch (error) {
      throw error instanceof AdminInputError ? error : new AdminInputError(text.notJson);
    }
  };
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    parsing(() => parser.write(chunk));
    bytes += chunk.length;
    onRead?.(bytes);
    if (bytes - lists.recordStart() > IMPORT_RECORD_MAX_BYTES)
      throw new AdminInputError(text.jsonValueTooLarge(lists.recordStart()));
    yield* read;
    read = [];
  }
  // The parser ends by itself after a whole document; before one, ending it says what is missing.
  if (!parser.isEnded) parsing(() => parser.end());
  if (!lists.sawDocument()) throw new AdminInputError(text.notJson);
}

/**
 * Follows the document's tokens at its top level: where "events" or "tickets" is given, its value must
 * open a list. The parser cannot say it, as it lets go of each list once its items are handed over.
 * It also keeps where the record being read began: the last token outside the lists' items (an item
 * begins at its first token; a value's token comes only once the value is whole).
 */
function listsCheck() {
  let depth = 0;
  let tokens = 0;
  let key: unknown;
  let valueNext = false;
  let recordStart = 0;
  return {
    onToken({ token, value, offset }: ParsedTokenInfo) {
      tokens += 1;
      if (depth <= 2) recordStart = offset;
      if (depth === 1 && valueNext) {
        valueNext = false;
        if ((key === 'events' || key === 'tickets') && token !== TokenType.LEFT_BRACKET) {
          throw new AdminInputError(text.notLists);
        }
      } else if (depth === 1 && token === TokenType.COLON) valueNext = true;
      else if (depth === 1 && token === TokenType.STRING) key = value;
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth += 1;
      if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth -= 1;
    },
    sawDocument: () => tokens > 0,
    recordStart: () => recordStart,
  };
}
