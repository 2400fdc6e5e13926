import { createReadStream } from 'node:fs';
import path from 'node:path';
import { JSONParser, TokenType, type ParsedTokenInfo } from '@streamparser/json';
import { parse } from 'csv-parse';
import { AdminInputError } from './officers';

/**
 * What a file holds, in its order: tickets, and events. A CSV names an event on each of its rows
 * (`id`): only its first row's columns describe it. A JSON file's events have no such key: each is
 * the import's to check, duplicates included.
 */
export type Entry = { kind: 'event'; id?: string; value: unknown } | { kind: 'ticket'; value: unknown };

/** The file's entries as it is read, by its extension: `.csv`, else JSON. */
export const entriesOf = (file: string): AsyncGenerator<Entry> =>
  path.extname(file).toLowerCase() === '.csv' ? csvEntries(file) : jsonEntries(file);

async function* csvEntries(file: string): AsyncGenerator<Entry> {
  const source = createReadStream(file);
  const rows = parse({
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: true,
  });
  source.on('error', (error) => rows.destroy(error));
  try {
    for await (const row of source.pipe(rows) as AsyncIterable<Record<string, string>>) {
      if (row.eventExternalId) yield { kind: 'event', id: row.eventExternalId, value: eventOfRow(row) };
      yield { kind: 'ticket', value: ticketOfRow(row) };
    }
  } finally {
    source.destroy();
  }
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

const NOT_JSON = 'The file is not valid JSON.';
const NOT_LISTS = 'A JSON import is an object with "events" and "tickets" lists.';

/**
 * The items of the document's "events" and "tickets" lists, each as soon as it is read: the parser
 * keeps none it has handed over (`keepStack: false`). A document that is no object, or has neither
 * list, imports nothing (as before streaming); a list that is not one is refused.
 */
async function* jsonEntries(file: string): AsyncGenerator<Entry> {
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
      throw error instanceof AdminInputError ? error : new AdminInputError(NOT_JSON);
    }
  };
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    parsing(() => parser.write(chunk));
    yield* read;
    read = [];
  }
  // The parser ends by itself after a whole document; before one, ending it says what is missing.
  if (!parser.isEnded) parsing(() => parser.end());
  if (!lists.sawDocument()) throw new AdminInputError(NOT_JSON);
}

/**
 * Follows the document's tokens at its top level: where "events" or "tickets" is given, its value must
 * open a list. The parser cannot say it, as it lets go of each list once its items are handed over.
 */
function listsCheck() {
  let depth = 0;
  let tokens = 0;
  let key: unknown;
  let valueNext = false;
  return {
    onToken({ token, value }: ParsedTokenInfo) {
      tokens += 1;
      if (depth === 1 && valueNext) {
        valueNext = false;
        if ((key === 'events' || key === 'tickets') && token !== TokenType.LEFT_BRACKET) {
          throw new AdminInputError(NOT_LISTS);
        }
      } else if (depth === 1 && token === TokenType.COLON) valueNext = true;
      else if (depth === 1 && token === TokenType.STRING) key = value;
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth += 1;
      if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth -= 1;
    },
    sawDocument: () => tokens > 0,
  };
}
