import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { importFileMessages, PROVIDER_BATCH_MAX, providerMessages, type ImportReport } from '@tickets/domain';
import { addCodeRange, listCodeRanges } from '../src/admin/code-ranges';
import { importFile, writeClaims } from '../src/admin/import-file';
import { AdminInputError } from '../src/admin/officers';
import { events, ticketCodeRanges, tickets } from '../src/db/schema';
import { DEMO_PROVIDER_KEYS, demoTicketCode } from '../src/demo/events';
import { claimCodeFor } from '../src/rules/claim-codes';
import { firstError } from './support/login';
import { rerunDataStatements } from './support/migrations';
import { engines, useTestServer } from './support/test-server';

const KEY = DEMO_PROVIDER_KEYS['kae-akropoli'];
const FUTURE = '2031-05-01T18:00:00+03:00';

describe.each(engines)('provider API and import command on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  beforeAll(async () => {
    base = server.baseUrl;
    // The ranges an operator gives the club for these tests' codes (the demo data gave it '4').
    for (const prefix of ['8', '9']) await addCodeRange(server.database.db, 'test', 'kae-akropoli', prefix);
  });

  const put = (what: 'events' | 'tickets', body: unknown, key: string | null = KEY) =>
    fetch(`${base}/api/providers/${what}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    });
  const ticketCount = async () => (await server.database.db.select({ n: count() }).from(tickets))[0]?.n ?? 0;

  it('refuses a missing or wrong API key', async () => {
    for (const key of [null, 'demo-key-not-a-real-one']) {
      const response = await put('events', { events: [] }, key);
      expect(response.status).toBe(401);
      expect((await firstError(response))?.code).toBe('PROVIDER_UNAUTHENTICATED');
    }
  });

  it('refuses a missing or wrong key before reading the body', async () => {
    // Headers announcing a body of almost 4 MiB, then only its first kilobyte: the answer must
    // come without the rest (a stranger cannot make the server read and parse megabytes).
    for (const authorization of ['', 'Authorization: Bearer not-a-real-provider-key\r\n']) {
      const head =
        'PUT /api/providers/tickets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${4 * 1024 * 1024 - 1}\r\n${authorization}\r\n`;
      const answer = await firstAnswerTo(`${head}{"tickets":[${' '.repeat(1024)}`);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('PROVIDER_UNAUTHENTICATED');
    }
  });

  /** The status line, headers and (what came of) the body, or '' when nothing came within 2 s. */
  const firstAnswerTo = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), 'localhost', () => socket.write(request));
      let answer = '';
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      };
      const timer = setTimeout(finish, 2000);
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (answer.includes('}}')) finish();
      });
      socket.on('end', finish);
      socket.on('error', reject);
    });

  it('upserts events, reporting bad rows with Greek reasons', async () => {
    const response = await put('events', {
      events: [
        {
          externalId: 'final-2031',
          description: 'Τελικός',
          startsAt: FUTURE,
          venue: 'ΟΑΚΑ',
          displayMode: 'BARCODE',
        },
        { externalId: 'bad-date', description: 'Χ', startsAt: '1 Μαΐου', venue: 'Χ' },
        { externalId: 'final-2031', description: 'Διπλός', startsAt: FUTURE, venue: 'ΟΑΚΑ' },
      ],
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as ImportReport;
    expect(report).toMatchObject({ received: 3, inserted: 1, updated: 0, unchanged: 0 });
    expect(report.rejected).toEqual([
      { row: 2, key: 'bad-date', reason: providerMessages.startsAt },
      { row: 3, key: 'final-2031', reason: providerMessages.duplicateInBatch },
    ]);
  });

  it('loads 10,000 tickets idempotently: the second run changes nothing', async () => {
    const batch = (offset: number) =>
      Array.from({ length: PROVIDER_BATCH_MAX }, (_, i) => ({
        publicCode: demoTicketCode('9', 1, offset + i + 1),
        eventExternalId: 'final-2031',
        sector: `Π${i % 10}`,
        row: String(i % 30),
        seat: String(i % 40),
      }));
    const before = await ticketCount();
    const reports: ImportReport[] = [];
    for (const run of [1, 2]) {
      for (const offset of [0, PROVIDER_BATCH_MAX]) {
        reports.push((await (await put('tickets', { tickets: batch(offset) })).json()) as ImportReport);
      }
      expect(await ticketCount()).toBe(before + 2 * PROVIDER_BATCH_MAX);
      if (run === 1) {
        const [sample] = await server.database.db
          .select()
          .from(tickets)
          .where(eq(tickets.publicCode, demoTicketCode('9', 1, 1)));
        expect(sample).toMatchObject({ sector: 'Π0', seat: '0' });
      }
    }
    expect(reports.map((report) => report.inserted)).toEqual([5000, 5000, 0, 0]);
    expect(reports.map((report) => report.unchanged)).toEqual([0, 0, 5000, 5000]);
  });

  it('updates a changed ticket, and refuses a code outside the club’s range and an unknown event', async () => {
    const response = await put('tickets', {
      tickets: [
        { publicCode: demoTicketCode('9', 1, 1), eventExternalId: 'final-2031', sector: 'VIP' },
        // Another club's existing code and a code nobody issued: the same answer, nothing learnt.
        { publicCode: demoTicketCode('3', 1, 10), eventExternalId: 'final-2031' },
        { publicCode: '399999999999', eventExternalId: 'final-2031' },
        { publicCode: demoTicketCode('9', 1, 99_999), eventExternalId: 'no-such-event' },
        { publicCode: '12345', eventExternalId: 'final-2031' },
      ],
    });
    const report = (await response.json()) as ImportReport;
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect(report.rejected.map((rejection) => rejection.reason)).toEqual([
      providerMessages.outsideCodeRange,
      providerMessages.outsideCodeRange,
      providerMessages.unknownEvent,
      expect.stringMatching(/12 ψηφία/),
    ]);
    const [foreign] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, demoTicketCode('3', 1, 10)));
    const [event] = await server.database.db
      .select()
      .from(events)
      .where(eq(events.id, foreign?.eventId ?? -1));
    expect(event?.organisationId).toBe('ae-olympiada');
    expect(
      await server.database.db.select().from(tickets).where(eq(tickets.publicCode, '399999999999')),
    ).toEqual([]);
  });

  it('keeps clubs’ code ranges apart', async () => {
    const { db } = server.database;
    // Overlapping another club's range either way, or holding codes another club issued: refused.
    for (const prefix of ['3', '31', '']) {
      await expect(addCodeRange(db, 'test', 'kae-akropoli', prefix)).rejects.toThrow(AdminInputError);
    }
    await expect(addCodeRange(db, 'test', 'ae-olympiada', '9')).rejects.toThrow(/overlaps 9 of kae-akropoli/);
    // A range inside the club's own, again, changes nothing.
    await addCodeRange(db, 'test', 'kae-akropoli', '45');
    await addCodeRange(db, 'test', 'kae-akropoli', '45');
    const rangesOf = async (organisationId: string) =>
      (await listCodeRanges(db))
        .filter((range) => range.organisationId === organisationId)
        .map((range) => range.prefix);
    expect(await rangesOf('kae-akropoli')).toEqual(['20000000004', '4', '45', '8', '9']);

    // The migration gave each club the three-digit prefixes of the codes it had issued, except one
    // both had issued codes in (the minors' 200…), left for an operator.
    await db.delete(ticketCodeRanges);
    await rerunDataStatements(db, '0008_ticket_code_ranges.sql');
    expect(await rangesOf('ae-olympiada')).toEqual(['301', '302', '303', '304', '305']);
    expect(await rangesOf('kae-akropoli')).toEqual(expect.arrayContaining(['401', '402', '403', '901']));
    for (const prefix of ['8', '9']) await addCodeRange(db, 'test', 'kae-akropoli', prefix);
  });

  it('refuses a batch over the limit or of the wrong shape, writing nothing', async () => {
    const before = await ticketCount();
    const tooMany = Array.from({ length: PROVIDER_BATCH_MAX + 1 }, () => ({}));
    expect((await put('tickets', { tickets: tooMany })).status).toBe(400);
    expect((await put('tickets', { rows: [] })).status).toBe(400);
    expect(await ticketCount()).toBe(before);
  });

  it('answers a body that is not JSON (text/plain) 415, as its document says, writing nothing', async () => {
    const before = await ticketCount();
    const row = { publicCode: demoTicketCode('8', 1, 1), eventExternalId: 'x' };
    for (const what of ['tickets', 'events'] as const) {
      const response = await fetch(`${base}/api/providers/${what}`, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ [what]: [row] }),
      });
      expect(response.status).toBe(415);
      expect((await firstError(response))?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await ticketCount()).toBe(before);
  });

  it('imports a CSV and a JSON file through the same rules', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tickets-import-'));
    const csv = path.join(folder, 'tickets.csv');
    await writeFile(
      csv,
      [
        'eventExternalId,eventDescription,eventStartsAt,venue,eventSeasonal,displayMode,publicCode,sector,gate,row,seat,seasonal',
        `csv-match,"Ακρόπολη - Πάτρα, αγώνας 2",${FUTURE},Κλειστό,false,BARCODE,${demoTicketCode('8', 1, 1)},Α,1,1,1,false`,
        `csv-match,"Ακρόπολη - Πάτρα, αγώνας 2",${FUTURE},Κλειστό,false,BARCODE,${demoTicketCode('8', 1, 2)},Α,1,1,2,false`,
        `csv-match,"Ακρόπολη - Πάτρα, αγώνας 2",${FUTURE},Κλειστό,false,BARCODE,not-a-code,Α,1,1,3,false`,
      ].join('\n'),
    );
    const first = await importFile(server.database.db, csv, 'kae-akropoli');
    expect(first.events).toMatchObject({ inserted: 1 });
    expect(first.tickets).toMatchObject({
      received: 3,
      inserted: 2,
      rejected: [{ row: 3, key: 'not-a-code' }],
    });
    const second = await importFile(server.database.db, csv, 'kae-akropoli');
    expect(second.tickets).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    // `--claims`: the accepted tickets' claim codes, for the provider's confirmations.
    expect(second.acceptedCodes).toHaveLength(2);
    const claimsFile = path.join(folder, 'claims.csv');
    await writeClaims(claimsFile, server.config.claimCodeKey, second.acceptedCodes);
    const [header, ...lines] = (await readFile(claimsFile, 'utf8')).trim().split('\n');
    expect(header).toBe('publicCode,claimCode');
    expect(lines).toEqual(
      second.acceptedCodes.map((code) => `${code},${claimCodeFor(server.config.claimCodeKey, code)}`),
    );

    const json = path.join(folder, 'tickets.json');
    await writeFile(
      json,
      JSON.stringify({
        events: [],
        tickets: [{ publicCode: demoTicketCode('8', 1, 3), eventExternalId: 'csv-match' }],
      }),
    );
    expect((await importFile(server.database.db, json, 'kae-akropoli')).tickets).toMatchObject({
      inserted: 1,
    });
    await writeFile(json, '{ not json');
    await expect(importFile(server.database.db, json, 'kae-akropoli')).rejects.toThrow(
      importFileMessages.notJson,
    );
  });

  it('streams a file without changing what it imports: checked whole first, rows numbered across it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tickets-import-'));
    const eventCount = async () => (await server.database.db.select({ n: count() }).from(events))[0]?.n ?? 0;
    const header = 'eventExternalId,eventDescription,eventStartsAt,venue,publicCode';
    const csvRow = (serial: number) =>
      `stream-match,Ακρόπολη - Λάρισα,${FUTURE},Κλειστό,${demoTicketCode('9', 2, serial)}`;

    // A code seen a thousand rows earlier, in an earlier chunk, is still a duplicate.
    const csv = path.join(folder, 'season.csv');
    const serials = Array.from({ length: 1001 }, (_, i) => i + 1);
    await writeFile(csv, [header, ...serials.map(csvRow), csvRow(1)].join('\n'));
    const season = await importFile(server.database.db, csv, 'kae-akropoli');
    expect(season.tickets).toMatchObject({
      received: 1002,
      inserted: 1001,
      rejected: [{ row: 1002, key: demoTicketCode('9', 2, 1), reason: providerMessages.duplicateInBatch }],
    });
    // Their claims, written a thousand at a time: every accepted ticket's, once.
    const claimsFile = path.join(folder, 'claims.csv');
    await writeClaims(claimsFile, server.config.claimCodeKey, season.acceptedCodes);
    const claimLines = (await readFile(claimsFile, 'utf8')).trim().split('\n').slice(1);
    expect(claimLines).toHaveLength(1001);
    expect(claimLines.at(-1)).toBe(
      `${demoTicketCode('9', 2, 1001)},${claimCodeFor(server.config.claimCodeKey, demoTicketCode('9', 2, 1001))}`,
    );

    // Malformed at its last line (a quote never closed): nothing of it is written.
    const before = { tickets: await ticketCount(), events: await eventCount() };
    await writeFile(
      csv,
      [
        header,
        `late-match,Ακρόπολη - Κηφισιά,${FUTURE},Κλειστό,${demoTicketCode('9', 3, 1)}`,
        'late-match,"unclosed',
      ].join('\n'),
    );
    // Named at the row that opened the quote, not at the file's last line where the parser found it.
    await expect(importFile(server.database.db, csv, 'kae-akropoli')).rejects.toThrow(
      importFileMessages.quoteNotClosed(3, 'eventDescription'),
    );
    const json = path.join(folder, 'season.json');
    await writeFile(
      json,
      `{"events":[],"tickets":[{"publicCode":"${demoTicketCode('9', 2, 1)}","eventExternalId":"stream-match"}`,
    );
    await expect(importFile(server.database.db, json, 'kae-akropoli')).rejects.toThrow(
      importFileMessages.notJson,
    );
    for (const [text, error] of [
      ['', importFileMessages.notJson],
      ['{"events": 5, "tickets": []}', importFileMessages.notLists],
      ['{"tickets": {"publicCode": "x"}}', importFileMessages.notLists],
    ] as const) {
      await writeFile(json, text);
      await expect(importFile(server.database.db, json, 'kae-akropoli')).rejects.toThrow(error);
    }
    expect({ tickets: await ticketCount(), events: await eventCount() }).toEqual(before);

    // The events go in first wherever they stand in the file.
    await writeFile(
      json,
      JSON.stringify({
        tickets: [{ publicCode: demoTicketCode('9', 3, 1), eventExternalId: 'late-match' }],
        events: [
          { externalId: 'late-match', description: 'Ακρόπολη - Κηφισιά', startsAt: FUTURE, venue: 'Κλειστό' },
        ],
      }),
    );
    const late = await importFile(server.database.db, json, 'kae-akropoli');
    expect(late.events).toMatchObject({ inserted: 1, rejected: [] });
    expect(late.tickets).toMatchObject({ inserted: 1, rejected: [] });
  });
});
