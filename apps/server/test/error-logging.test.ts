import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withAfmCheckDigit, withAmkaCheckDigit } from '@tickets/domain';
import { demoTicketCode } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer, type UsedTestServer } from './support/test-server';

const PLATFORM_OFFICER = '100000003';
const CLUB_OFFICER = '100000015'; // ae-olympiada
// Personal values no demo person has: any trace of them in the log comes from the failed writes.
const AFM = withAfmCheckDigit('73519864');
const AMKA = withAmkaCheckDigit('1503817264');
const DOCUMENT_ID = 'ΑΚ975318';
const PASSPORT = 'X97531864';
const LAST_NAME = 'ΠΑΠΑΔΟΠΟΥΛΟΥ-ΚΑΛΑΜΑΡΑ';

/** Log lines are pino JSON, one per line (a chunk may hold several). */
const logLinesOf = (server: UsedTestServer) =>
  server.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line));

describe.each(engines)('the log of a failed database write on %s', (engine) => {
  const server = useTestServer(engine);
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    for (const afm of [PLATFORM_OFFICER, CLUB_OFFICER])
      cookies[afm] = (await loginAs(server.baseUrl, afm)).cookie;
    // The database now refuses every new suspension and every ticket document: the writes fail,
    // and PostgreSQL's answer (its detail: "Failing row contains …") and drizzle's error (the
    // query's parameters) carry the personal values.
    const { db } = server.database;
    await db.execute(
      sql.raw('alter table suspensions add constraint test_refuses_all check (false) not valid'),
    );
    await db.execute(
      sql.raw(
        'alter table tickets add constraint test_refuses_documents check (document_id is null) not valid',
      ),
    );
  });

  const post = (officer: string, path: string, requestId: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...jsonFrom(server.baseUrl, cookies[officer]), 'x-request-id': requestId },
      body: JSON.stringify(body),
    });

  it.each([
    [
      'a suspension',
      PLATFORM_OFFICER,
      '/api/blackList-administration/add',
      {
        afm: AFM,
        amka: AMKA,
        documentId: DOCUMENT_ID,
        firstName: '',
        fathersName: '',
        lastName: '',
        dateOfBirth: null,
        endDate: '2099-12-31',
      },
    ],
    [
      'a personalized ticket',
      CLUB_OFFICER,
      '/api/ticket-office/personalize',
      {
        ticketCode: demoTicketCode('3', 1, 7),
        firstName: 'ΙΩΑΝΝΗΣ',
        lastName: LAST_NAME,
        documentType: 'PASSPORT',
        documentId: PASSPORT,
      },
    ],
  ])(
    'says which request failed writing %s, without its personal values',
    async (_what, officer, path, body) => {
      const requestId = `failed-write-${engine}-${path.length}`;
      const response = await post(officer, path, requestId, body);
      expect(response.status).toBe(500);

      const failure = logLinesOf(server).find((line) => line.correlationId === requestId && line.level >= 50);
      expect(failure).toMatchObject({ msg: 'request failed', err: { type: 'DrizzleQueryError' } });
      expect(JSON.stringify(failure)).toMatch(/test_refuses_(all|documents)/);
      const everything = server.logs.join('');
      for (const value of [AFM, AMKA, DOCUMENT_ID, PASSPORT, LAST_NAME])
        expect(everything).not.toContain(value);
    },
  );
});
