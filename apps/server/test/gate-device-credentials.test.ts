import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  errorCatalogue,
  EVENT_DURATION_MINUTES,
  GATE_DEVICE_CREDENTIAL_MARGIN_HOURS,
  GATES_OPEN_MINUTES_BEFORE,
  GATE_PAIRING_TOKEN_HOURS,
  TIME_ZONE,
  validationMessages,
  type GateDevice,
} from '@tickets/domain';
import { addOfficer, removeOfficer } from '../src/admin/officers';
import { auditLog, events as matches, gateDevices } from '../src/db/schema';
import { CLUB_OFFICER, pairDevice, PLATFORM_OFFICER, useGateFixture } from './support/gate';
import { putAsProvider } from './support/providers-api';
import { firstError } from './support/login';
import { engines, useTestServer } from './support/test-server';

/**
 * A gate device's credential (docs/design.md §8, issue #27): the one-time pairing token is exchanged
 * once for a browser's own credential, which ends the night of the club's last match of the day (the
 * officer renews it), and ends with a revoked device or a deactivated officer; every device call is authenticated before its body is read.
 */
const HOUR_MS = 3_600_000;
const athensDate = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(at));

/** The end of a club's match day (or `now`) as a person reads it off the schedule of its matches. */
function matchDayEnd(clubMatches: { startsAt: Date }[], now: number, margin: number) {
  const starts = clubMatches.map((match) => match.startsAt.getTime());
  const end = (start: number) => start + EVENT_DURATION_MINUTES * 60_000;
  const today = starts.filter((start) => athensDate(start) === athensDate(now));
  const endOfToday = Math.max(now, ...today.map(end));
  const matchDay = starts.filter(
    (start) =>
      today.includes(start) ||
      (end(start) > now &&
        (start <= now + GATES_OPEN_MINUTES_BEFORE * 60_000 || start < endOfToday + margin)),
  );
  return Math.max(now, ...matchDay.map(end));
}

describe.each(engines)('gate device credentials on %s', (engine) => {
  const server = useTestServer(engine);
  const { ids, call, addDevice, registerDevice } = useGateFixture(server, { tonightSerials: [1] });

  const asBearer = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  const events = (bearer: string) =>
    fetch(`${server.baseUrl}/api/gate/events`, { headers: asBearer(bearer) });
  const expiryOf = async (deviceId: string) => {
    const [row] = await server.database.db
      .select({ expiresAt: gateDevices.credentialExpiresAt })
      .from(gateDevices)
      .where(eq(gateDevices.id, deviceId));
    return row?.expiresAt?.getTime() ?? 0;
  };
  const expireIn = (deviceId: string, ms: number) =>
    server.database.db
      .update(gateDevices)
      .set({ credentialExpiresAt: new Date(Date.now() + ms) })
      .where(eq(gateDevices.id, deviceId));
  const margin = GATE_DEVICE_CREDENTIAL_MARGIN_HOURS * HOUR_MS;

  it('exchanges the pairing token once for a credential; a second pairing is refused in Greek', async () => {
    const registered = await registerDevice('Θύρα 1 - κινητό');
    const listed = async () =>
      (
        (await (await call(CLUB_OFFICER, 'GET', '/api/ticket-office/gate-devices')).json()) as GateDevice[]
      ).find((device) => device.deviceId === registered.deviceId);
    expect((await listed())?.pairedAt).toBeNull();
    const before = Date.now();
    const paired = await pairDevice(server.baseUrl, registered.token);
    expect(paired.status).toBe(200);
    const pairing = (await paired.json()) as { deviceId: string; credential: string; expiresAt: string };
    expect(pairing.deviceId).toBe(registered.deviceId);
    expect(pairing.credential).not.toBe(registered.token);
    // Never before the margin from now (tonight's match may end it later: the next test).
    expect(Date.parse(pairing.expiresAt) - before).toBeGreaterThanOrEqual(margin - 1000);
    expect((await events(pairing.credential)).status).toBe(200);
    expect((await listed())?.pairedAt).not.toBeNull();
    expect((await listed())?.pairingRefusedAt).toBeNull();

    // The token is spent: it pairs no second browser, and it is no device's bearer either.
    const again = await pairDevice(server.baseUrl, registered.token);
    expect(again.status).toBe(409);
    expect(await firstError(again)).toEqual({
      code: 'GATE_DEVICE_ALREADY_PAIRED',
      description: errorCatalogue.GATE_DEVICE_ALREADY_PAIRED.description,
    });
    expect(errorCatalogue.GATE_DEVICE_ALREADY_PAIRED.description).toMatch(/νέα συσκευή/);
    expect((await events(registered.token)).status).toBe(401);
    const refusals = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'GATE_DEVICE_PAIR_REFUSED'), eq(auditLog.subject, registered.deviceId)));
    expect(refusals).toHaveLength(1);
    // The officer sees it beside the device: someone holds a copy of its token.
    expect(Date.parse((await listed())?.pairingRefusedAt ?? '')).toBeGreaterThanOrEqual(before);
    // Two browsers pairing with one token at once: one pairs.
    const raced = await registerDevice('Θύρα 1 - κινητό 2');
    const statuses = await Promise.all([1, 2, 3].map(() => pairDevice(server.baseUrl, raced.token)));
    expect(statuses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    // A credential is no pairing token; an unknown token pairs nothing.
    expect((await pairDevice(server.baseUrl, pairing.credential)).status).toBe(401);
    expect((await pairDevice(server.baseUrl, 'gate.not-a-device-token')).status).toBe(401);
  });

  it('ends an unpaired device’s pairing token after GATE_PAIRING_TOKEN_HOURS, in Greek; the office gives a new one', async () => {
    // A token shown once and never used stayed good for ever: 60 days old, it still paired (issue 40, item 6).
    const registeredAt = (deviceId: string, hoursAgo: number) =>
      server.database.db
        .update(gateDevices)
        .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR_MS) })
        .where(eq(gateDevices.id, deviceId));
    const stale = await registerDevice('Θύρα 7 - ξεχασμένο');
    await registeredAt(stale.deviceId, 60 * 24);
    const refused = await pairDevice(server.baseUrl, stale.token);
    expect(refused.status).toBe(401);
    expect(await firstError(refused)).toEqual({
      code: 'GATE_PAIRING_TOKEN_EXPIRED',
      description: errorCatalogue.GATE_PAIRING_TOKEN_EXPIRED.description,
    });
    expect(errorCatalogue.GATE_PAIRING_TOKEN_EXPIRED.description).toMatch(/έληξε.*εκδοτήριο/s);
    const justPast = await registerDevice('Θύρα 7 - χθεσινό');
    await registeredAt(justPast.deviceId, GATE_PAIRING_TOKEN_HOURS + 0.01);
    expect((await pairDevice(server.baseUrl, justPast.token)).status).toBe(401);
    const [row] = await server.database.db
      .select({ pairedAt: gateDevices.pairedAt })
      .from(gateDevices)
      .where(eq(gateDevices.id, justPast.deviceId));
    expect(row?.pairedAt).toBeNull();
    // Within its time it pairs; the office's new registration gives a new token that pairs.
    const inTime = await registerDevice('Θύρα 7 - σημερινό');
    await registeredAt(inTime.deviceId, GATE_PAIRING_TOKEN_HOURS - 0.1);
    const paired = await pairDevice(server.baseUrl, inTime.token);
    expect(paired.status).toBe(200);
    const again = await registerDevice('Θύρα 7 - ξεχασμένο');
    expect((await pairDevice(server.baseUrl, again.token)).status).toBe(200);
    // A paired device's credential does not end with its token's time.
    await registeredAt(inTime.deviceId, 60 * 24);
    expect((await events(((await paired.json()) as { credential: string }).credential)).status).toBe(200);
  });

  it("ends the night of the club's last match of the day; use extends nothing; the officer renews it", async () => {
    const device = await addDevice('Θύρα 2 - κινητό');
    const renew = () =>
      fetch(`${server.baseUrl}/api/gate/pairing/renewal`, {
        method: 'POST',
        headers: asBearer(device.token),
      });
    const officerRenews = (deviceId: string, afm = CLUB_OFFICER) =>
      call(afm, 'POST', `/api/ticket-office/gate-devices/${deviceId}/renewal`);

    // Paired: the end of the club's match day (its matches that start today, Athens; whose gates are
    // open; or that start before a credential of today's would end), or now, plus the margin. Worked
    // out here from the club's matches, as a person reading the schedule would.
    const expectedEnd = async (now: number) => {
      const clubs = await server.database.db
        .select({ startsAt: matches.startsAt })
        .from(matches)
        .where(and(eq(matches.organisationId, 'ae-olympiada'), eq(matches.seasonal, false)));
      return matchDayEnd(clubs, now, margin) + margin;
    };
    const paired = await expiryOf(device.deviceId);
    expect(Math.abs(paired - (await expectedEnd(Date.now())))).toBeLessThan(30_000);
    // Tonight's match (in 90 minutes) ends within the day but for a test run near midnight.
    if (athensDate(Date.now()) === athensDate(Date.now() + 90 * 60_000))
      expect(paired).toBeGreaterThan(Date.now() + 90 * 60_000 + margin);

    // Use extends nothing; the screen's renewal moves it to the day's schedule, never further.
    expect((await events(device.token)).status).toBe(200);
    expect(await expiryOf(device.deviceId)).toBe(paired);
    await expireIn(device.deviceId, HOUR_MS);
    expect((await events(device.token)).status).toBe(200);
    expect(await expiryOf(device.deviceId)).toBeLessThan(Date.now() + HOUR_MS + 1000);
    const renewed = await renew();
    expect(renewed.status).toBe(200);
    const { expiresAt } = (await renewed.json()) as { expiresAt: string };
    expect(await expiryOf(device.deviceId)).toBe(Date.parse(expiresAt));
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(Math.max(Date.now() + HOUR_MS + 1000, paired));
    // A match moved later today (or added): the screen's renewal follows it.
    const later = athensDate(Date.now()) === athensDate(Date.now() + 4 * HOUR_MS);
    if (later) {
      await server.database.db
        .update(matches)
        .set({ startsAt: new Date(Date.now() + 4 * HOUR_MS) })
        .where(eq(matches.id, ids.tonight ?? -1));
      const moved = (await (await renew()).json()) as { expiresAt: string };
      expect(Math.abs(Date.parse(moved.expiresAt) - (await expectedEnd(Date.now())))).toBeLessThan(30_000);
      await server.database.db
        .update(matches)
        .set({ startsAt: new Date(Date.now() + 90 * 60_000) })
        .where(eq(matches.id, ids.tonight ?? -1));
    }

    // Past its end: 401 on every device route, renewal included, and nothing the device does extends it.
    await expireIn(device.deviceId, -1000);
    const manifest = await fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, {
      headers: asBearer(device.token),
    });
    expect([(await events(device.token)).status, manifest.status, (await renew()).status]).toEqual([
      401, 401, 401,
    ]);
    expect((await firstError(await events(device.token)))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    expect(await expiryOf(device.deviceId)).toBeLessThan(Date.now());

    // The officer renews it (for the next match day): the same credential works again, audited.
    const renewal = await officerRenews(device.deviceId);
    expect(renewal.status).toBe(200);
    const listed = (await renewal.json()) as GateDevice;
    expect(
      Math.abs(Date.parse(listed.credentialExpiresAt ?? '') - (await expectedEnd(Date.now()))),
    ).toBeLessThan(30_000);
    expect((await events(device.token)).status).toBe(200);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'GATE_DEVICE_RENEW'), eq(auditLog.subject, device.deviceId)));
    expect(audited.map((row) => row.actor)).toEqual([CLUB_OFFICER]);

    // Only a paired, live device of the officer's own club: else 404, and nothing changes.
    const unpaired = await registerDevice('Θύρα 2 - εφεδρικό');
    expect((await officerRenews(unpaired.deviceId)).status).toBe(404);
    const ofAnotherClub = await addDevice('Θύρα Β', PLATFORM_OFFICER, 'kae-akropoli');
    const before = await expiryOf(ofAnotherClub.deviceId);
    expect((await officerRenews(ofAnotherClub.deviceId)).status).toBe(404);
    expect(await expiryOf(ofAnotherClub.deviceId)).toBe(before);
    await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${device.deviceId}`);
    expect((await officerRenews(device.deviceId)).status).toBe(404);
    expect((await events(device.token)).status).toBe(401);
  });

  it('answers a malformed device or admission id with its own Greek message (400)', async () => {
    const device = await addDevice('Θύρα 2 - δοκιμή αριθμών');
    const refusals = [
      [await call(CLUB_OFFICER, 'POST', '/api/ticket-office/gate-devices/not-a-uuid/renewal'), 'deviceId'],
      [await call(CLUB_OFFICER, 'DELETE', '/api/ticket-office/gate-devices/%00'), 'deviceId'],
      [
        await fetch(`${server.baseUrl}/api/gate/admissions/not-a-uuid`, {
          method: 'DELETE',
          headers: asBearer(device.token),
        }),
        'admissionId',
      ],
    ] as const;
    for (const [response, field] of refusals) {
      expect(response.status).toBe(400);
      expect((await firstError(response))?.description).toBe(validationMessages[field]);
    }
  });

  it('ends with a revoked device, and with a removed officer (paired or not), for good', async () => {
    const revoked = await addDevice('Θύρα 3 - κινητό');
    expect((await events(revoked.token)).status).toBe(200);
    expect(
      (await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${revoked.deviceId}`)).status,
    ).toBe(200);
    expect((await events(revoked.token)).status).toBe(401);
    const unpairedRevoked = await registerDevice('Θύρα 3 - εφεδρικό');
    await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${unpairedRevoked.deviceId}`);
    expect((await pairDevice(server.baseUrl, unpairedRevoked.token)).status).toBe(401);

    const officers = await addDevice('Θύρα 4 - κινητό');
    const unpaired = await registerDevice('Θύρα 4 - εφεδρικό');
    await removeOfficer(server.database.db, 'test', CLUB_OFFICER);
    try {
      expect((await events(officers.token)).status).toBe(401);
      expect((await pairDevice(server.baseUrl, unpaired.token)).status).toBe(401);
    } finally {
      await addOfficer(server.database.db, 'test', CLUB_OFFICER, 'ae-olympiada');
    }
    // Re-adding the officer revives none of them (issue 40, item 10): the removal revoked them.
    expect((await events(officers.token)).status).toBe(401);
    expect((await pairDevice(server.baseUrl, unpaired.token)).status).toBe(401);
    const listed = (await (
      await call(CLUB_OFFICER, 'GET', '/api/ticket-office/gate-devices')
    ).json()) as GateDevice[];
    for (const device of [officers, unpaired])
      expect(listed.find((row) => row.deviceId === device.deviceId)?.revokedAt).toEqual(expect.any(String));
    const [removal] = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'OFFICER_REMOVE'), eq(auditLog.subject, CLUB_OFFICER)));
    expect(removal?.details).toMatchObject({ revokedGateDevices: expect.any(Number) });
    // A device registered after the return works.
    expect((await events((await addDevice('Θύρα 4 - νέο')).token)).status).toBe(200);
  });

  it('keeps a device registered before credentials working with its token until it expires, unrenewed', async () => {
    const legacy = await registerDevice('Θύρα 5 - παλιό');
    // What migration 0019 made of a device registered before: its token is its credential.
    const [row] = await server.database.db
      .select({ tokenHash: gateDevices.tokenHash })
      .from(gateDevices)
      .where(eq(gateDevices.id, legacy.deviceId));
    await server.database.db
      .update(gateDevices)
      .set({
        pairedAt: new Date(),
        credentialHash: row?.tokenHash,
        credentialExpiresAt: new Date(Date.now() + HOUR_MS),
      })
      .where(eq(gateDevices.id, legacy.deviceId));
    const end = await expiryOf(legacy.deviceId);
    expect((await events(legacy.token)).status).toBe(200);
    const renewed = await fetch(`${server.baseUrl}/api/gate/pairing/renewal`, {
      method: 'POST',
      headers: asBearer(legacy.token),
    });
    expect(await renewed.json()).toEqual({ expiresAt: new Date(end).toISOString() });
    expect(await expiryOf(legacy.deviceId)).toBe(end);
    expect((await pairDevice(server.baseUrl, legacy.token)).status).toBe(409);
    await expireIn(legacy.deviceId, -1000);
    expect((await events(legacy.token)).status).toBe(401);
  });

  it('refuses a missing, unknown, expired or revoked credential (401) before reading the body', async () => {
    const expired = await addDevice('Θύρα 6 - ληγμένο');
    await expireIn(expired.deviceId, -1000);
    const revoked = await addDevice('Θύρα 6 - ανακλημένο');
    await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${revoked.deviceId}`);
    const spent = await registerDevice('Θύρα 6 - σύζευξη');
    expect((await pairDevice(server.baseUrl, spent.token)).status).toBe(200);
    const callers: Record<string, Record<string, string>> = {
      missing: {},
      unknown: asBearer('gatedev.unknown-credential-of-nobody'),
      expired: asBearer(expired.token),
      revoked: asBearer(revoked.token),
    };
    const bodies: Record<string, { type: string; body: string }> = {
      nul: { type: 'application/json', body: JSON.stringify({ eventId: ids.tonight, code: 'A\u0000B' }) },
      malformed: { type: 'application/json', body: '{"eventId": ' },
      invalid: { type: 'application/json', body: JSON.stringify({ eventId: -1, extra: true }) },
      notJson: { type: 'text/plain', body: 'hello' },
      huge: { type: 'application/json', body: `{"code":"${'9'.repeat(3 * 1024 * 1024)}"}` },
    };
    const outcomes: string[] = [];
    for (const [who, headers] of Object.entries(callers))
      for (const route of ['/api/gate/admissions', '/api/gate/admissions/batch', '/api/gate/pairing/renewal'])
        for (const [what, { type, body }] of Object.entries(bodies)) {
          const response = await fetch(`${server.baseUrl}${route}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': type },
            body,
          });
          outcomes.push(`${who} ${route} ${what}: ${response.status}`);
          // Nothing more of it is read: the connection closes after the answer.
          if (what === 'huge') expect(response.headers.get('connection')).toBe('close');
        }
    // Pairing with a spent token and any body: refused as spent (409), still before the body.
    for (const [what, { type, body }] of Object.entries(bodies)) {
      const response = await fetch(`${server.baseUrl}/api/gate/pairing`, {
        method: 'POST',
        headers: { ...asBearer(spent.token), 'content-type': type },
        body,
      });
      outcomes.push(`spent pairing ${what}: ${response.status}`);
    }
    expect(
      outcomes.filter((outcome) => !/: 401$/.test(outcome) && !/^spent pairing .*: 409$/.test(outcome)),
    ).toEqual([]);
  });
});

/**
 * A match after midnight (Athens) is part of tonight's match day: a device paired in the evening for
 * it lasts to its end plus the margin (issue #40: paired at 20:28Z, ended at 23:28Z mid-match of a
 * match from 22:27Z to 01:27Z). The margin is a day here, so that a match of tomorrow (Athens) starts
 * within it whatever the hour the test runs at.
 */
describe.each(engines)('a gate device credential across midnight on %s', (engine) => {
  const margin = 24 * HOUR_MS;
  const server = useTestServer(engine, { GATE_DEVICE_CREDENTIAL_MARGIN_HOURS: '24' });
  const { addDevice } = useGateFixture(server, { tonightSerials: [1] });

  it("lasts to the end of the club's match that starts after midnight (Athens), before it would end", async () => {
    // A minute after the next midnight in Athens: tomorrow there, within the day's margin from now.
    let midnight = Date.now();
    while (athensDate(midnight) === athensDate(Date.now())) midnight += 60_000;
    const startsAt = new Date(midnight + 60_000);
    const added = await putAsProvider(server.baseUrl, 'events', {
      events: [
        {
          externalId: 'after-midnight',
          description: 'Νυχτερινός αγώνας',
          startsAt: startsAt.toISOString(),
          venue: 'Κλειστό',
        },
      ],
    });
    expect(added.status).toBe(200);
    const clubMatches = await server.database.db
      .select({ startsAt: matches.startsAt })
      .from(matches)
      .where(and(eq(matches.organisationId, 'ae-olympiada'), eq(matches.seasonal, false)));

    const now = Date.now();
    const device = await addDevice('Θύρα 9 - κινητό');
    const [row] = await server.database.db
      .select({ expiresAt: gateDevices.credentialExpiresAt })
      .from(gateDevices)
      .where(eq(gateDevices.id, device.deviceId));
    const expiresAt = row?.expiresAt?.getTime() ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(
      startsAt.getTime() + EVENT_DURATION_MINUTES * 60_000 + margin - 1000,
    );
    expect(Math.abs(expiresAt - (matchDayEnd(clubMatches, now, margin) + margin))).toBeLessThan(30_000);
  });
});
