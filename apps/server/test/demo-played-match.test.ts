import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GATES_OPEN_MINUTES_BEFORE, type MatchDay } from '@tickets/domain';
import { events } from '../src/db/schema';
import { CLUB_OFFICER } from './support/gate';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

/**
 * The demo's played match (issue #55 item 4): its gates' devices uploaded what they decided, so the
 * club's match-day view and its CSV report show every part of a real match.
 */
describe.each(engines)("the demo's played match on %s", (engine) => {
  const server = useTestServer(engine);

  const asClubOfficer = async (route: string) => {
    const { cookie } = await loginAs(server.baseUrl, CLUB_OFFICER);
    const response = await fetch(`${server.baseUrl}${route}`, { headers: jsonFrom(server.baseUrl, cookie) });
    expect(response.status).toBe(200);
    return response;
  };

  it('shows entries of three devices over its gates-open time, refusals of several kinds and a double entry', async () => {
    const [past] = await server.database.db
      .select({ id: events.id, startsAt: events.startsAt })
      .from(events)
      .where(eq(events.externalId, 'demo-past'));
    const view = (await (
      await asClubOfficer(`/api/ticket-office/gate-match-day?eventId=${past?.id}`)
    ).json()) as MatchDay;
    expect(view.over).toBe(true);
    expect(view.admitted).toBe(12);
    expect(view.doubleEntries).toBe(1);
    expect(view.refusedByReason).toEqual({
      ALREADY_ADMITTED: 1,
      UNKNOWN_CODE: 3,
      NOT_OPEN_YET: 1,
      WRONG_EVENT: 1,
      SUSPENDED: 1,
    });
    const admitting = view.devices.filter((device) => device.admitted > 0);
    expect(admitting.map((device) => device.admitted)).toEqual([4, 4, 4]);
    expect(admitting.every((device) => device.pendingUploads === 0 && device.lastContactAt !== null)).toBe(
      true,
    );
    // Entries over the gates' opening, up to kick-off, in many minutes.
    const kickOff = past?.startsAt.getTime() ?? 0;
    const minutes = view.entriesPerMinute.map((row) => Date.parse(row.minute));
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(kickOff - GATES_OPEN_MINUTES_BEFORE * 60_000);
    expect(Math.max(...minutes)).toBeLessThan(kickOff);
    expect(new Set(minutes).size).toBeGreaterThan(8);
    expect(view.refusalsOverTime.length).toBeGreaterThan(3);

    const csv = await (await asClubOfficer(`/api/ticket-office/gate-report?eventId=${past?.id}`)).text();
    const rows = parse(csv.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      relax_column_count: true,
    }) as string[][];
    expect(rows.length).toBeGreaterThan(20);
  });
});
