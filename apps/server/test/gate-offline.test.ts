import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  generateGateKeyPair,
  issueWalletCredential,
  makeWalletCode,
  parseGateCode,
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
  results: { ticketCode: string; admittedAt: string; outcome: string }[];
}

describe.each(engines)('the offline gate on %s', (engine) => {
  const server = useTestServer(engine);
  // The five people logged in; tonight's match with tickets tonightTicket(1) … tonightTicket(6).
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6],
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
  const upload = async (device: string, admissions: { ticketCode: string; admittedAt: string }[]) => {
    const response = await gate('POST', '/api/gate/admissions/batch', devices[device]?.token ?? '', {
      eventId: ids.tonight,
      admissions,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Results).results.map((result) => result.outcome);
  };

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
    // A season ticket's holder, by the wallet's code for tonight.
    const holdersCode = await walletCode(HOLDER, SEASON_TICKET);
    expect(decide(holdersCode ?? '', await fetchManifest())).toMatchObject({
      ok: true,
      kind: 'random',
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

    // The recipient's phone holds a credential for tonight (as the wallet's device-key call issues).
    const phone = generateGateKeyPair();
    const { db } = server.database;
    const [row] = await db
      .insert(walletCredentials)
      .values({
        ticketId: (await db.select().from(tickets).where(eq(tickets.publicCode, SEASON_TICKET)))[0]?.id ?? -1,
        scopeEventId: ids.tonight ?? -1,
        issuedTo: OTHER,
        devicePublicKey: phone.publicKey,
        credential: 'pending',
      })
      .returning();
    const credential = issueWalletCredential(
      {
        ticketCode: SEASON_TICKET,
        scopeEventId: ids.tonight ?? -1,
        credentialId: row?.id ?? -1,
        devicePublicKey: phone.publicKey,
        issuedAt: new Date(),
      },
      server.config.gateKeys.signer,
    );
    await db
      .update(walletCredentials)
      .set({ credential })
      .where(eq(walletCredentials.id, row?.id ?? -1));

    // The wallet issues its gate code when first shown: before the device's fetch.
    const recipientsCode = await walletCode(OTHER, SEASON_TICKET);
    const manifest = await fetchManifest();
    expect(decide(holdersPrint, manifest)).toMatchObject({ ok: false, reason: 'NOT_FOR_THIS_EVENT' });
    // The holder's wallet code was revoked when the loan was accepted.
    expect(decide(holdersCode ?? '', manifest)).toMatchObject({ ok: false, reason: 'UNKNOWN_CODE' });
    expect(decide(recipientsCode ?? '', manifest)).toMatchObject({
      ok: true,
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
      documentHint: null,
    });
    const now = new Date();
    const phonesCode = makeWalletCode({ credential, secretKey: phone.secretKey, now });
    expect(decide(phonesCode, manifest, now)).toMatchObject({
      ok: true,
      kind: 'wallet',
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
    });

    // A replaced phone's credential is revoked, by id, from the next manifest on.
    await db
      .update(walletCredentials)
      .set({ revokedAt: new Date() })
      .where(eq(walletCredentials.id, row?.id ?? -1));
    const later = await fetchManifest();
    expect(later.revokedCredentialIds).toContain(row?.id);
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
      admissions: [{ ticketCode: tonightTicket(1), admittedAt: new Date().toISOString() }],
    });
    expect((await firstError(foreignUpload))?.code).toBe('EVENT_NOT_FOUND');
  });

  it('records uploaded admissions once, and reports a ticket admitted by two offline devices as a double entry', async () => {
    const { db } = server.database;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const firstAt = at(10);
    const againAt = at(4);
    const batch = [
      { ticketCode: tonightTicket(5), admittedAt: firstAt },
      { ticketCode: '999999999999', admittedAt: firstAt },
      { ticketCode: '301000000070', admittedAt: firstAt }, // the derby's: not for tonight
    ];
    expect(await upload('one', batch)).toEqual(['RECORDED', 'UNKNOWN_TICKET', 'UNKNOWN_TICKET']);
    const counted = async () => ({
      admissions: (await db.select().from(gateAdmissions).where(eq(gateAdmissions.offline, true))).length,
      doubles: (await db.select().from(gateDoubleEntries)).length,
      audit: (
        await db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.action} like 'GATE_%OFFLINE' or ${auditLog.action} = 'GATE_DOUBLE_ENTRY'`)
      ).length,
    });
    const once = await counted();
    expect(once).toEqual({ admissions: 1, doubles: 0, audit: 1 });
    // Sent again (the answer was lost): nothing changes.
    expect(await upload('one', batch)).toEqual(['ALREADY_RECORDED', 'UNKNOWN_TICKET', 'UNKNOWN_TICKET']);
    expect(await counted()).toEqual(once);

    // The other device, offline too, let the same ticket in later; it uploads twice.
    const second = [{ ticketCode: tonightTicket(5), admittedAt: againAt }];
    expect(await upload('two', second)).toEqual(['DOUBLE_ENTRY']);
    expect(await upload('two', second)).toEqual(['DOUBLE_ENTRY']);
    expect(await counted()).toEqual({ admissions: 1, doubles: 1, audit: 2 });
    const [admission] = await db.select().from(gateAdmissions).where(eq(gateAdmissions.offline, true));
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
    expect(await upload('one', [{ ticketCode: tonightTicket(6), admittedAt: at(1) }])).toEqual([
      'DOUBLE_ENTRY',
    ]);
  });

  it('refuses an upload from a revoked device, and a malformed one', async () => {
    const spare = await addDevice('Εφεδρική');
    devices.spare = spare;
    expect(
      await upload('spare', [{ ticketCode: tonightTicket(1), admittedAt: new Date().toISOString() }]),
    ).toEqual(['RECORDED']);
    expect(
      (await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${spare.deviceId}`)).status,
    ).toBe(200);
    const refused = await gate('POST', '/api/gate/admissions/batch', spare.token, {
      eventId: ids.tonight,
      admissions: [{ ticketCode: tonightTicket(2), admittedAt: new Date().toISOString() }],
    });
    expect(refused.status).toBe(401);
    expect((await firstError(refused))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    expect((await gate('GET', `/api/gate/manifest?eventId=${ids.tonight}`, spare.token)).status).toBe(401);

    for (const admissions of [
      [],
      [{ ticketCode: '12', admittedAt: new Date().toISOString() }],
      [{ ticketCode: tonightTicket(1), admittedAt: 'yesterday' }],
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
