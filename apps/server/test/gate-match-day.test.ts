import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../src/demo/seed';
import { events, gateDevices } from '../src/db/schema';
import {
  CLUB_OFFICER,
  OTHER,
  PLATFORM_OFFICER,
  tonightTicket,
  useGateFixture,
  type GateDevice,
} from './support/gate';
import { firstError, jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

/**
 * The club's match-day view and a finished match's CSV report (issue #42 items 3, 4): two devices
 * admit and refuse at tonight's match; the figures are the database's, another club's officer sees
 * none of them, and each device's last contact and pending uploads are on its row (every process
 * reads the same).
 */

interface MatchDay {
  eventId: number;
  over: boolean;
  admitted: number;
  boundTickets: number;
  refusedByReason: Record<string, number>;
  alreadyAdmittedRefusals: number;
  doubleEntries: number;
  devices: {
    deviceId: string;
    label: string;
    admitted: number;
    lastContactAt: string | null;
    pendingUploads: number | null;
    offline: boolean;
  }[];
  entriesPerMinute: { deviceId: string; minute: string; admitted: number }[];
  refusalSpanMinutes: number;
  refusalsOverTime: { reason: string; from: string; refused: number }[];
}

const OTHER_CLUB_OFFICER = DEMO_PEOPLE.basketOfficer.afm ?? '';

describe.each(engines)('the match-day view and report on %s', (engine) => {
  const server = useTestServer(engine);
  const { ids, call, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1, 2, 3, 4] });
  let first: GateDevice;
  let second: GateDevice;
  let otherClub = '';
  let boundBefore = 0;
  const db = () => server.database.db;
  const tonight = () => ids.tonight ?? 0;

  const device = (bearer: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scan = async (bearer: string, code: string) => {
    const response = await device(bearer, 'POST', '/api/gate/admissions', { eventId: tonight(), code });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reason: string }).reason;
  };
  const asOtherClub = (route: string) =>
    fetch(`${server.baseUrl}${route}`, { headers: jsonFrom(server.baseUrl, otherClub) });
  const matchDay = async (afm = CLUB_OFFICER) => {
    const response = await call(afm, 'GET', `/api/ticket-office/gate-match-day?eventId=${tonight()}`);
    expect(response.status).toBe(200);
    return (await response.json()) as MatchDay;
  };
  const lastContactOf = async (deviceId: string) => {
    const [row] = await db()
      .select({ at: gateDevices.lastContactAt })
      .from(gateDevices)
      .where(eq(gateDevices.id, deviceId));
    return row?.at ?? null;
  };

  beforeAll(async () => {
    otherClub = (await loginAs(server.baseUrl, OTHER_CLUB_OFFICER, '/ticket-office')).cookie;
    boundBefore = (await matchDay()).boundTickets;
    first = await addDevice('Θύρα Α');
    second = await addDevice('Θύρα Β');
    const [one, two, three] = [
      await personalize(tonightTicket(1)),
      await personalize(tonightTicket(2)),
      await personalize(tonightTicket(3)),
    ];
    expect(await scan(first.token, one)).toBe('ADMITTED');
    expect(await scan(first.token, two)).toBe('ADMITTED');
    expect(await scan(second.token, three)).toBe('ADMITTED');
    expect(await scan(second.token, one)).toBe('ALREADY_ADMITTED');
    expect(await scan(first.token, 'NOT-A-TICKET-CODE')).toBe('UNKNOWN_CODE');
    // The second device decided one refusal offline, two minutes ago, and uploads it now.
    const uploaded = await device(second.token, 'POST', '/api/gate/admissions/batch', {
      eventId: tonight(),
      admissions: [],
      refusals: [
        {
          code: 'OFFLINE-REFUSED',
          reason: 'SUSPENDED',
          refusedAt: new Date(Date.now() - 120_000).toISOString(),
        },
      ],
    });
    expect(uploaded.status).toBe(200);
  });

  it('counts the admissions and refusals of each device as the database holds them', async () => {
    const report = await matchDay();
    expect(report.admitted).toBe(3);
    expect(report.boundTickets).toBe(boundBefore + 3);
    const byLabel = Object.fromEntries(report.devices.map((one) => [one.label, one]));
    expect(byLabel['Θύρα Α']?.admitted).toBe(2);
    expect(byLabel['Θύρα Β']?.admitted).toBe(1);
    const perMinute = (deviceId: string) =>
      report.entriesPerMinute
        .filter((row) => row.deviceId === deviceId)
        .reduce((sum, row) => sum + row.admitted, 0);
    expect(perMinute(first.deviceId)).toBe(2);
    expect(perMinute(second.deviceId)).toBe(1);
    expect(report.refusedByReason).toEqual({ ALREADY_ADMITTED: 1, UNKNOWN_CODE: 1, SUSPENDED: 1 });
    expect(report.alreadyAdmittedRefusals).toBe(1);
    expect(report.doubleEntries).toBe(0);
    // Over time: the offline refusal in the span of its own time, not of its upload.
    const span = report.refusalSpanMinutes * 60_000;
    const offline = report.refusalsOverTime.find((row) => row.reason === 'SUSPENDED');
    const refusedAt = Date.now() - 120_000;
    expect(Date.parse(offline?.from ?? '')).toBeLessThanOrEqual(refusedAt);
    expect(Date.parse(offline?.from ?? '')).toBeGreaterThan(refusedAt - span - 60_000);
    expect(report.refusalsOverTime.reduce((sum, row) => sum + row.refused, 0)).toBe(3);
  });

  it("stores each device's last contact, at most every few seconds, and what it holds unsent", async () => {
    // Written by its calls (the scans above).
    expect(Date.now() - ((await lastContactOf(first.deviceId))?.getTime() ?? 0)).toBeLessThan(60_000);
    // A call within GATE_CONTACT_WRITE_SECONDS of the last written contact writes nothing.
    await db()
      .update(gateDevices)
      .set({ lastContactAt: sql`now()` })
      .where(eq(gateDevices.id, first.deviceId));
    const heard = await lastContactOf(first.deviceId);
    await device(first.token, 'GET', '/api/gate/keys');
    expect((await lastContactOf(first.deviceId))?.getTime()).toBe(heard?.getTime());
    // A call after the interval does.
    const earlier = new Date(Date.now() - 60_000);
    await db().update(gateDevices).set({ lastContactAt: earlier }).where(eq(gateDevices.id, first.deviceId));
    await device(first.token, 'GET', '/api/gate/keys');
    expect((await lastContactOf(first.deviceId))?.getTime()).toBeGreaterThan(earlier.getTime() + 30_000);

    // The manifest poll says how many records the device holds unsent; an acknowledged upload lowers it.
    const polled = await device(first.token, 'GET', `/api/gate/manifest?eventId=${tonight()}&unsent=4`);
    expect(polled.status).toBe(200);
    const refused = await device(first.token, 'POST', '/api/gate/admissions/batch', {
      eventId: tonight(),
      admissions: [],
      refusals: [{ code: 'OFFLINE-REFUSED-2', reason: 'UNKNOWN_CODE', refusedAt: new Date().toISOString() }],
    });
    expect(refused.status).toBe(200);
    // The second device went quiet ten minutes ago holding two records.
    await db()
      .update(gateDevices)
      .set({ lastContactAt: new Date(Date.now() - 600_000), pendingUploads: 2 })
      .where(eq(gateDevices.id, second.deviceId));
    const report = await matchDay();
    const byId = Object.fromEntries(report.devices.map((one) => [one.deviceId, one]));
    expect(byId[first.deviceId]).toMatchObject({ offline: false, pendingUploads: 3 });
    expect(byId[second.deviceId]).toMatchObject({ offline: true, pendingUploads: 2 });
    const bad = await device(first.token, 'GET', `/api/gate/manifest?eventId=${tonight()}&unsent=-1`);
    expect(bad.status).toBe(400);
  });

  it("shows another club's officer nothing, and a platform-wide officer everything", async () => {
    const view = await asOtherClub(`/api/ticket-office/gate-match-day?eventId=${tonight()}`);
    expect(view.status).toBe(404);
    expect((await firstError(view))?.code).toBe('EVENT_NOT_FOUND');
    const report = await asOtherClub(`/api/ticket-office/gate-report?eventId=${tonight()}`);
    expect(report.status).toBe(404);
    for (const over of ['false', 'true']) {
      const listed = (await (await asOtherClub(`/api/ticket-office/gate-events?over=${over}`)).json()) as {
        eventId: number;
      }[];
      expect(listed.map((event) => event.eventId)).not.toContain(tonight());
    }
    expect((await matchDay(PLATFORM_OFFICER)).admitted).toBe(3);
    const citizen = await call(OTHER, 'GET', `/api/ticket-office/gate-match-day?eventId=${tonight()}`);
    expect(citizen.status).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    for (const route of [
      '/api/ticket-office/gate-match-day?eventId=abc',
      '/api/ticket-office/gate-match-day',
      '/api/ticket-office/gate-report?eventId=-1',
      '/api/ticket-office/gate-events?over=yes',
    ]) {
      expect((await call(CLUB_OFFICER, 'GET', route)).status, route).toBe(400);
    }
  });

  it("gives a finished match's report as CSV whose counts are the database's", async () => {
    const early = await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-report?eventId=${tonight()}`);
    expect(early.status).toBe(409);
    expect((await firstError(early))?.code).toBe('MATCH_REPORT_NOT_READY');
    // The match is played: it started 200 minutes ago.
    await db()
      .update(events)
      .set({ startsAt: new Date(Date.now() - 200 * 60_000) })
      .where(eq(events.id, tonight()));
    const over = (await (
      await call(CLUB_OFFICER, 'GET', '/api/ticket-office/gate-events?over=true')
    ).json()) as {
      eventId: number;
    }[];
    expect(over.map((event) => event.eventId)).toContain(tonight());

    const response = await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-report?eventId=${tonight()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="match-report-${tonight()}.csv"`,
    );
    // A file of personal data: no cache keeps it (the API's headers, as every answer of it).
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, delimiter: ';', relax_column_count: false }) as string[][];
    const [header, ...figures] = rows;
    expect(header).toEqual([
      'Αγώνας',
      'Έναρξη αγώνα',
      'Στοιχείο',
      'Συσκευή',
      'Λόγος',
      'Από',
      'Έως',
      'Πλήθος',
    ]);
    const count = (figure: string, where: (row: string[]) => boolean = () => true) =>
      figures.filter((row) => row[2] === figure && where(row)).reduce((sum, row) => sum + Number(row[7]), 0);

    // The database's own counts, read here without the report's queries.
    const id = tonight();
    const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
      ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
    const admittedRows = await rowsOf<{ device: string; n: string }>(sql`
      select d.label as device, count(*) as n from gate_admissions a join gate_devices d on d.id = a.device_id
      where a.event_id = ${id} and a.undone_at is null group by d.label`);
    const refusalRows = await rowsOf<{ reason: string; n: string }>(sql`
      select details ->> 'reason' as reason, count(*) as n from audit_log
      where action = 'GATE_REFUSE' and details ->> 'eventId' = ${String(id)} group by 1`);
    const total = (list: { n: string }[]) => list.reduce((sum, row) => sum + Number(row.n), 0);

    expect(count('Εισήλθαν')).toBe(total(admittedRows));
    expect(count('Εισήλθαν')).toBe(3);
    expect(count('Είσοδοι ανά λεπτό')).toBe(total(admittedRows));
    for (const row of admittedRows) {
      expect(
        count('Είσοδοι ανά συσκευή', (line) => line[3] === row.device),
        row.device,
      ).toBe(Number(row.n));
    }
    expect(count('Απορρίψεις')).toBe(total(refusalRows));
    expect(count('Απορρίψεις ανά λόγο και διάστημα')).toBe(total(refusalRows));
    const alreadyAdmitted = refusalRows.find((row) => row.reason === 'ALREADY_ADMITTED');
    expect(count('Απόπειρες διπλής εισόδου')).toBe(Number(alreadyAdmitted?.n));
    expect(count('Απορρίψεις ανά λόγο', (line) => line[4] === 'Ήδη χρησιμοποιημένο εισιτήριο')).toBe(
      Number(alreadyAdmitted?.n),
    );
    expect(count('Ονομαστικά εισιτήρια')).toBe(boundBefore + 3);
    expect(figures.every((row) => row[0] === 'Α.Ε. Ολυμπιάδα - Βραδινός αγώνας')).toBe(true);
  });
});
