import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, validationMessages } from '@tickets/domain';
import { gateAdmissions, gateDoubleEntries, tickets } from '../src/db/schema';
import { tonightTicket, useGateFixture, type GateDevice } from './support/gate';
import { firstError } from './support/login';
import { startLostAnswerProxy, type LostAnswerProxy } from './support/lost-answer-proxy';
import { engines, startSecondServer, useTestServer } from './support/test-server';

/**
 * A scan is answered once (docs/design.md §8, issue #51 item 3): a device sends each scan with its own
 * idempotency key; a retry of a scan whose answer was lost after the server recorded the admission is
 * answered with that admission, not ALREADY_ADMITTED; a real second scan still is; and an offline
 * upload of that scan, decided again by the device, is that admission, not a double entry.
 */

interface Answer {
  decision: string;
  reason: string;
  message: string;
  admissionId: string | null;
  holderName: string | null;
  seat: string | null;
  admittedAt: string | null;
  admittedBy: string | null;
}

interface Results {
  results: { ticketCode: string; admittedAt: string; outcome: string; reason: string }[];
}

describe.each(engines)('a scan answered once on %s', (engine) => {
  const server = useTestServer(engine);
  const { ids, personalize, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6, 7, 8],
  });
  const devices: Record<'one' | 'two', GateDevice> = {} as Record<'one' | 'two', GateDevice>;
  let proxy: LostAnswerProxy | undefined;

  const post = (url: string, route: string, device: GateDevice, body: unknown, key?: string) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${device.token}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
      },
      body: JSON.stringify(body),
    });
  const scan = async (code: string, key?: string, device = devices.one, url = server.baseUrl) => {
    const response = await post(url, '/api/gate/admissions', device, { eventId: ids.tonight, code }, key);
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  /** The live admissions of a ticket tonight, as the database holds them. */
  const admissionsOf = async (ticketCode: string) =>
    server.database.db
      .select({
        id: gateAdmissions.id,
        admittedAt: gateAdmissions.admittedAt,
        deviceId: gateAdmissions.deviceId,
        idempotencyKey: gateAdmissions.idempotencyKey,
        offline: gateAdmissions.offline,
      })
      .from(gateAdmissions)
      .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
      .where(and(eq(tickets.publicCode, ticketCode), eq(gateAdmissions.eventId, ids.tonight ?? -1)));
  /** Polls until the admission is recorded (committed: another connection sees it). */
  const recorded = async (ticketCode: string) => {
    for (let tries = 0; tries < 500; tries += 1) {
      const [found] = await admissionsOf(ticketCode);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${ticketCode} was never admitted`);
  };
  /** A scan whose answer is lost: the request reaches the server, the connection is cut once it committed. */
  const scanLosingTheAnswer = async (code: string, ticketCode: string, key: string) => {
    if (!proxy) throw new Error('the proxy starts in beforeAll');
    const { baseUrl, cut } = proxy;
    const sent = post(baseUrl, '/api/gate/admissions', devices.one, { eventId: ids.tonight, code }, key);
    const admission = await recorded(ticketCode);
    cut();
    await expect(sent).rejects.toThrow();
    return admission;
  };
  const upload = async (device: GateDevice, admissions: unknown[]) => {
    const response = await post(server.baseUrl, '/api/gate/admissions/batch', device, {
      eventId: ids.tonight,
      admissions,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Results).results.map((result) => result.outcome);
  };

  beforeAll(async () => {
    devices.one = await addDevice('Θύρα 3 - κινητό 1');
    devices.two = await addDevice('Θύρα 5 - κινητό 2');
    proxy = await startLostAnswerProxy(server.baseUrl);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('answers a retry of a scan whose answer was lost with its admission; another key, or none, is a second scan', async () => {
    const ticketCode = tonightTicket(1);
    const code = await personalize(ticketCode);
    const key = randomUUID();
    const stored = await scanLosingTheAnswer(code, ticketCode, key);
    expect(stored).toMatchObject({ deviceId: devices.one.deviceId, idempotencyKey: key, offline: false });

    // The steward's screen sends the same scan again, with its key: the first decision.
    const retried = await scan(code, key);
    expect(retried).toMatchObject({
      decision: 'ADMIT',
      reason: 'ADMITTED',
      admissionId: stored.id,
      admittedAt: stored.admittedAt.toISOString(),
      admittedBy: 'Θύρα 3 - κινητό 1',
      holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
      seat: 'Θύρα 3, Σειρά 4, Θέση 1',
    });
    expect(await scan(code, key)).toEqual(retried);
    expect(await admissionsOf(ticketCode)).toHaveLength(1);

    // A real second scan of the ticket: a new key, no key, or the same key from another device.
    for (const [again, device] of [
      [randomUUID(), devices.one],
      [undefined, devices.one],
      [key, devices.two],
    ] as const) {
      expect(await scan(code, again, device)).toMatchObject({
        decision: 'REFUSE',
        reason: 'ALREADY_ADMITTED',
        admissionId: null,
        admittedAt: stored.admittedAt.toISOString(),
        admittedBy: 'Θύρα 3 - κινητό 1',
      });
    }
    // The key names a scan of this ticket: sent with another ticket's code, it is no retry of it.
    const other = await personalize(tonightTicket(2));
    const reused = await scan(other, key);
    expect(reused).toMatchObject({ decision: 'ADMIT', reason: 'ADMITTED' });
    expect(reused.admissionId).not.toBe(stored.id);
  });

  it('refuses a malformed key with a Greek message, and scans as before without one', async () => {
    const code = await personalize(tonightTicket(3));
    for (const bad of ['', 'clé', 'a b', 'x'.repeat(65), 'key/1']) {
      const response = await post(
        server.baseUrl,
        '/api/gate/admissions',
        devices.one,
        { eventId: ids.tonight, code },
        bad,
      );
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(await firstError(response)).toEqual({
        code: 'VALIDATION_ERROR',
        description: validationMessages.idempotencyKey,
      });
    }
    expect(await admissionsOf(tonightTicket(3))).toEqual([]);
    const first = await scan(code);
    expect(first.decision).toBe('ADMIT');
    expect(await admissionsOf(tonightTicket(3))).toMatchObject([{ idempotencyKey: null }]);
    expect((await scan(code)).reason).toBe('ALREADY_ADMITTED');
    expect((await scan(code, 'x'.repeat(64))).reason).toBe('ALREADY_ADMITTED');
  });

  it('answers a retry sent while the first is still being recorded with the same admission', async () => {
    const code = await personalize(tonightTicket(4));
    const key = randomUUID();
    const answers = await Promise.all([scan(code, key), scan(code, key), scan(code, key)]);
    const [first] = await admissionsOf(tonightTicket(4));
    for (const answer of answers)
      expect(answer).toMatchObject({
        decision: 'ADMIT',
        admissionId: first?.id,
        admittedAt: first?.admittedAt.toISOString(),
      });
    expect(await admissionsOf(tonightTicket(4))).toHaveLength(1);
  });

  it.runIf(engine === 'postgres')(
    'answers the same admission when a balancer sends the retry to another process at once',
    async () => {
      const second = await startSecondServer(server);
      try {
        const code = await personalize(tonightTicket(5));
        const key = randomUUID();
        const answers = await Promise.all([
          scan(code, key),
          scan(code, key, devices.one, second.baseUrl),
          scan(code, key, devices.one, second.baseUrl),
          scan(code, key),
        ]);
        const [first] = await admissionsOf(tonightTicket(5));
        expect(new Set(answers.map((answer) => `${answer.decision} ${answer.admissionId}`))).toEqual(
          new Set([`ADMIT ${first?.id}`]),
        );
      } finally {
        await second.close();
      }
    },
  );

  it('takes an uploaded row with the key of the admission recorded online as that admission, not a double entry', async () => {
    const { db } = server.database;
    const lost = tonightTicket(6);
    const lostCode = await personalize(lost);
    const key = randomUUID();
    // Admitted online, the answer lost; the device, unanswered, decided the scan again offline.
    const online = await scanLosingTheAnswer(lostCode, lost, key);
    // Another ticket admitted online earlier, by another device: admitted offline here too, a double entry.
    const twice = tonightTicket(7);
    const twiceCode = await personalize(twice);
    expect((await scan(twiceCode, randomUUID(), devices.two)).decision).toBe('ADMIT');
    // A ticket the server had not seen, decided offline on a scan the server never received.
    const fresh = tonightTicket(8);
    const freshCode = await personalize(fresh);
    const freshKey = randomUUID();
    const now = new Date().toISOString();
    const rows = [
      { ticketCode: lost, code: lostCode, admittedAt: now, idempotencyKey: key },
      { ticketCode: twice, code: twiceCode, admittedAt: now, idempotencyKey: randomUUID() },
      { ticketCode: fresh, code: freshCode, admittedAt: now, idempotencyKey: freshKey },
    ];
    expect(await upload(devices.one, rows)).toEqual(['ALREADY_RECORDED', 'DOUBLE_ENTRY', 'RECORDED']);
    // Sent again (its answer lost too): nothing changes.
    expect(await upload(devices.one, rows)).toEqual(['ALREADY_RECORDED', 'DOUBLE_ENTRY', 'ALREADY_RECORDED']);
    // Tonight's: the demo's played match has a double entry of its own.
    const doubles = await db
      .select({ admissionId: gateDoubleEntries.admissionId })
      .from(gateDoubleEntries)
      .innerJoin(gateAdmissions, eq(gateAdmissions.id, gateDoubleEntries.admissionId))
      .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
      .where(eq(gateAdmissions.eventId, ids.tonight ?? -1));
    const [twiceAdmission] = await admissionsOf(twice);
    expect(doubles).toEqual([{ admissionId: twiceAdmission?.id }]);
    expect(await admissionsOf(lost)).toEqual([online]);

    // The same key from another device is no retry of this device's scan: a double entry.
    expect(await upload(devices.two, [{ ...rows[0], admittedAt: new Date().toISOString() }])).toEqual([
      'DOUBLE_ENTRY',
    ]);
    // Undone by the steward, the scan's admission is still that scan's: neither a late upload of it nor
    // a late retry lets the ticket in again.
    const undo = await fetch(`${server.baseUrl}/api/gate/admissions/${online.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${devices.one.token}` },
    });
    expect(undo.status).toBe(200);
    expect(await upload(devices.one, [{ ...rows[0], admittedAt: new Date().toISOString() }])).toEqual([
      'ALREADY_RECORDED',
    ]);
    expect(await scan(lostCode, key)).toMatchObject({ decision: 'ADMIT', admissionId: online.id });
    expect(await admissionsOf(lost)).toHaveLength(1);

    // The admission recorded from the upload keeps its key: the online scan's late retry is answered it.
    const [offline] = await admissionsOf(fresh);
    expect(offline).toMatchObject({
      offline: true,
      idempotencyKey: freshKey,
      deviceId: devices.one.deviceId,
    });
    expect(await scan(freshCode, freshKey)).toMatchObject({
      decision: 'ADMIT',
      admissionId: offline?.id,
      admittedAt: now,
    });
  });
});
