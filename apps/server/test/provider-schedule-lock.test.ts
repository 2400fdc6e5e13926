import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { errorCatalogue, type ImportReport } from '@tickets/domain';
import { events } from '../src/db/schema';
import { seasonIdsOf, upsertEvents } from '../src/features/providers/imports.queries';
import { tonightTicket, useGateFixture } from './support/gate';
import { putAsProvider } from './support/providers-api';
import { engines, useTestServer } from './support/test-server';

/**
 * A fixture whose gates have opened, or that has admissions, keeps its kick-off and duration: its
 * devices' manifests, the match-day view and its report hang on that time (issue #55 item 6).
 */
describe.each(engines)('a started fixture keeps its schedule, on %s', (engine) => {
  const server = useTestServer(engine);
  // Tonight's match (gates open, kick-off in 90 minutes) with one ticket.
  const { ids, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1] });

  const scheduleOf = async (externalIds: string[]) =>
    Object.fromEntries(
      (
        await server.database.db
          .select({
            externalId: events.externalId,
            startsAt: events.startsAt,
            description: events.description,
          })
          .from(events)
          .where(inArray(events.externalId, externalIds))
      ).map((event) => [event.externalId, event]),
    );
  const pushed = (externalId: string, startsAt: Date, description = 'Α.Ε. Ολυμπιάδα - Βραδινός αγώνας') => ({
    externalId,
    description,
    startsAt: startsAt.toISOString(),
    venue: 'Γήπεδο Ολυμπιάδας',
    seasonExternalId: 'demo-season',
  });
  const pushEvents = async (rows: unknown[]) => {
    const response = await putAsProvider(server.baseUrl, 'events', { events: rows });
    expect(response.status).toBe(200);
    return (await response.json()) as ImportReport;
  };

  it('refuses moving the kick-off of a fixture with admissions, naming why; one not started still moves', async () => {
    const device = await addDevice('Θύρα 3 - κινητό 1');
    const code = await personalize(tonightTicket(1));
    const scan = await fetch(`${server.baseUrl}/api/gate/admissions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: ids.tonight, code }),
    });
    expect(((await scan.json()) as { decision: string }).decision).toBe('ADMIT');

    const before = await scheduleOf(['tonight', 'demo-past', 'demo-derby']);
    const tonight = before.tonight?.startsAt ?? new Date();
    const derby = before['demo-derby']?.startsAt ?? new Date();
    const report = await pushEvents([
      // Into the past, as issue #55 found accepted with 369 admissions.
      pushed('tonight', new Date(tonight.getTime() - 86_400_000)),
      // Played three days ago, no admissions: its gates opened then.
      {
        ...pushed('demo-past', new Date(Date.now() + 7 * 86_400_000)),
        description: before['demo-past']?.description,
      },
      // Six days ahead: an hour later is still the provider's to say.
      {
        ...pushed('demo-derby', new Date(derby.getTime() + 3_600_000)),
        description: before['demo-derby']?.description,
      },
    ]);
    const reason = errorCatalogue.EVENT_SCHEDULE_LOCKED.description;
    expect(report.rejected).toEqual([
      { row: 1, key: 'tonight', reason },
      { row: 2, key: 'demo-past', reason },
    ]);
    expect(report.updated).toBe(1);

    const after = await scheduleOf(['tonight', 'demo-past', 'demo-derby']);
    expect(after.tonight?.startsAt).toEqual(tonight);
    expect(after['demo-past']?.startsAt).toEqual(before['demo-past']?.startsAt);
    expect(after['demo-derby']?.startsAt).toEqual(new Date(derby.getTime() + 3_600_000));
  });

  it('lets a started fixture change what is not its schedule, and refuses it becoming a season', async () => {
    const [tonight] = Object.values(await scheduleOf(['tonight']));
    const startsAt = tonight?.startsAt ?? new Date();
    const renamed = await pushEvents([pushed('tonight', startsAt, 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας')]);
    expect(renamed).toMatchObject({ updated: 1, rejected: [] });
    const season = await pushEvents([
      {
        ...pushed('tonight', startsAt),
        seasonal: true,
        seasonExternalId: null,
        endsAt: new Date(startsAt.getTime() + 86_400_000).toISOString(),
      },
    ]);
    expect(season.rejected).toEqual([
      { row: 1, key: 'tonight', reason: errorCatalogue.EVENT_SCHEDULE_LOCKED.description },
    ]);
    expect((await scheduleOf(['tonight'])).tonight).toEqual({
      externalId: 'tonight',
      startsAt,
      description: 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας',
    });
  });

  it("keeps a started fixture's schedule in the statement that writes, had its gates opened after the check", async () => {
    const [tonight] = Object.values(await scheduleOf(['tonight']));
    const startsAt = tonight?.startsAt ?? new Date();
    const seasonIds = await seasonIdsOf(server.database.db, 'ae-olympiada');
    const write = (row: ReturnType<typeof pushed>) =>
      upsertEvents(
        server.database.db,
        'ae-olympiada',
        [{ ...row, endsAt: null, seasonal: false, displayMode: 'QR' }],
        seasonIds,
      );
    // As if its gates had opened between `importEvents`'s check and its write: the row is not written.
    expect(await write(pushed('tonight', new Date(startsAt.getTime() + 3_600_000)))).toEqual([]);
    expect((await scheduleOf(['tonight'])).tonight?.startsAt).toEqual(startsAt);
    // What is not its schedule still changes.
    expect(
      await write(pushed('tonight', startsAt, 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας (αναβολή ώρας)')),
    ).toEqual([{ inserted: false }]);
    expect((await scheduleOf(['tonight'])).tonight).toEqual({
      externalId: 'tonight',
      startsAt,
      description: 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας (αναβολή ώρας)',
    });
  });
});
