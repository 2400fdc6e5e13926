import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseGateCode, validationMessages, verifyGateCodeSignatures } from '@tickets/domain';
import { auditLog, tickets } from '../src/db/schema';
import { DEMO_TICKETS, demoTicketCode } from '../src/demo/events';
import { firstError, jsonFrom, loginAs } from './support/login';
import { insertSuspension } from './support/suspensions';
import { engines, useTestServer } from './support/test-server';

const CLUB_OFFICER = '100000015'; // ae-olympiada
const PLATFORM_OFFICER = '100000003';
const CITIZEN = '100000040';

const derby = (serial: number) => demoTicketCode('3', 1, serial);
const pastMatch = (serial: number) => demoTicketCode('3', 4, serial);
const basket = (serial: number) => demoTicketCode('4', 1, serial);

/** A card per ticket unless named: one person holds one ticket per fixture (docs/design.md §10). */
const cardOf = (ticketCode: string) => `ΑΚ123${ticketCode.slice(-3)}`;
const overSixtySeven = (ticketCode: string, documentId = cardOf(ticketCode)) => ({
  ticketCode,
  firstName: 'ΙΩΑΝΝΗΣ',
  lastName: 'ΠΑΠΑΔΑΚΗΣ',
  documentType: 'NATIONAL_ID',
  documentId,
});
const foreigner = (ticketCode: string) => ({
  ticketCode,
  firstName: 'John',
  lastName: "O'Neill-Smith",
  documentType: 'PASSPORT',
  documentId: `X1234${ticketCode.slice(-3)}`,
});

describe.each(engines)('ticket office and stats on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER, CITIZEN])
      cookies[afm] = (await loginAs(base, afm)).cookie;
  });

  const post = (afm: string | undefined, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: jsonFrom(base, afm ? cookies[afm] : undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const personalize = (afm: string | undefined, body: unknown) =>
    post(afm, '/api/ticket-office/personalize', body);
  const identify = (afm: string | undefined, body: unknown) => post(afm, '/api/ticket-office/identify', body);
  const lookup = (afm: string | undefined, code: string) =>
    post(afm, `/api/stats/ticket?code=${encodeURIComponent(code)}`);

  it('personalizes a ticket for an over-67 fan with an unguessable code and the event’s display mode', async () => {
    const response = await personalize(CLUB_OFFICER, overSixtySeven(derby(1)));
    expect(response.status).toBe(200);
    const issued = (await response.json()) as Record<string, unknown>;
    expect(issued).toMatchObject({
      publicCode: derby(1),
      fullName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
      documentType: 'NATIONAL_ID',
      documentId: cardOf(derby(1)),
      displayMode: 'QR',
      eventDescription: expect.stringContaining('Ολυμπιάδα'),
      venue: 'Γήπεδο Ολυμπιάδας',
      personalizedOn: expect.any(String),
    });
    // A QR: signed by the platform over the ticket, its event and the print's serial, nothing personal.
    const printed = parseGateCode(issued.privateCode as string);
    expect(printed).toMatchObject({ kind: 'paper', ticketCode: derby(1), serial: 1 });
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, derby(1)));
    expect(printed).toMatchObject({ scopeEventId: ticket?.eventId });
    expect(verifyGateCodeSignatures(printed!, server.config.gateKeys.trusted, { now: new Date() })).toEqual({
      ok: true,
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, derby(1)));
    expect(audit.map((row) => row.action)).toEqual(['TICKET_PERSONALIZE']);
  });

  it('reprints with a new serial, which replaces the code printed before, and refuses another person', async () => {
    const first = (await (await personalize(CLUB_OFFICER, overSixtySeven(derby(2)))).json()) as Record<
      string,
      string
    >;
    const again = (await (await personalize(CLUB_OFFICER, overSixtySeven(derby(2)))).json()) as Record<
      string,
      string
    >;
    expect(parseGateCode(first.privateCode as string)).toMatchObject({ ticketCode: derby(2), serial: 1 });
    expect(parseGateCode(again.privateCode as string)).toMatchObject({ ticketCode: derby(2), serial: 2 });
    // The print screen says so: the earlier paper no longer admits.
    expect([first.replacesEarlierPrint, again.replacesEarlierPrint]).toEqual([false, true]);
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, derby(2)));
    expect(ticket).toMatchObject({ privateCode: again.privateCode, codeSerial: 2 });
    const other = await personalize(CLUB_OFFICER, overSixtySeven(derby(2), 'ΑΒ999999'));
    expect(other.status).toBe(409);
    expect((await firstError(other))?.code).toBe('TICKET_ALREADY_BOUND');
  });

  it('prints a Greek name in capitals without the tonos, and reprints a ticket bound with it', async () => {
    const typed = { ...overSixtySeven(derby(8)), firstName: 'Μαρία', lastName: 'Αϊδίνη' };
    const first = (await (await personalize(CLUB_OFFICER, typed)).json()) as Record<string, string>;
    expect(first.fullName).toBe('ΜΑΡΙΑ ΑΪΔΙΝΗ');
    // Bound before names lost their tonos in capitals: the same person still gets a reprint (of the
    // name as it was bound).
    await server.database.db
      .update(tickets)
      .set({ fullName: 'ΜΑΡΊΑ ΑΪΔΊΝΗ' })
      .where(eq(tickets.publicCode, derby(8)));
    const again = await personalize(CLUB_OFFICER, { ...typed, firstName: 'ΜΑΡΊΑ' });
    expect(again.status).toBe(200);
    const reprint = (await again.json()) as Record<string, string>;
    expect(parseGateCode(reprint.privateCode as string)).toMatchObject({ ticketCode: derby(8), serial: 2 });
  });

  it('binds a ticket once when officers race for it', async () => {
    const attempts = await Promise.all(
      ['ΑΑ000001', 'ΑΑ000002', 'ΑΑ000003', 'ΑΑ000004'].map((documentId) =>
        personalize(PLATFORM_OFFICER, overSixtySeven(derby(3), documentId)),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it('turns a double submission of the same binding into one binding; the last print is the live one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => personalize(CLUB_OFFICER, overSixtySeven(derby(7)))),
    );
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const serials = await Promise.all(
      answers.map(
        async (response) =>
          (
            parseGateCode(((await response.json()) as Record<string, string>).privateCode as string) as {
              serial: number;
            }
          ).serial,
      ),
    );
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, derby(7)));
    const actions = audit.map((row) => row.action);
    expect(actions.filter((action) => action === 'TICKET_PERSONALIZE')).toHaveLength(1);
    // A submission that found the ticket bound reprinted it; one that lost the race to bind it
    // answers the code the winner printed. Every print but the last is revoked.
    const reprints = actions.filter((action) => action === 'TICKET_PERSONALIZE_REPRINT').length;
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, derby(7)));
    expect(ticket?.codeSerial).toBe(1 + reprints);
    expect(Math.max(...serials)).toBe(ticket?.codeSerial);
  });

  it('identifies a foreigner with Latin names; barcode for the basketball club', async () => {
    const response = await identify(PLATFORM_OFFICER, foreigner(basket(1)));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      fullName: "JOHN O'NEILL-SMITH",
      displayMode: 'BARCODE',
      documentType: 'PASSPORT',
    });
  });

  it('keeps a club officer to their own club’s tickets, as if the others did not exist', async () => {
    for (const response of [
      await identify(CLUB_OFFICER, foreigner(basket(2))),
      await lookup(CLUB_OFFICER, basket(1)),
    ]) {
      expect(response.status).toBe(404);
      expect((await firstError(response))?.code).toBe('TICKET_NOT_FOUND');
    }
    expect((await lookup(PLATFORM_OFFICER, basket(1))).status).toBe(200);
  });

  it('refuses citizens (403) and anonymous callers (401) on every ticket-office call', async () => {
    for (const afm of [CITIZEN, undefined]) {
      const expected = afm ? 403 : 401;
      expect((await personalize(afm, overSixtySeven(derby(4)))).status).toBe(expected);
      expect((await identify(afm, foreigner(derby(4)))).status).toBe(expected);
      expect((await lookup(afm, derby(1))).status).toBe(expected);
    }
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, derby(4)));
    expect(ticket?.documentId).toBeNull();
  });

  it.each([
    [
      'Latin names for an over-67 fan',
      'personalize',
      { ...overSixtySeven(derby(5)), firstName: 'John' },
      validationMessages.firstName.greek,
    ],
    [
      'Greek names for a foreigner',
      'identify',
      { ...foreigner(derby(5)), lastName: 'ΣΜΙΘ' },
      validationMessages.lastName.latin,
    ],
    [
      'a national ID for a foreigner',
      'identify',
      { ...foreigner(derby(5)), documentType: 'NATIONAL_ID' },
      validationMessages.documentType,
    ],
    [
      'a lower-case document number',
      'personalize',
      overSixtySeven(derby(5), 'ak123456'),
      validationMessages.documentId,
    ],
    ['an 11-digit ticket code', 'personalize', overSixtySeven('30100000000'), validationMessages.ticketCode],
    [
      'blank names',
      'personalize',
      { ...overSixtySeven(derby(5)), firstName: '   ' },
      validationMessages.firstName.required,
    ],
    [
      'an unknown document type',
      'identify',
      { ...foreigner(derby(5)), documentType: 'LIBRARY_CARD' },
      validationMessages.documentType,
    ],
  ])('refuses %s with a Greek 400', async (_name, path, body, message) => {
    const response = await post(CLUB_OFFICER, `/api/ticket-office/${path}`, body);
    expect(response.status).toBe(400);
    expect((await firstError(response))?.description).toBe(message);
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, derby(5)));
    expect(ticket?.documentId).toBeNull();
  });

  it('refuses a match that has started, a ticket someone holds, and a suspended fan', async () => {
    expect((await firstError(await personalize(CLUB_OFFICER, overSixtySeven(pastMatch(1)))))?.code).toBe(
      'EVENT_STARTED',
    );
    expect(
      (await firstError(await personalize(CLUB_OFFICER, overSixtySeven(DEMO_TICKETS.olderMinorFree))))?.code,
    ).toBe('TICKET_ALREADY_BOUND');
    await insertSuspension(server.database.db, {
      documentId: 'ΧΧ666666',
      endDate: sql`((now() at time zone 'Europe/Athens')::date + 10)` as unknown as string,
      createdBy: PLATFORM_OFFICER,
    });
    const suspended = await personalize(CLUB_OFFICER, overSixtySeven(derby(6), 'ΧΧ666666'));
    expect(suspended.status).toBe(422);
    expect((await firstError(suspended))?.code).toBe('PERSON_SUSPENDED');
  });

  it('looks a ticket up with every field, audited, and says so when there is none', async () => {
    const response = await lookup(CLUB_OFFICER, derby(1));
    expect(response.status).toBe(200);
    const details = (await response.json()) as Record<string, unknown>;
    expect(details).toMatchObject({
      publicCode: derby(1),
      fullName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
      provider: expect.stringContaining('Ολυμπιάδα'),
      seasonal: false,
      status: 'ACTIVE',
    });
    expect(Object.keys(details)).toEqual(
      expect.arrayContaining(['afm', 'amka', 'installationId', 'createdOn', 'modifiedOn', 'personalizedOn']),
    );
    expect('privateCode' in details).toBe(false);
    expect((await lookup(CLUB_OFFICER, '999999999999')).status).toBe(404);
    expect((await lookup(CLUB_OFFICER, '12ab')).status).toBe(400);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'TICKET_LOOKUP'));
    expect(audit.length).toBeGreaterThan(0);
  });
});
