import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MANIFEST_PREPARE_HOURS, type GateEvent, type GateManifest } from '@tickets/domain';
import { gateManifests } from '../src/db/schema';
import { useGateFixture } from './support/gate';
import { engines, useTestServer } from './support/test-server';

/**
 * A fixture's manifest is ready before the gates open (issue #51; docs/design.md §8 "Ready before the
 * gates open"): a device lists its club's events when switched on, and that readies the book of every
 * fixture starting within MANIFEST_PREPARE_HOURS, so that no device's first fetch reads the fixture.
 */
describe.each(engines)('a manifest made ready before the gates open on %s', (engine) => {
  const server = useTestServer(engine);
  const { ids, addDevice } = useGateFixture(server, { tonightSerials: [1, 2, 3] });
  const bookOf = async (eventId: number) =>
    (await server.database.db.select().from(gateManifests).where(eq(gateManifests.eventId, eventId)))[0];
  /** The readings the server logged that stored a book or a revision of tonight's fixture. */
  const readingsOfTonight = () =>
    server.logs.filter(
      (line) => line.includes('"msg":"gate manifest built"') && line.includes(`"eventId":${ids.tonight},`),
    ).length;

  it('listing the events readies the book of a fixture starting soon, not of one far off, and the first fetch reads nothing', async () => {
    const device = await addDevice('Θύρα 3 - κινητό');
    const headers = { authorization: `Bearer ${device.token}` };
    expect(await bookOf(ids.tonight ?? -1)).toBeUndefined();

    const listed = await fetch(`${server.baseUrl}/api/gate/events`, { headers });
    expect(listed.status).toBe(200);
    const events = (await listed.json()) as GateEvent[];
    expect(events.map((event) => event.eventId)).toContain(ids.tonight);
    // Answered at once; the book is stored after it, with no manifest asked for.
    await vi.waitFor(async () => expect(await bookOf(ids.tonight ?? -1)).toBeDefined(), {
      timeout: 15_000,
      interval: 100,
    });
    const readings = readingsOfTonight();
    expect(readings).toBe(1);

    const farOff = events.filter(
      (event) => Date.parse(event.eventDateTime) > Date.now() + MANIFEST_PREPARE_HOURS * 3_600_000,
    );
    expect(farOff.length).toBeGreaterThan(0);
    for (const event of farOff) expect(await bookOf(event.eventId)).toBeUndefined();

    const fetched = await fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, { headers });
    expect(fetched.status).toBe(200);
    const manifest = (await fetched.json()) as GateManifest;
    expect(manifest.eventId).toBe(ids.tonight);
    expect(manifest.salt).toBe((await bookOf(ids.tonight ?? -1))?.salt);
    // The fetch was answered from the book made ready: no reading of its own.
    expect(readingsOfTonight()).toBe(readings);
  });
});
