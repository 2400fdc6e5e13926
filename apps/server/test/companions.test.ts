import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { errorCatalogue, validationMessages } from '@tickets/domain';
import { auditLog, citizens, companionDeclarations, suspensions } from '../src/db/schema';
import { DEMO_TICKETS } from '../src/demo/events';
import { firstError, jsonFrom, loginAs } from './support/login';
import { insertSuspension } from './support/suspensions';
import { engines, useTestServer } from './support/test-server';

const GUARDIAN = '100000027';
const COMPANION = '100000039';
const OTHER_CITIZEN = '100000040';
const OFFICER = '100000003';

describe.each(engines)('companions for minors on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  const amka: Record<'older' | 'younger', string> = { older: '', younger: '' };

  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [GUARDIAN, COMPANION, OTHER_CITIZEN, OFFICER])
      cookies[afm] = (await loginAs(base, afm)).cookie;
    const minors = await server.database.db
      .select()
      .from(citizens)
      .where(sql`${citizens.afm} is null`);
    amka.older = minors.find((row) => row.firstName === 'ΝΙΚΟΛΑΟΣ')?.amka ?? '';
    amka.younger = minors.find((row) => row.firstName === 'ΑΝΝΑ')?.amka ?? '';
  });

  const db = () => server.database.db;
  const call = (afm: string | undefined, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: jsonFrom(base, afm ? cookies[afm] : undefined),
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const indicate = (afm: string | undefined, body: unknown) =>
    call(afm, 'POST', '/api/tickets/dependents/declarations/indicate', body);
  const declarationCount = async () => (await db().select({ n: count() }).from(companionDeclarations))[0]?.n;
  const listOf = async (afm: string) =>
    (await (await call(afm, 'GET', '/api/tickets/dependents/declarations')).json()) as Record<
      string,
      string
    >[];

  it('lists the guardian’s minors, and nobody else’s', async () => {
    const response = await call(GUARDIAN, 'GET', '/api/tickets/dependents/');
    expect(response.status).toBe(200);
    const dependents = (await response.json()) as Record<string, string>[];
    expect(dependents.map((minor) => minor.firstName)).toEqual(['ΝΙΚΟΛΑΟΣ', 'ΑΝΝΑ']);
    expect(dependents[0]).toEqual({
      amka: amka.older,
      firstName: 'ΝΙΚΟΛΑΟΣ',
      lastName: 'ΓΕΩΡΓΙΟΥ',
      birthdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await (await call(OTHER_CITIZEN, 'GET', '/api/tickets/dependents/')).json()).toEqual([]);
    expect((await call(undefined, 'GET', '/api/tickets/dependents/')).status).toBe(401);
  });

  it('shows the demo declarations, PENDING and ACCEPTED, newest first', async () => {
    const list = await listOf(GUARDIAN);
    expect(list.map((entry) => entry.status)).toEqual(['ACCEPTED', 'PENDING']);
    expect(list[1]).toMatchObject({
      dependentName: 'ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ',
      companionName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
      companionAfm: COMPANION,
      ticketCode: DEMO_TICKETS.olderMinorPending,
      eventDescription: expect.stringContaining('Ολυμπιάδα'),
    });
    expect(await listOf(OTHER_CITIZEN)).toEqual([]);
  });

  it('sends a request: PENDING, with what the success screen names, and an audit row', async () => {
    const response = await indicate(GUARDIAN, {
      publicCode: DEMO_TICKETS.olderMinorFree,
      afm: COMPANION,
      amka: amka.older,
    });
    expect(response.status).toBe(200);
    const declaration = (await response.json()) as Record<string, string>;
    expect(declaration).toMatchObject({
      status: 'PENDING',
      dependentName: 'ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ',
      companionName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
      ticketCode: DEMO_TICKETS.olderMinorFree,
      eventDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, declaration.declarationId ?? ''));
    expect(audit.map((row) => row.action)).toEqual(['COMPANION_INDICATE']);
    // Written in the statement of the companion's notification (auditAndNotify): all of it, by whom.
    expect(audit[0]).toMatchObject({
      actor: GUARDIAN,
      details: { ticketId: expect.any(Number), status: 'PENDING' },
      requestId: expect.any(String),
    });
    const again = await indicate(GUARDIAN, {
      publicCode: DEMO_TICKETS.olderMinorFree,
      afm: COMPANION,
      amka: amka.older,
    });
    expect(again.status).toBe(409);
    expect(await firstError(again)).toEqual({
      code: 'DECLARATION_EXISTS',
      description: errorCatalogue.DECLARATION_EXISTS.description,
    });
  });

  it('creates one declaration from concurrent duplicate submissions', async () => {
    const before = await declarationCount();
    const body = { publicCode: DEMO_TICKETS.youngerMinorFree, afm: COMPANION, amka: amka.younger };
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => indicate(GUARDIAN, body)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await declarationCount()).toBe((before ?? 0) + 1);
  });

  it.each([
    [
      'a short ticket code',
      { publicCode: '12345', afm: COMPANION, amka: 'older' },
      validationMessages.ticketCode,
    ],
    [
      'letters in the ticket code',
      { publicCode: '20000000001a', afm: COMPANION, amka: 'older' },
      validationMessages.ticketCode,
    ],
    [
      'an AFM of 8 digits',
      { publicCode: DEMO_TICKETS.olderMinorFree, afm: '10000003', amka: 'older' },
      validationMessages.afmLength,
    ],
    [
      'an AFM with a wrong check digit',
      { publicCode: DEMO_TICKETS.olderMinorFree, afm: '100000038', amka: 'older' },
      validationMessages.afmCheckDigit,
    ],
    [
      'an AMKA of 10 digits',
      { publicCode: DEMO_TICKETS.olderMinorFree, afm: COMPANION, amka: '1234567890' },
      validationMessages.amkaLength,
    ],
    [
      'a number instead of text',
      { publicCode: 200000000011, afm: COMPANION, amka: 'older' },
      validationMessages.ticketCode,
    ],
    [
      'an unknown field',
      { publicCode: DEMO_TICKETS.olderMinorFree, afm: COMPANION, amka: 'older', admin: true },
      validationMessages.unknownField,
    ],
    [
      'a missing field',
      { publicCode: DEMO_TICKETS.olderMinorFree, amka: 'older' },
      validationMessages.afmLength,
    ],
    ['a list instead of an object', [1, 2], validationMessages.notAnObject],
  ])('refuses %s with a Greek 400 and changes nothing', async (_name, body, message) => {
    const before = await declarationCount();
    const payload = !Array.isArray(body) && body.amka === 'older' ? { ...body, amka: amka.older } : body;
    const response = await indicate(GUARDIAN, payload);
    expect(response.status).toBe(400);
    expect(await firstError(response)).toEqual({ code: 'VALIDATION_ERROR', description: message });
    expect(await declarationCount()).toBe(before);
  });

  it('refuses malformed JSON and a missing body with a 400', async () => {
    for (const body of ['{"publicCode":', undefined]) {
      const response = await indicate(GUARDIAN, body);
      expect(response.status).toBe(400);
      expect((await firstError(response))?.description).toMatch(/[\u0370-\u03ff]/);
    }
  });

  it('refuses a minor who is not the caller’s dependent', async () => {
    const response = await indicate(OTHER_CITIZEN, {
      publicCode: DEMO_TICKETS.olderMinorFree,
      afm: COMPANION,
      amka: amka.older,
    });
    expect(response.status).toBe(404);
    expect((await firstError(response))?.code).toBe('DEPENDENT_NOT_FOUND');
  });

  it('refuses a ticket that does not exist or is not the minor’s, alike', async () => {
    for (const publicCode of ['999999999999', DEMO_TICKETS.youngerMinorFree]) {
      const response = await indicate(GUARDIAN, { publicCode, afm: COMPANION, amka: amka.older });
      expect(response.status).toBe(404);
      expect((await firstError(response))?.code).toBe('MINOR_TICKET_NOT_FOUND');
    }
  });

  it('refuses a ticket whose match has started', async () => {
    const response = await indicate(GUARDIAN, {
      publicCode: DEMO_TICKETS.olderMinorPastEvent,
      afm: COMPANION,
      amka: amka.older,
    });
    expect(response.status).toBe(422);
    expect((await firstError(response))?.code).toBe('EVENT_STARTED');
  });

  it('refuses a companion who is not in the registry', async () => {
    const response = await indicate(GUARDIAN, {
      publicCode: DEMO_TICKETS.olderMinorPastEvent.replace('59', '11'),
      afm: '123456783',
      amka: amka.older,
    });
    expect(response.status).toBe(422);
    expect((await firstError(response))?.code).toBe('PERSON_CANNOT_BE_NAMED');
  });

  it('refuses a suspended companion until the end date, and not after a deletion', async () => {
    const target = { publicCode: DEMO_TICKETS.olderMinorPending, amka: amka.older };
    // The demo PENDING request on this ticket must go first; cancel it.
    const pending = (await listOf(GUARDIAN)).find(
      (entry) => entry.ticketCode === DEMO_TICKETS.olderMinorPending,
    );
    expect(
      (
        await call(
          GUARDIAN,
          'DELETE',
          `/api/tickets/dependents/declarations/${pending?.declarationId}/cancel`,
          [],
        )
      ).status,
    ).toBe(200);

    const athensDay = (offset: number) => sql`((now() at time zone 'Europe/Athens')::date + ${offset}::int)`;
    const suspension = await insertSuspension(db(), {
      afm: OTHER_CITIZEN,
      endDate: athensDay(0) as unknown as string,
      createdBy: OFFICER,
    });
    const blocked = await indicate(GUARDIAN, { ...target, afm: OTHER_CITIZEN });
    expect(blocked.status).toBe(422);
    expect((await firstError(blocked))?.code).toBe('PERSON_CANNOT_BE_NAMED');

    await db()
      .update(suspensions)
      .set({ endDate: athensDay(-1) as unknown as string })
      .where(eq(suspensions.id, suspension.id));
    const expired = await indicate(GUARDIAN, { ...target, afm: OTHER_CITIZEN });
    expect(expired.status).toBe(200);
    const created = (await expired.json()) as Record<string, string>;
    await call(
      GUARDIAN,
      'DELETE',
      `/api/tickets/dependents/declarations/${created.declarationId}/cancel`,
      [],
    );

    await db()
      .update(suspensions)
      .set({ endDate: athensDay(30) as unknown as string, active: false })
      .where(eq(suspensions.id, suspension.id));
    expect((await indicate(GUARDIAN, { ...target, afm: OTHER_CITIZEN })).status).toBe(200);
  });

  it('cancels only a PENDING declaration, only the guardian’s own', async () => {
    const list = await listOf(GUARDIAN);
    const pending = list.find((entry) => entry.status === 'PENDING');
    const accepted = list.find((entry) => entry.status === 'ACCEPTED');
    const cancelPath = (id?: string) => `/api/tickets/dependents/declarations/${id}/cancel`;

    const foreign = await call(OTHER_CITIZEN, 'DELETE', cancelPath(pending?.declarationId), []);
    expect(foreign.status).toBe(404);
    expect((await firstError(foreign))?.code).toBe('DECLARATION_NOT_FOUND');
    expect(
      (await firstError(await call(GUARDIAN, 'DELETE', cancelPath(accepted?.declarationId), [])))?.code,
    ).toBe('DECLARATION_NOT_PENDING');
    expect(
      (await call(GUARDIAN, 'DELETE', cancelPath('00000000-0000-4000-8000-000000000000'), [])).status,
    ).toBe(404);
    expect((await call(GUARDIAN, 'DELETE', cancelPath('not-a-uuid'), [])).status).toBe(400);

    const cancelled = await call(GUARDIAN, 'DELETE', cancelPath(pending?.declarationId), []);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'CANCELLED', ticketCode: pending?.ticketCode });
    expect((await listOf(GUARDIAN)).map((entry) => entry.declarationId)).not.toContain(
      pending?.declarationId,
    );
  });

  it('changes an ACCEPTED companion to the guardian at once, then to another person as a new request', async () => {
    const accepted = (await listOf(GUARDIAN)).find((entry) => entry.status === 'ACCEPTED');
    const modify = (afm: string, body: unknown) =>
      call(afm, 'POST', '/api/tickets/dependents/declarations/modify', body);

    expect(
      (await modify(OTHER_CITIZEN, { declarationId: accepted?.declarationId, companionAfm: '' })).status,
    ).toBe(404);
    expect(
      (await modify(GUARDIAN, { declarationId: accepted?.declarationId, companionAfm: COMPANION })).status,
    ).toBe(409);
    expect(
      (await modify(GUARDIAN, { declarationId: accepted?.declarationId, companionAfm: '12345' })).status,
    ).toBe(400);

    const toGuardian = await modify(GUARDIAN, { declarationId: accepted?.declarationId, companionAfm: '' });
    expect(toGuardian.status).toBe(200);
    const mine = (await toGuardian.json()) as Record<string, string>;
    expect(mine).toMatchObject({
      status: 'ACCEPTED',
      companionAfm: GUARDIAN,
      companionName: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ',
    });
    const [old] = await db()
      .select()
      .from(companionDeclarations)
      .where(eq(companionDeclarations.id, accepted?.declarationId ?? ''));
    expect(old?.status).toBe('REPLACED');

    const toOther = await modify(GUARDIAN, { declarationId: mine.declarationId, companionAfm: COMPANION });
    expect(toOther.status).toBe(200);
    const request = (await toOther.json()) as Record<string, string>;
    expect(request).toMatchObject({ status: 'PENDING', companionAfm: COMPANION });
    expect(
      (await firstError(await modify(GUARDIAN, { declarationId: request.declarationId, companionAfm: '' })))
        ?.code,
    ).toBe('DECLARATION_NOT_ACCEPTED');
  });

  it('lets the companion accept or reject in the wallet, and only the companion', async () => {
    const response = await call(COMPANION, 'GET', '/api/wallet/companion-requests');
    const requests = (await response.json()) as Record<string, string>[];
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((entry) => entry.status === 'PENDING')).toBe(true);
    const [first, second] = requests;

    expect(await (await call(OTHER_CITIZEN, 'GET', '/api/wallet/companion-requests')).json()).toEqual([]);
    expect(
      (await call(OTHER_CITIZEN, 'POST', `/api/wallet/companion-requests/${first?.requestId}/accept`)).status,
    ).toBe(404);
    expect(
      (await call(COMPANION, 'POST', `/api/wallet/companion-requests/${first?.requestId}/maybe`)).status,
    ).toBe(400);

    const accepted = await call(
      COMPANION,
      'POST',
      `/api/wallet/companion-requests/${first?.requestId}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: 'ACCEPTED', guardianName: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ' });
    expect(
      (await call(COMPANION, 'POST', `/api/wallet/companion-requests/${first?.requestId}/reject`)).status,
    ).toBe(409);
    const guardianView = await listOf(GUARDIAN);
    expect(guardianView.find((entry) => entry.declarationId === first?.requestId)?.status).toBe('ACCEPTED');

    if (second) {
      expect(
        (await call(COMPANION, 'POST', `/api/wallet/companion-requests/${second.requestId}/reject`)).status,
      ).toBe(200);
      const [row] = await db()
        .select()
        .from(companionDeclarations)
        .where(and(eq(companionDeclarations.id, second.requestId ?? '')));
      expect(row?.status).toBe('REJECTED');
    }
  });
});
