import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  GATES_OPEN_MINUTES_BEFORE,
  generateGateKeyPair,
  makeWalletCode,
  parseGateCode,
  parseWalletCredential,
  signPaperCode,
  verifyGateCode,
  verifyManifestSignature,
  type GateManifest,
} from '@tickets/domain';
import {
  auditLog,
  citizens,
  events,
  gateDoubleEntries,
  gateAdmissions,
  tickets,
  walletCredentials,
} from '../src/db/schema';
import {
  CARD,
  cardOf,
  CLUB_OFFICER,
  HOLDER,
  OTHER,
  PLATFORM_OFFICER,
  tonightTicket,
  useGateFixture,
  type GateDevice,
} from './support/gate';
import { firstError } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * The offline gate (docs/design.md §8 "Offline"; docs/gate-codes.md): a device fetches its fixture's
 * signed manifest, decides alone with `verifyGateCode`, and uploads its admissions later. Every rule
 * is checked through the real API, the decisions with the domain's own offline verifier.
 */
const BANNED_CARD = 'ΣΣ123456';
const SEASON_TICKET = '303000000001';

interface Results {
  results: { ticketCode: string; admittedAt: string; outcome: string; reason: string }[];
  refusals: { refusedAt: string; outcome: string }[];
}

/** An admission as a device uploads it: the code exactly as scanned, the ticket it named, the device's time. */
interface Uploaded {
  ticketCode: string;
  code: string;
  admittedAt: string;
}

describe.each(engines)('the offline gate on %s', (engine) => {
  // Every change shows in the next manifest at once (the rebuild interval is gate-manifest.test.ts's).
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: '0' });
  // The five people logged in; tonight's match with tickets tonightTicket(1) … tonightTicket(9).
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  });
  let base: string;
  const devices: Record<string, GateDevice> = {};
  /** The live print of each ticket, as last printed. */
  const prints: Record<string, string> = {};

  const gate = (method: string, route: string, bearer: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const fetchManifest = async (device = devices.one) => {
    const response = await gate('GET', `/api/gate/manifest?eventId=${ids.tonight}`, device?.token ?? '');
    expect(response.status).toBe(200);
    return (await response.json()) as GateManifest;
  };
  const decide = (code: string, manifest: GateManifest, now = new Date()) =>
    verifyGateCode(code, manifest, { eventId: ids.tonight ?? -1, now });
  const uploadAll = async (device: string, admissions: Uploaded[], refusals?: unknown[]) => {
    const response = await gate('POST', '/api/gate/admissions/batch', devices[device]?.token ?? '', {
      eventId: ids.tonight,
      admissions,
      refusals,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Results;
  };
  const upload = async (device: string, admissions: Uploaded[]) =>
    (await uploadAll(device, admissions)).results.map((result) => result.outcome);
  /** A ticket's live print, uploaded as admitted by a device at `admittedAt`. */
  const admittedBy = (ticketCode: string, admittedAt: string): Uploaded => ({
    ticketCode,
    code: prints[ticketCode] ?? '',
    admittedAt,
  });

  /** The ticket office's print of a ticket: a signed paper code, a new serial for each print. */
  const print = async (ticketCode: string, documentId = cardOf(ticketCode)) => {
    const privateCode = await personalize(ticketCode, documentId);
    expect(parseGateCode(privateCode)).toMatchObject({ kind: 'paper', ticketCode });
    prints[ticketCode] = privateCode;
    return privateCode;
  };
  /** A print of a ticket the office cannot bind (held in a wallet), made as the platform signs one. */
  const signPrint = async (ticketCode: string) => {
    const { db } = server.database;
    const [ticket] = await db.select().from(tickets).where(eq(tickets.publicCode, ticketCode));
    const serial = (ticket?.codeSerial ?? 0) + 1;
    const code = signPaperCode(
      { ticketCode, scopeEventId: ticket?.eventId ?? -1, serial },
      server.config.gateKeys.signer,
    );
    await db
      .update(tickets)
      .set({ privateCode: code, codeSerial: serial })
      .where(eq(tickets.publicCode, ticketCode));
    return code;
  };

  beforeAll(async () => {
    base = server.baseUrl;
    devices.one = await addDevice('Θύρα 3 - κινητό 1');
    devices.two = await addDevice('Θύρα 5 - κινητό 2');
    const all = await server.database.db.select().from(events);
    const elsewhere = all.find((event) => event.organisationId !== 'ae-olympiada');
    devices.foreign = await addDevice('Άλλος σύλλογος', PLATFORM_OFFICER, elsewhere?.organisationId);
    await print(tonightTicket(1));
  });

  it('gives the keys to pin, and a manifest signed with them that admits a printed ticket', async () => {
    const response = await gate('GET', '/api/gate/keys', devices.one?.token ?? '');
    const { keys } = (await response.json()) as { keys: { keyId: number; publicKey: string }[] };
    expect(keys).toEqual(server.config.gateKeys.trusted);
    const manifest = await fetchManifest();
    expect(manifest).toMatchObject({ eventId: ids.tonight, seasonId: ids['demo-season'] });
    expect(verifyManifestSignature(manifest, keys)).toBe(true);
    expect(
      verifyManifestSignature(manifest, [{ keyId: 1, publicKey: generateGateKeyPair().publicKey }]),
    ).toBe(false);
    expect(verifyManifestSignature({ ...manifest, createdAt: new Date(0).toISOString() }, keys)).toBe(false);

    expect(decide(prints[tonightTicket(1)] ?? '', manifest)).toMatchObject({
      ok: true,
      kind: 'paper',
      ticketCode: tonightTicket(1),
      holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
      documentType: 'NATIONAL_ID',
      documentHint: '654',
      seat: 'Θύρα 3, Σειρά 4, Θέση 1',
    });
    // A season ticket's holder, by the code the phone signs for tonight.
    const holdersCode = await walletCode(HOLDER, SEASON_TICKET);
    expect(decide(holdersCode ?? '', await fetchManifest())).toMatchObject({
      ok: true,
      kind: 'wallet',
      holderName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
    });
    // The same data twice is the same manifest; a change makes a new one.
    const again = await fetchManifest();
    expect(again.salt).toBe((await fetchManifest()).salt);
  });

  it('refuses a holder suspended before the fetch, and an old print once reprinted', async () => {
    const banned = await print(tonightTicket(2), BANNED_CARD);
    expect(decide(banned, await fetchManifest()).ok).toBe(true);
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      documentId: 'σσ 123-456',
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    expect(decide(banned, await fetchManifest())).toMatchObject({
      ok: false,
      reason: 'SUSPENDED',
      holder: { holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ' },
    });

    const first = await print(tonightTicket(3));
    const before = await fetchManifest();
    expect(decide(first, before).ok).toBe(true);
    const second = await print(tonightTicket(3)); // the same person again: a reprint
    expect(second).not.toBe(first);
    // The manifest fetched before knows nothing of it; the next one does.
    expect(decide(first, before).ok).toBe(true);
    const after = await fetchManifest();
    expect(decide(first, after)).toMatchObject({ ok: false, reason: 'REVOKED' });
    expect(decide(second, after)).toMatchObject({ ok: true, holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ' });
    expect(after.revokedPaperCodes).toContainEqual({
      ticketCode: tonightTicket(3),
      serial:
        parseGateCode(first)?.kind === 'paper' ? (parseGateCode(first) as { serial: number }).serial : 0,
    });
  });

  it('refuses another event’s print, and a young minor without a companion', async () => {
    const derby = await print('301000000070');
    expect(decide(derby, await fetchManifest())).toMatchObject({ ok: false, reason: 'WRONG_EVENT' });

    const [anna] = await server.database.db
      .select()
      .from(citizens)
      .where(and(sql`${citizens.afm} is null`, eq(citizens.firstName, 'ΑΝΝΑ')));
    await server.database.db
      .update(tickets)
      .set({ holderAmka: anna?.amka })
      .where(eq(tickets.publicCode, tonightTicket(4)));
    const minors = await signPrint(tonightTicket(4));
    expect(decide(minors, await fetchManifest())).toMatchObject({
      ok: false,
      reason: 'COMPANION_REQUIRED',
      holder: { holderName: 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ' },
    });
  });

  it('on a lent fixture: the holder’s print is not for it, the recipient’s codes admit the recipient', async () => {
    // The season ticket's holder has a print too (made here: it is bound by ΑΦΜ, in a wallet).
    const holdersPrint = await signPrint(SEASON_TICKET);
    const holdersCode = await walletCode(HOLDER, SEASON_TICKET);
    const loan = await call(HOLDER, 'POST', `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      recipientAfm: OTHER,
      eventId: ids.tonight,
    });
    expect(loan.status).toBe(200);
    const { transferId } = (await loan.json()) as { transferId: string };
    expect((await call(OTHER, 'POST', `/api/wallet/transfers/${transferId}/accept`)).status).toBe(200);

    // The recipient's phone registers for tonight (the wallet's device-key call).
    const phone = generateGateKeyPair();
    const registered = await call(OTHER, 'POST', `/api/wallet/tickets/${SEASON_TICKET}/device-key`, {
      publicKey: phone.publicKey,
    });
    expect(registered.status).toBe(200);
    const { credential } = (await registered.json()) as { credential: string };
    const credentialId = parseWalletCredential(credential)?.credentialId ?? -1;
    const { db } = server.database;

    const manifest = await fetchManifest();
    expect(decide(holdersPrint, manifest)).toMatchObject({ ok: false, reason: 'NOT_FOR_THIS_EVENT' });
    // The holder's phone carries the season ticket, but not the fixture lent.
    expect(decide(holdersCode ?? '', manifest)).toMatchObject({ ok: false, reason: 'NOT_FOR_THIS_EVENT' });
    const now = new Date();
    const phonesCode = makeWalletCode({ credential, secretKey: phone.secretKey, now });
    expect(decide(phonesCode, manifest, now)).toMatchObject({
      ok: true,
      kind: 'wallet',
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
      documentHint: null,
    });

    // A replaced phone's credential is revoked, by id, from the next manifest on.
    await db
      .update(walletCredentials)
      .set({ revokedAt: new Date() })
      .where(eq(walletCredentials.id, credentialId));
    const later = await fetchManifest();
    expect(later.revokedCredentialIds).toContain(credentialId);
    expect(decide(phonesCode, later, now)).toMatchObject({ ok: false, reason: 'REVOKED' });
  });

  it('puts nothing personal in clear in the manifest, and is only for the device’s own club', async () => {
    const text = JSON.stringify(await fetchManifest());
    const people = await server.database.db.select().from(citizens);
    const secrets = [
      CARD,
      BANNED_CARD,
      'ΠΑΠΑΔΑΚΗΣ',
      ...people.flatMap((person) => [person.afm, person.amka, person.lastName, person.firstName]),
    ].filter((secret): secret is string => secret !== null);
    for (const secret of secrets)
      expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z_-])${secret}(?![0-9A-Za-z_-])`));
    expect(text).not.toMatch(/AFM:|AMKA:|DOC:|NAME:/);
    expect(text).not.toMatch(/[^\x20-\x7e]/); // ASCII only: no Greek name, no seat

    const foreign = await gate(
      'GET',
      `/api/gate/manifest?eventId=${ids.tonight}`,
      devices.foreign?.token ?? '',
    );
    expect(foreign.status).toBe(404);
    expect((await firstError(foreign))?.code).toBe('EVENT_NOT_FOUND');
    const foreignUpload = await gate('POST', '/api/gate/admissions/batch', devices.foreign?.token ?? '', {
      eventId: ids.tonight,
      admissions: [admittedBy(tonightTicket(1), new Date().toISOString())],
    });
    expect((await firstError(foreignUpload))?.code).toBe('EVENT_NOT_FOUND');
  });

  it('records uploaded admissions once, and reports a ticket admitted by two offline devices as a double entry', async () => {
    const { db } = server.database;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const firstAt = at(10);
    const againAt = at(4);
    await print(tonightTicket(5));
    const batch = [
      admittedBy(tonightTicket(5), firstAt),
      { ticketCode: '999999999999', code: '999999999999', admittedAt: firstAt },
      admittedBy('301000000070', firstAt), // the derby's: not for tonight
    ];
    expect(await upload('one', batch)).toEqual(['RECORDED', 'NOT_RECORDED', 'NOT_RECORDED']);
    // Tonight's only: the demo's played match has offline admissions and a double entry of its own.
    const tonights = and(eq(gateAdmissions.offline, true), eq(gateAdmissions.eventId, ids.tonight ?? -1));
    const counted = async () => ({
      admissions: (await db.select().from(gateAdmissions).where(tonights)).length,
      doubles: (
        await db
          .select()
          .from(gateDoubleEntries)
          .innerJoin(gateAdmissions, eq(gateAdmissions.id, gateDoubleEntries.admissionId))
          .where(tonights)
      ).length,
      audit: (
        await db
          .select()
          .from(auditLog)
          .where(
            sql`(${auditLog.action} like 'GATE_%OFFLINE' or ${auditLog.action} = 'GATE_DOUBLE_ENTRY')
              and (${auditLog.details} ->> 'eventId')::bigint = ${ids.tonight ?? -1}`,
          )
      ).length,
    });
    const once = await counted();
    expect(once).toEqual({ admissions: 1, doubles: 0, audit: 1 });
    // Sent again (the answer was lost): nothing changes.
    expect(await upload('one', batch)).toEqual(['ALREADY_RECORDED', 'NOT_RECORDED', 'NOT_RECORDED']);
    expect(await counted()).toEqual(once);

    // The other device, offline too, let the same ticket in later; it uploads twice.
    const second = [admittedBy(tonightTicket(5), againAt)];
    expect(await upload('two', second)).toEqual(['DOUBLE_ENTRY']);
    expect(await upload('two', second)).toEqual(['DOUBLE_ENTRY']);
    expect(await counted()).toEqual({ admissions: 1, doubles: 1, audit: 2 });
    const [admission] = await db.select().from(gateAdmissions).where(tonights);
    expect(admission).toMatchObject({ deviceId: devices.one?.deviceId, offline: true });
    expect(admission?.admittedAt.toISOString()).toBe(firstAt);

    const counts = await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-counts?eventId=${ids.tonight}`);
    const figures = (await counts.json()) as {
      admitted: number;
      doubleEntries: unknown[];
      lastScanAt: string;
    };
    expect(figures.doubleEntries).toEqual([
      {
        ticketCode: tonightTicket(5),
        first: { device: 'Θύρα 3 - κινητό 1', at: firstAt },
        again: { device: 'Θύρα 5 - κινητό 2', at: againAt },
      },
    ]);
    expect(figures.admitted).toBe(1);
    expect(figures.lastScanAt).toBe(againAt);
    // Scanned online afterwards, the ticket has entered already.
    const online = await gate('POST', '/api/gate/admissions', devices.two?.token ?? '', {
      eventId: ids.tonight,
      code: await print(tonightTicket(6)),
    });
    expect(((await online.json()) as { reason: string }).reason).toBe('ADMITTED');
    expect(await upload('one', [admittedBy(tonightTicket(6), at(1))])).toEqual(['DOUBLE_ENTRY']);
    // Each kept with the digest of the code it was made with, never the code itself.
    const proofs = await db
      .select({ digest: gateAdmissions.proofDigest })
      .from(gateAdmissions)
      .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
      .where(eq(tickets.publicCode, tonightTicket(5)));
    expect(proofs).toEqual([
      {
        digest: createHash('sha256')
          .update(prints[tonightTicket(5)] ?? '')
          .digest('base64url'),
      },
    ]);
    const doubled = await db.select({ digest: gateDoubleEntries.proofDigest }).from(gateDoubleEntries);
    expect(doubled.every((row) => row.digest?.length === 43)).toBe(true);
  });

  it('names as «Πρώτη είσοδος» the device that admitted first, whichever uploaded first', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const earlier = at(9);
    const later = at(3);
    await print(tonightTicket(9));
    // The device that admitted later had its network back first.
    expect(await upload('two', [admittedBy(tonightTicket(9), later)])).toEqual(['RECORDED']);
    expect(await upload('one', [admittedBy(tonightTicket(9), earlier)])).toEqual(['DOUBLE_ENTRY']);

    const counts = await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-counts?eventId=${ids.tonight}`);
    const { doubleEntries } = (await counts.json()) as {
      doubleEntries: { ticketCode: string; first: unknown; again: { at: string } }[];
    };
    expect(doubleEntries.find((entry) => entry.ticketCode === tonightTicket(9))).toEqual({
      ticketCode: tonightTicket(9),
      first: { device: 'Θύρα 3 - κινητό 1', at: earlier },
      again: { device: 'Θύρα 5 - κινητό 2', at: later },
    });
    // The list in the order the second entries happened.
    const seconds = doubleEntries.map((entry) => Date.parse(entry.again.at));
    expect(seconds).toEqual([...seconds].sort((one, other) => one - other));
  });

  it('records nothing a device token alone could make up: each row verified by its code, a reason for each', async () => {
    const { db } = server.database;
    const [tonight] = await db
      .select()
      .from(events)
      .where(eq(events.id, ids.tonight ?? -1));
    const startsAt = tonight?.startsAt.getTime() ?? 0;
    const iso = (time: number) => new Date(time).toISOString();
    const recordedAt = iso(Date.now() - 5 * 60_000);
    await print(tonightTicket(7));
    await print(tonightTicket(8));
    // OTHER's phone, registered for OTHER's season ticket.
    const phone = generateGateKeyPair();
    const registered = await call(OTHER, 'POST', '/api/wallet/tickets/303000000002/device-key', {
      publicKey: phone.publicKey,
    });
    const { credential } = (await registered.json()) as { credential: string };
    const signedAt = (time: number) =>
      makeWalletCode({ credential, secretKey: phone.secretKey, now: new Date(time) });
    const wallet = (code: string, admittedAt: string): Uploaded => ({
      ticketCode: '303000000002',
      code,
      admittedAt,
    });

    const forged = [
      // The number printed on every ticket is no code.
      { ticketCode: tonightTicket(7), code: tonightTicket(7), admittedAt: recordedAt },
      // Another ticket's code, said to be this one's.
      { ticketCode: tonightTicket(7), code: prints[tonightTicket(8)] ?? '', admittedAt: recordedAt },
      // A phone's code signed more than a minute before the time recorded.
      wallet(signedAt(Date.parse(recordedAt) - 2 * 60_000), recordedAt),
      // Times outside the fixture's gates, or ahead of the server's clock.
      admittedBy(tonightTicket(7), iso(startsAt - (GATES_OPEN_MINUTES_BEFORE + 1) * 60_000)),
      admittedBy(tonightTicket(7), '2020-01-01T12:00:00.000Z'),
      admittedBy(tonightTicket(7), '2030-01-01T12:00:00.000Z'),
      admittedBy(tonightTicket(7), iso(Date.now() + 30 * 60_000)),
    ];
    const answer = await uploadAll('one', forged);
    expect(answer.results.map(({ outcome, reason }) => [outcome, reason])).toEqual([
      ['NOT_RECORDED', 'UNKNOWN_CODE'],
      ['NOT_RECORDED', 'UNKNOWN_CODE'],
      ['NOT_RECORDED', 'CODE_EXPIRED'],
      ['NOT_RECORDED', 'NOT_OPEN_YET'],
      ['NOT_RECORDED', 'NOT_OPEN_YET'],
      ['NOT_RECORDED', 'EVENT_OVER'],
      ['NOT_RECORDED', 'RECORDED_IN_FUTURE'],
    ]);
    const admissionsOf = async (ticketCode: string) =>
      db
        .select({ id: gateAdmissions.id })
        .from(gateAdmissions)
        .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
        .where(eq(tickets.publicCode, ticketCode));
    expect(await admissionsOf(tonightTicket(7))).toEqual([]);
    expect(await admissionsOf(tonightTicket(8))).toEqual([]);
    expect(await admissionsOf('303000000002')).toEqual([]);

    // The real holders then enter, online, unhindered.
    const online = await gate('POST', '/api/gate/admissions', devices.two?.token ?? '', {
      eventId: ids.tonight,
      code: prints[tonightTicket(7)],
    });
    expect(((await online.json()) as { reason: string }).reason).toBe('ADMITTED');

    // A phone's code shown offline, within its minute: recorded once, however often uploaded.
    const shown = wallet(signedAt(Date.parse(recordedAt) - 20_000), recordedAt);
    expect((await uploadAll('one', [shown])).results[0]).toMatchObject({
      outcome: 'RECORDED',
      reason: 'ADMITTED',
    });
    expect((await uploadAll('one', [shown])).results[0]).toMatchObject({
      outcome: 'ALREADY_RECORDED',
      reason: 'ADMITTED',
    });
    expect(await admissionsOf('303000000002')).toHaveLength(1);
  });

  it('counts the refusals a device decided offline, by reason, once each', async () => {
    const counts = async () =>
      (
        (await (
          await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-counts?eventId=${ids.tonight}`)
        ).json()) as { refused: Record<string, number> }
      ).refused;
    const before = await counts();
    const refusedAt = new Date(Date.now() - 60_000).toISOString();
    const refusals = [
      { code: prints[tonightTicket(2)], reason: 'SUSPENDED', refusedAt },
      { code: 'ΑΓΝΩΣΤΟ', reason: 'UNKNOWN_CODE', refusedAt },
    ];
    const first = await uploadAll('one', [], refusals);
    expect(first).toEqual({
      results: [],
      refusals: refusals.map(() => ({ refusedAt, outcome: 'RECORDED' })),
    });
    const again = await uploadAll('one', [], refusals);
    expect(again.refusals.map((refusal) => refusal.outcome)).toEqual([
      'ALREADY_RECORDED',
      'ALREADY_RECORDED',
    ]);
    const after = await counts();
    expect(after.SUSPENDED).toBe((before.SUSPENDED ?? 0) + 1);
    expect(after.UNKNOWN_CODE).toBe((before.UNKNOWN_CODE ?? 0) + 1);
    // A reason the device could not have given is refused as a whole.
    const bad = await gate('POST', '/api/gate/admissions/batch', devices.one?.token ?? '', {
      eventId: ids.tonight,
      admissions: [],
      refusals: [{ code: 'X', reason: 'ADMITTED', refusedAt }],
    });
    expect(bad.status).toBe(400);
  });

  it('refuses an upload from a revoked device, and a malformed one', async () => {
    const spare = await addDevice('Εφεδρική');
    devices.spare = spare;
    expect(await upload('spare', [admittedBy(tonightTicket(1), new Date().toISOString())])).toEqual([
      'RECORDED',
    ]);
    expect(
      (await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${spare.deviceId}`)).status,
    ).toBe(200);
    const refused = await gate('POST', '/api/gate/admissions/batch', spare.token, {
      eventId: ids.tonight,
      admissions: [admittedBy(tonightTicket(2), new Date().toISOString())],
    });
    expect(refused.status).toBe(401);
    expect((await firstError(refused))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    expect((await gate('GET', `/api/gate/manifest?eventId=${ids.tonight}`, spare.token)).status).toBe(401);

    const now = new Date().toISOString();
    for (const admissions of [
      [],
      [{ ticketCode: '12', code: prints[tonightTicket(1)], admittedAt: now }],
      [{ ...admittedBy(tonightTicket(1), now), admittedAt: 'yesterday' }],
      // The old form, a ticket number and a time without the code: refused as a whole.
      [{ ticketCode: tonightTicket(1), admittedAt: now }],
      [{ ...admittedBy(tonightTicket(1), now), code: 'x'.repeat(600) }],
      Array.from({ length: 501 }, () => admittedBy(tonightTicket(1), now)),
    ]) {
      const bad = await gate('POST', '/api/gate/admissions/batch', devices.one?.token ?? '', {
        eventId: ids.tonight,
        admissions,
      });
      expect(bad.status).toBe(400);
    }
  });

  it('answers 304 to a device whose copy is current, and the whole manifest once it changed', async () => {
    const route = `/api/gate/manifest?eventId=${ids.tonight}`;
    const token = devices.one?.token ?? '';
    const conditional = (tag: string) =>
      fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': tag } });
    const first = await gate('GET', route, token);
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const held = (await first.json()) as GateManifest;

    const unchanged = await conditional(tag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(tag);
    expect(await unchanged.text()).toBe('');
    // Another device's copy of the same data (a list of tags, or the strong form) is current too.
    expect((await conditional(`W/"older", ${tag.slice(2)}`)).status).toBe(304);
    expect((await conditional('W/"older"')).status).toBe(200);

    // A reprint after the fetch: the next refresh gets the new manifest, which revokes the old print.
    const reprint = await print(tonightTicket(1));
    const changed = await conditional(tag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    const fresh = (await changed.json()) as GateManifest;
    expect(decide(reprint, held).ok).toBe(false);
    expect(decide(reprint, fresh).ok).toBe(true);
    // Another device asks with an old tag, or none: never a 304 for a copy that is not current.
    expect((await conditional('')).status).toBe(200);
  });
});
