import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { errorCatalogue, providerMessages } from '@tickets/domain';
import { events, tickets, transfers } from '../src/db/schema';
import { firstError, jsonFrom, loginAs } from './support/login';
import { rerunDataStatements } from './support/migrations';
import { engines, useTestServer } from './support/test-server';

/**
 * Seasons as they really are (docs/design.md §8): a season runs from its start to its end and admits to
 * each of its fixtures; a loan lends one fixture and nothing else. The demo season started a month
 * ago; its fixtures: demo-past (played), demo-derby (A), demo-cup (B), and demo-league (C, added here).
 */
const CLUB_OFFICER = '100000015';
const HOLDER = '100000039';
const RECIPIENT = '100000040';
const SEASON_TICKET = '303000000001';
const RECIPIENTS_SEASON_TICKET = '303000000002';
const PROVIDER_KEY = 'demo-key-ae-olympiada-local-only';
const OTHER_PROVIDER_KEY = 'demo-key-kae-akropoli-local-only';

describe.each(engines)('seasons and loans on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const provider = (method: string, route: string, body?: unknown, key = PROVIDER_KEY) =>
    fetch(`${base}/api/providers/${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = (afm: string, method: string, route: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method,
      headers: jsonFrom(base, cookies[afm]),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const statusAt = async (fixture: string, code = SEASON_TICKET, key = PROVIDER_KEY) =>
    (await (
      await provider('GET', `tickets/${code}/status?eventId=${ids[fixture]}`, undefined, key)
    ).json()) as {
      status: string;
      holderName: string | null;
      entrant: string;
    };
  const lend = (fixture: string, to = RECIPIENT, code = SEASON_TICKET, from = HOLDER) =>
    call(from, 'POST', `/api/wallet/tickets/${code}/transfers`, { recipientAfm: to, eventId: ids[fixture] });
  const accept = async (response: Response) => {
    const { transferId } = (await response.json()) as { transferId: string };
    return call(RECIPIENT, 'POST', `/api/wallet/transfers/${transferId}/accept`);
  };
  const walletOf = async (afm: string) =>
    (await (await call(afm, 'GET', '/api/wallet/tickets')).json()) as {
      publicCode: string;
      eventId: number;
      seasonEndsAt: string | null;
      lentBy: string | null;
      fixtures: { eventId: number; lentTo: string | null }[];
    }[];
  const refusal = async (response: Response) => [response.status, (await firstError(response))?.code];

  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [CLUB_OFFICER, HOLDER, RECIPIENT]) cookies[afm] = (await loginAs(base, afm)).cookie;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const pushed = await provider('PUT', 'events', {
      events: [
        {
          externalId: 'demo-league',
          description: 'Α.Ε. Ολυμπιάδα - Νέα Σμύρνη',
          startsAt: inDays(27),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
        {
          externalId: 'friendly',
          description: 'Α.Ε. Ολυμπιάδα - Φιλικός',
          startsAt: inDays(8),
          venue: 'Γήπεδο Ολυμπιάδας',
        },
      ],
    });
    expect(((await pushed.json()) as { rejected: unknown[] }).rejected).toEqual([]);
    for (const event of await server.database.db.select().from(events)) ids[event.externalId] = event.id;
  });

  it('a season started a month ago: in the wallet with its upcoming fixtures, editable, and valid for its fixtures', async () => {
    const [season] = await server.database.db
      .select()
      .from(events)
      .where(eq(events.externalId, 'demo-season'));
    expect(season?.startsAt.getTime()).toBeLessThan(Date.now() - 20 * 86_400_000);
    const own = (await walletOf(HOLDER)).find((entry) => entry.publicCode === SEASON_TICKET);
    expect(own).toMatchObject({ eventId: ids['demo-season'], seasonEndsAt: season?.endsAt?.toISOString() });
    expect(own?.fixtures.map((fixture) => fixture.eventId)).toEqual([
      ids['demo-tonight'],
      ids['demo-derby'],
      ids['demo-cup'],
      ids['demo-league'],
    ]);

    const rules = (await (await call(CLUB_OFFICER, 'GET', '/api/ticket-office/transfer-events')).json()) as {
      eventId: number;
    }[];
    expect(rules.map((event) => event.eventId)).toContain(ids['demo-season']);
    const saved = await call(CLUB_OFFICER, 'PUT', '/api/ticket-office/transfer-events', {
      eventId: ids['demo-season'],
      maxTransfers: 3,
    });
    expect(saved.status).toBe(200);

    expect(await statusAt('demo-derby')).toMatchObject({ status: 'VALID', entrant: 'HOLDER' });
    expect((await statusAt('demo-past')).status).toBe('EVENT_OVER');
    expect((await statusAt('friendly')).status).toBe('NOT_FOR_THIS_EVENT');
    // Without a fixture: the season as a whole, still running.
    const whole = await provider('GET', `tickets/${SEASON_TICKET}/status`);
    expect(await whole.json()).toMatchObject({ status: 'VALID', eventExternalId: 'demo-season' });
    // Another club's gate knows neither the ticket nor the fixture.
    const foreign = await provider(
      'GET',
      `tickets/${SEASON_TICKET}/status?eventId=${ids['demo-derby']}`,
      undefined,
      OTHER_PROVIDER_KEY,
    );
    expect(foreign.status).toBe(404);
  });

  it('a loan for fixture B: the holder enters A and C, the recipient only B', async () => {
    const loan = await lend('demo-cup');
    expect(loan.status).toBe(200);
    expect((await accept(loan)).status).toBe(200);

    for (const fixture of ['demo-derby', 'demo-league']) {
      expect(await statusAt(fixture)).toMatchObject({
        status: 'VALID',
        entrant: 'HOLDER',
        holderName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
      });
    }
    expect(await statusAt('demo-cup')).toMatchObject({
      status: 'VALID',
      entrant: 'RECIPIENT',
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
    });

    const own = (await walletOf(HOLDER)).find((entry) => entry.publicCode === SEASON_TICKET);
    expect(own?.fixtures.map((fixture) => [fixture.eventId, fixture.lentTo])).toEqual([
      [ids['demo-tonight'], null],
      [ids['demo-derby'], null],
      [ids['demo-cup'], 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ'],
      [ids['demo-league'], null],
    ]);
    const borrowed = (await walletOf(RECIPIENT)).filter((entry) => entry.publicCode === SEASON_TICKET);
    expect(borrowed).toEqual([
      expect.objectContaining({
        eventId: ids['demo-cup'],
        lentBy: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
        fixtures: [expect.objectContaining({ eventId: ids['demo-cup'] })],
      }),
    ]);
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, SEASON_TICKET));
    expect(ticket?.holderAfm).toBe(HOLDER);

    // The stats view names who enters each fixture.
    const stats = await call(CLUB_OFFICER, 'POST', `/api/stats/ticket?code=${SEASON_TICKET}`);
    const { fixtures } = (await stats.json()) as {
      fixtures: { eventId: number; entrantName: string; lent: boolean }[];
    };
    expect(fixtures.map((fixture) => [fixture.eventId, fixture.entrantName, fixture.lent])).toEqual([
      [ids['demo-tonight'], 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ', false],
      [ids['demo-derby'], 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ', false],
      [ids['demo-cup'], 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ', true],
      [ids['demo-league'], 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ', false],
    ]);
  });

  it('checks each loan against its own fixture, and the allowance over the season', async () => {
    // Another season's or club's fixture, a played fixture, one the club excluded, one inside its cut-off.
    expect(await refusal(await lend('friendly'))).toEqual([422, 'FIXTURE_NOT_IN_SEASON']);
    expect(await refusal(await lend('demo-basket'))).toEqual([422, 'FIXTURE_NOT_IN_SEASON']);
    expect(await refusal(await lend('demo-past'))).toEqual([422, 'FIXTURE_STARTED']);
    expect(errorCatalogue.FIXTURE_NOT_IN_SEASON.description).toMatch(/[\u0370-\u03ff]/);
    await call(CLUB_OFFICER, 'PUT', '/api/ticket-office/transfer-events', {
      eventId: ids['demo-league'],
      ignoreTransfers: true,
    });
    expect(await refusal(await lend('demo-league'))).toEqual([422, 'TRANSFER_NOT_ALLOWED_FOR_FIXTURE']);
    await server.database.db
      .update(events)
      .set({ startsAt: sql`now() + interval '1 hour'` })
      .where(eq(events.id, ids['demo-derby'] ?? -1));
    expect(await refusal(await lend('demo-derby'))).toEqual([422, 'TRANSFER_CUTOFF_PASSED']);
    await server.database.db
      .update(events)
      .set({ startsAt: sql`now() + interval '6 days'` })
      .where(eq(events.id, ids['demo-derby'] ?? -1));
    await call(CLUB_OFFICER, 'PUT', '/api/ticket-office/transfer-events', {
      eventId: ids['demo-league'],
      ignoreTransfers: false,
    });

    // maxTransfers counts loans of every fixture of the season: with 2, B and A use it up, C is refused.
    await call(CLUB_OFFICER, 'PUT', '/api/ticket-office/transfer-events', {
      eventId: ids['demo-season'],
      maxTransfers: 2,
    });
    expect((await lend('demo-derby')).status).toBe(200);
    expect(await refusal(await lend('demo-league'))).toEqual([422, 'TRANSFER_LIMIT_REACHED']);
  });

  it.runIf(engine === 'postgres')('lets one of concurrent loans through when one is left', async () => {
    // The recipient's own season ticket, with an allowance of one: the row lock serialises the count.
    await server.database.db
      .update(events)
      .set({ maxTransfers: 1 })
      .where(eq(events.id, ids['demo-season'] ?? -1));
    const own = (fixture: string) => lend(fixture, HOLDER, RECIPIENTS_SEASON_TICKET, RECIPIENT);
    const answers = await Promise.all([own('demo-derby'), own('demo-cup'), own('demo-league')]);
    const outcomes = await Promise.all(answers.map(refusal));
    expect(outcomes.map(([status]) => status).sort()).toEqual([200, 422, 422]);
    expect(outcomes.filter(([status]) => status === 422).map(([, code]) => code)).toEqual([
      'TRANSFER_LIMIT_REACHED',
      'TRANSFER_LIMIT_REACHED',
    ]);
    const live = await server.database.db
      .select()
      .from(transfers)
      .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
      .where(eq(tickets.publicCode, RECIPIENTS_SEASON_TICKET));
    expect(live).toHaveLength(1);
  });

  it('takes a fixture’s season and a season’s end from the provider, refusing what does not fit', async () => {
    const response = await provider('PUT', 'events', {
      events: [
        {
          externalId: 'x1',
          description: 'Χ',
          startsAt: '2027-03-01T18:00:00+02:00',
          venue: 'Χ',
          seasonExternalId: 'nope',
        },
        {
          externalId: 'x2',
          description: 'Χ',
          startsAt: '2027-03-01T18:00:00+02:00',
          venue: 'Χ',
          seasonal: true,
        },
        {
          externalId: 'x3',
          description: 'Χ',
          startsAt: '2027-03-01T18:00:00+02:00',
          endsAt: '2027-02-01T18:00:00+02:00',
          venue: 'Χ',
          seasonal: true,
        },
        {
          externalId: 'x4',
          description: 'Χ',
          startsAt: '2027-03-01T18:00:00+02:00',
          venue: 'Χ',
          seasonExternalId: 'demo-basket-season',
        },
      ],
    });
    const report = (await response.json()) as { rejected: { key: string; reason: string }[] };
    expect(report.rejected.map((row) => [row.key, row.reason])).toEqual([
      ['x1', providerMessages.unknownSeason],
      ['x2', providerMessages.seasonNeedsEnd],
      ['x3', providerMessages.endsAt],
      // Another club's season is as good as unknown.
      ['x4', providerMessages.unknownSeason],
    ]);
  });

  it('links the fixtures of existing data to their season (the migration)', async () => {
    const { db } = server.database;
    await db.update(events).set({ seasonId: null }).where(eq(events.seasonal, false));
    await db.update(events).set({ endsAt: null }).where(eq(events.externalId, 'demo-basket-season'));
    await rerunDataStatements(db, '0006_seasons_and_loans.sql');
    const linked = await db.select().from(events);
    const seasonOf = (externalId: string) =>
      linked.find((event) => event.externalId === externalId)?.seasonId;
    expect(seasonOf('demo-derby')).toBe(ids['demo-season']);
    expect(seasonOf('demo-past')).toBe(ids['demo-season']);
    expect(seasonOf('demo-basket')).toBe(ids['demo-basket-season']);
    expect(linked.find((event) => event.externalId === 'demo-basket-season')?.endsAt).not.toBeNull();
  });
});
