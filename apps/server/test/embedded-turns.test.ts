import { once } from 'node:events';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { errorCatalogue } from '@tickets/domain';
import { loadConfig } from '../src/config';
import { Turns } from '../src/db/turns';
import { auditLog, tickets } from '../src/db/schema';
import { demoTicketCode } from '../src/demo/events';
import { firstError, jsonFrom, loginAs } from './support/login';
import { useTestServer } from './support/test-server';

/** The embedded database takes requests in turns (src/db/turns.ts); PostgreSQL has its pool instead. */
const CLUB_OFFICER = '100000015'; // ae-olympiada
const derby = (serial: number) => demoTicketCode('3', 1, serial);
const personalization = (ticketCode: string) => ({
  ticketCode,
  firstName: 'ΙΩΑΝΝΗΣ',
  lastName: 'ΠΑΠΑΔΑΚΗΣ',
  documentType: 'NATIONAL_ID',
  documentId: `ΑΚ${ticketCode.slice(-6)}`,
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition was not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the embedded database under more requests than it can take', () => {
  // One request at a time, two waiting: an overload is a handful of requests.
  const server = useTestServer('pglite', {
    PGLITE_CONCURRENT_REQUESTS: '1',
    PGLITE_MAX_WAITING: '2',
    PGLITE_MAX_WAIT_MS: '1500',
  });
  let cookie: string;
  beforeAll(async () => {
    cookie = (await loginAs(server.baseUrl, CLUB_OFFICER)).cookie;
  });

  const personalize = (ticketCode: string) =>
    fetch(`${server.baseUrl}/api/ticket-office/personalize`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, cookie),
      body: JSON.stringify(personalization(ticketCode)),
    });
  const turns = () => {
    const { turns } = server.database;
    if (!turns) throw new Error('the embedded database takes no turns');
    return turns;
  };

  it('refuses what it cannot take with 503 SERVICE_BUSY and Retry-After, and writes nothing of it', async () => {
    // The database busy with one request; 24 more arrive: two may wait, the rest are refused at once.
    const busy = await turns().take();
    const codes = Array.from({ length: 24 }, (_, index) => derby(11 + index));
    const answered = new Set<string>();
    const pending = codes.map((code) =>
      personalize(code).then((answer) => {
        answered.add(code);
        return answer;
      }),
    );
    await until(() => turns().load.waiting === 2 && answered.size === 22);
    busy();
    const answers = await Promise.all(pending);

    const refused = codes.filter((_, index) => answers[index]?.status === 503);
    const done = codes.filter((_, index) => answers[index]?.status === 200);
    expect(done).toHaveLength(2);
    expect(refused).toHaveLength(22);
    for (const answer of answers.filter((response) => response.status === 503)) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await firstError(answer)).toEqual({
        code: 'SERVICE_BUSY',
        description: errorCatalogue.SERVICE_BUSY.description,
      });
    }
    // Each refused ticket is as it was: unbound, and no audit row says otherwise.
    const rows = await server.database.db
      .select({ publicCode: tickets.publicCode, fullName: tickets.fullName })
      .from(tickets)
      .where(inArray(tickets.publicCode, codes));
    const bound = rows.filter((row) => row.fullName !== null).map((row) => row.publicCode);
    expect(bound.sort()).toEqual([...done].sort());
    const audited = await server.database.db
      .select({ subject: auditLog.subject })
      .from(auditLog)
      .where(inArray(auditLog.subject, codes));
    expect(audited.map((row) => row.subject).sort()).toEqual([...done].sort());
    // Every turn was given back: the next request is served at once.
    expect(turns().load).toEqual({ active: 0, waiting: 0 });
    expect((await personalize(derby(41))).status).toBe(200);
  });

  it('serves a waiting request once a turn is free, and refuses one that waited too long', async () => {
    const release = await turns().take();
    const waited = personalize(derby(42));
    try {
      // Waiting, not refused: however long the request took to arrive on a busy machine.
      await until(() => turns().load.waiting === 1);
      expect(turns().load).toEqual({ active: 1, waiting: 1 });
    } finally {
      release();
    }
    expect((await waited).status).toBe(200);

    const held = await turns().take();
    try {
      const started = performance.now();
      const tooLate = await personalize(derby(43));
      expect(tooLate.status).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1490);
      expect(tooLate.headers.get('retry-after')).toBe('1');
    } finally {
      held();
    }
    expect(turns().load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives the turn back when the person leaves while their request waits', async () => {
    const release = await turns().take();
    try {
      const { port } = new URL(server.baseUrl);
      const leaving = connect(Number(port), 'localhost');
      await once(leaving, 'connect');
      leaving.write(`GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`);
      await until(() => turns().load.waiting === 1);
      leaving.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      release();
    }
    await until(() => turns().load.active === 0);
    expect(turns().load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('turns handed from one request to the next', () => {
  it('still refuse a request past its wait while the ones before it are served back to back', async () => {
    const turns = new Turns({ concurrent: 1, maxWaiting: 1000, maxWaitMs: 20 });
    const first = turns.tryTake();
    // Each request, once in, works 1 ms without waiting on I/O and gives its turn back, as on PGlite.
    const served = Array.from({ length: 200 }, () =>
      turns.take().then(
        (release) => {
          const until = performance.now() + 1;
          while (performance.now() < until);
          release();
          return 'served';
        },
        () => 'refused',
      ),
    );
    first?.();
    const outcomes = await Promise.all(served);
    // Served back to back within one turn of the event loop, all 200 would pass their 20 ms unrefused.
    expect(outcomes.filter((outcome) => outcome === 'refused').length).toBeGreaterThan(100);
    expect(outcomes[0]).toBe('served');
    expect(turns.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('the limits of the embedded database', () => {
  it('are validated at start-up', () => {
    expect(() => loadConfig({ PGLITE_MAX_WAIT_MS: 'soon' })).toThrow(/PGLITE_MAX_WAIT_MS/);
    expect(() => loadConfig({ PGLITE_CONCURRENT_REQUESTS: '0' })).toThrow(/PGLITE_CONCURRENT_REQUESTS/);
    expect(loadConfig({}).database).toMatchObject({
      kind: 'pglite',
      turns: { concurrent: 4, maxWaiting: 200, maxWaitMs: 500 },
    });
  });
});
