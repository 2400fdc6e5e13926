import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  errorCatalogue,
  gateMessages,
  type ErrorEnvelope,
  type GateEvent,
  type ImportReport,
  type WalletTicket,
} from '@tickets/domain';
import { auditLog, events, gateAdmissions } from '../src/db/schema';
import { CLUB_OFFICER, HOLDER, tonightTicket, useGateFixture } from './support/gate';
import { loginAs, jsonFrom } from './support/login';
import { putAsProvider } from './support/providers-api';
import { engines, useTestServer } from './support/test-server';

/** An officer of the other club (kae-akropoli, demo/seed.ts). */
const BASKET_OFFICER = '100000064';
const REASON = 'Απόφαση της αστυνομίας για λόγους ασφαλείας';

const codeOf = async (response: Response) =>
  ((await response.json()) as ErrorEnvelope).exceptions.errors[0]?.code;

/**
 * The ticket office cancels a match of its club, gates open or not (issue #55 item 6): from then every
 * scan is refused EVENT_CANCELLED, its devices are refused its manifest, its provider changes nothing.
 */
describe.each(engines)('cancelling a match, on %s', (engine) => {
  const server = useTestServer(engine);
  // Tonight's match (gates open, kick-off in 90 minutes) with two tickets.
  const { ids, call, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1, 2] });
  const cancel = (afm: string, eventId: number, body: unknown = { reason: REASON }) =>
    call(afm, 'POST', `/api/ticket-office/events/${eventId}/cancellation`, body);
  const scan = (token: string, code: string) =>
    fetch(`${server.baseUrl}/api/gate/admissions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: ids.tonight, code }),
    });
  const manifest = (token: string) =>
    fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  const admissionsOf = async (eventId: number) =>
    server.database.db.select().from(gateAdmissions).where(eq(gateAdmissions.eventId, eventId));
  const storedOf = async (eventId: number) =>
    (await server.database.db.select().from(events).where(eq(events.id, eventId)))[0];

  it('is refused to a citizen, to another club, without a reason, and for a match already over', async () => {
    const tonight = ids.tonight ?? -1;
    expect((await cancel(HOLDER, tonight)).status).toBe(403);
    const basket = await loginAs(server.baseUrl, BASKET_OFFICER);
    const ofAnotherClub = await fetch(`${server.baseUrl}/api/ticket-office/events/${tonight}/cancellation`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, basket.cookie),
      body: JSON.stringify({ reason: REASON }),
    });
    expect(ofAnotherClub.status).toBe(404);
    expect(await codeOf(ofAnotherClub)).toBe('EVENT_NOT_FOUND');
    expect((await cancel(CLUB_OFFICER, tonight, { reason: '   ' })).status).toBe(400);
    const past = await cancel(CLUB_OFFICER, ids['demo-past'] ?? -1);
    expect(past.status).toBe(409);
    expect(await codeOf(past)).toBe('EVENT_OVER_NOT_CANCELLABLE');
    // A season is not a match to cancel.
    expect((await cancel(CLUB_OFFICER, ids['demo-season'] ?? -1)).status).toBe(404);
    expect((await storedOf(tonight))?.cancelledAt).toBeNull();
  });

  it('cancels a match under way: nobody enters after, the entries before stay, its devices get no manifest', async () => {
    const tonight = ids.tonight ?? -1;
    const device = await addDevice('Θύρα 3 - κινητό 1');
    const first = await personalize(tonightTicket(1));
    const second = await personalize(tonightTicket(2));
    expect(((await (await scan(device.token, first)).json()) as { decision: string }).decision).toBe('ADMIT');
    // The device holds the manifest from before.
    expect((await manifest(device.token)).status).toBe(200);

    const cancelled = await cancel(CLUB_OFFICER, tonight);
    expect(cancelled.status).toBe(200);
    const event = (await cancelled.json()) as GateEvent;
    expect(event).toMatchObject({ eventId: tonight, cancellationReason: REASON });
    expect(Date.parse(event.cancelledAt ?? '')).toBeLessThanOrEqual(Date.now());
    const [audited] = await server.database.db
      .select({ actor: auditLog.actor, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'EVENT_CANCEL'), eq(auditLog.subject, String(tonight))));
    expect(audited).toEqual({ actor: CLUB_OFFICER, details: { reason: REASON } });

    // Every scan refused, the one admitted before as the one not yet: nothing more admitted.
    for (const code of [second, first]) {
      const refused = (await (await scan(device.token, code)).json()) as { decision: string; reason: string };
      expect(refused).toMatchObject({
        decision: 'REFUSE',
        reason: 'EVENT_CANCELLED',
        message: gateMessages.decisions.EVENT_CANCELLED,
      });
    }
    expect((await admissionsOf(tonight)).length).toBe(1);

    // An offline device's upload: what it admitted after the cancellation is refused, not recorded.
    const upload = await fetch(`${server.baseUrl}/api/gate/admissions/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        eventId: tonight,
        admissions: [{ ticketCode: tonightTicket(2), code: second, admittedAt: new Date().toISOString() }],
      }),
    });
    expect(upload.status).toBe(200);
    const { results } = (await upload.json()) as { results: { reason: string; outcome: string }[] };
    expect(results).toEqual([expect.objectContaining({ reason: 'EVENT_CANCELLED' })]);
    expect((await admissionsOf(tonight)).length).toBe(1);

    // The manifest is not given: the steward's screen refuses every code offline too.
    const refusedManifest = await manifest(device.token);
    expect(refusedManifest.status).toBe(409);
    expect(await codeOf(refusedManifest)).toBe('EVENT_CANCELLED');

    // The season ticket holder's wallet shows that fixture cancelled.
    const wallet = (await (await call(HOLDER, 'GET', '/api/wallet/tickets')).json()) as WalletTicket[];
    const fixtures = wallet.flatMap((ticket) => ticket.fixtures);
    expect(fixtures.find((fixture) => fixture.eventId === tonight)).toMatchObject({ cancelled: true });
    expect(fixtures.filter((fixture) => fixture.cancelled).map((fixture) => fixture.eventId)).toEqual([
      tonight,
    ]);

    // The office's list shows it cancelled, and the devices' too.
    const listed = (await (
      await call(CLUB_OFFICER, 'GET', '/api/ticket-office/gate-events')
    ).json()) as GateEvent[];
    expect(listed.find((one) => one.eventId === tonight)).toMatchObject({
      cancelledAt: event.cancelledAt,
      cancellationReason: REASON,
    });
  });

  it('answers a second cancellation clearly, and rejects the provider changing the cancelled match', async () => {
    const tonight = ids.tonight ?? -1;
    const again = await cancel(CLUB_OFFICER, tonight, { reason: 'Δεύτερη φορά' });
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('EVENT_ALREADY_CANCELLED');
    const before = await storedOf(tonight);
    expect(before?.cancellationReason).toBe(REASON);

    const pushed = await putAsProvider(server.baseUrl, 'events', {
      events: [
        {
          externalId: 'tonight',
          description: 'Α.Ε. Ολυμπιάδα - Νέα περιγραφή',
          startsAt: before?.startsAt.toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
      ],
    });
    expect(pushed.status).toBe(200);
    const report = (await pushed.json()) as ImportReport;
    expect(report.rejected).toEqual([
      { row: 1, key: 'tonight', reason: errorCatalogue.EVENT_CANCELLED.description },
    ]);
    expect(report.updated).toBe(0);
    expect(await storedOf(tonight)).toEqual(before);
  });
});
