import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  errorCatalogue,
  NAMING_LIMIT_MAX,
  suspensionMessages,
  withAfmCheckDigit,
  withAmkaCheckDigit,
} from '@tickets/domain';
import { auditLog, citizens, events, officers, suspensionKeys, suspensions, tickets } from '../src/db/schema';
import { refreshSuspensionKeys } from '../src/rules/suspension-keys';
import { firstError, jsonFrom, loginAs } from './support/login';
import { gateStatusOf, noPerson } from './support/suspensions-api';
import { insertSuspension } from './support/suspensions';
import { engines, startSecondServer, useTestServer } from './support/test-server';

/** docs/design.md §9 beyond the matrix: who may lift, no oracle for citizens, data written before keys. */
const PLATFORM_OFFICER = '100000003';
const CLUB_OFFICER = '100000015'; // ae-olympiada
const OTHER_CLUB_OFFICER = withAfmCheckDigit('20000001'); // kae-akropoli, added below
const GUARDIAN = '100000027';
const PERSON = '100000039';
const OTHER = '100000040';
const PERSON_SEASON_TICKET = '303000000001';

describe.each(engines)('identity rules on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    base = server.baseUrl;
    await server.database.db.insert(citizens).values({
      afm: OTHER_CLUB_OFFICER,
      amka: withAmkaCheckDigit('0202800000'),
      firstName: 'ΑΛΕΞΑΝΔΡΑ',
      lastName: 'ΚΑΛΑΘΟΣΦΑΙΡΙΣΗ',
      birthDate: '1980-02-02',
    });
    await server.database.db
      .insert(officers)
      .values({ afm: OTHER_CLUB_OFFICER, organisationId: 'kae-akropoli' });
    for (const afm of [PLATFORM_OFFICER, CLUB_OFFICER, OTHER_CLUB_OFFICER, GUARDIAN, PERSON, OTHER])
      cookies[afm] = (await loginAs(base, afm)).cookie;
  });

  const db = () => server.database.db;
  const call = (afm: string, method: string, path: string, body?: unknown, origin = base) =>
    fetch(`${origin}${path}`, {
      method,
      headers: jsonFrom(origin, cookies[afm]),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const add = async (afm: string, person: Partial<typeof noPerson>) => {
    const response = await call(afm, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      ...person,
      endDate: '2099-12-31',
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      id: number;
      afm: string | null;
      amka: string | null;
      documentId: string | null;
    };
  };
  const lift = (afm: string, record: Awaited<ReturnType<typeof add>>) =>
    call(afm, 'PUT', `/api/blackList-administration/delete/${record.id}`, {
      afm: record.afm,
      amka: record.amka,
      documentId: record.documentId,
    });
  const gateStatus = (code: string, origin = base) => gateStatusOf(origin, code);

  it('lets only the entering organisation or a platform-wide officer lift a suspension, audited', async () => {
    const byClub = await add(CLUB_OFFICER, { documentId: 'ΖΖ100001' });
    const refused = await lift(OTHER_CLUB_OFFICER, byClub);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: suspensionMessages.otherOrganisation });
    expect((await lift(PLATFORM_OFFICER, byClub)).status).toBe(200);

    const byPlatform = await add(PLATFORM_OFFICER, { documentId: 'ΖΖ100002' });
    expect((await lift(CLUB_OFFICER, byPlatform)).status).toBe(403);
    const byOtherClub = await add(OTHER_CLUB_OFFICER, { documentId: 'ΖΖ100003' });
    expect((await lift(CLUB_OFFICER, byOtherClub)).status).toBe(403);
    expect((await lift(OTHER_CLUB_OFFICER, byOtherClub)).status).toBe(200);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, String(byOtherClub.id)), sql`${auditLog.action} like 'SUSPENSION_%'`));
    expect(audit.map((row) => [row.action, row.actor, row.details?.organisationId])).toEqual([
      ['SUSPENSION_ADD', OTHER_CLUB_OFFICER, 'kae-akropoli'],
      ['SUSPENSION_DELETE', OTHER_CLUB_OFFICER, 'kae-akropoli'],
    ]);
  });

  it('tells the officer in the pre-check when the details name nobody', async () => {
    const nobody = await call(CLUB_OFFICER, 'POST', '/api/blackList-administration/info', {
      ...noPerson,
      firstName: 'ΑΓΝΩΣΤΟΣ',
      fathersName: 'ΑΓΝΩΣΤΟΣ',
      lastName: 'ΑΓΝΩΣΤΟΥ',
      dateOfBirth: '1990-01-01',
      endDate: '2099-12-31',
    });
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toEqual([]);
  });

  it('finds the same person’s records however they were entered', async () => {
    const [person] = await db().select().from(citizens).where(eq(citizens.afm, OTHER));
    const byAmka = await add(CLUB_OFFICER, { amka: person?.amka });
    const search = await call(CLUB_OFFICER, 'POST', '/api/blackList-administration/search', {
      ...noPerson,
      afm: OTHER,
    });
    expect(((await search.json()) as { id: number }[]).map((record) => record.id)).toContain(byAmka.id);
    expect((await lift(CLUB_OFFICER, byAmka)).status).toBe(200);
  });

  it('answers a citizen naming someone the same whatever that person’s status, and limits the attempts', async () => {
    const minorAfm = withAfmCheckDigit('30000001');
    await db()
      .insert(citizens)
      .values({
        afm: minorAfm,
        amka: withAmkaCheckDigit('0101100000'),
        firstName: 'ΠΕΤΡΟΣ',
        lastName: 'ΑΝΗΛΙΚΟΣ',
        birthDate: sql`(current_date - interval '16 years')::date` as unknown as string,
      });
    const suspended = await add(CLUB_OFFICER, { afm: PERSON });
    const [minor] = (await (await call(GUARDIAN, 'GET', '/api/tickets/dependents/')).json()) as {
      amka: string;
    }[];
    const indicate = (afm: string) =>
      call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
        publicCode: '200000000011',
        afm,
        amka: minor?.amka,
      });
    const [derby] = await db().select().from(events).where(eq(events.externalId, 'demo-derby'));
    const lend = (to: string) =>
      call(OTHER, 'POST', '/api/wallet/tickets/303000000002/transfers', {
        recipientAfm: to,
        eventId: derby?.id,
      });
    const unknownAfm = withAfmCheckDigit('99999999');
    const answers = [];
    for (const afm of [PERSON, unknownAfm, minorAfm]) {
      const response = await indicate(afm);
      answers.push([response.status, await firstError(response)]);
    }
    const oneAnswer = [
      422,
      { code: 'PERSON_CANNOT_BE_NAMED', description: errorCatalogue.PERSON_CANNOT_BE_NAMED.description },
    ];
    expect(answers).toEqual([oneAnswer, oneAnswer, oneAnswer]);
    for (const afm of [PERSON, unknownAfm]) {
      const response = await lend(afm);
      expect([response.status, await firstError(response)]).toEqual(oneAnswer);
    }
    expect((await lift(CLUB_OFFICER, suspended)).status).toBe(200);

    // A loop of attempts (creating and revoking alike) runs into the per-person allowance.
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await indicate(withAfmCheckDigit(String(40000000 + i)))).status);
    expect(statuses.slice(0, NAMING_LIMIT_MAX - 10).every((status) => status === 422)).toBe(true);
    expect(statuses).toContain(429);
    // Another person's allowance is their own.
    expect((await lend(PERSON)).status).toBe(200);
  });

  it('brings suspensions and bindings written before identity keys to them (the migration)', async () => {
    // As stored before: the card typed in lower case with spaces, no document key, no suspension keys.
    const ticketCode = '301000000050';
    await db()
      .update(tickets)
      .set({
        fullName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
        documentType: 'NATIONAL_ID',
        documentId: 'ΑΒ 777-777',
        privateCode: 'X',
      })
      .where(eq(tickets.publicCode, ticketCode));
    const [person] = await db().select().from(citizens).where(eq(citizens.afm, PERSON));
    const byCard = await insertSuspension(db(), {
      documentId: 'ab777777',
      endDate: '2099-12-31',
      createdBy: CLUB_OFFICER,
    });
    const byAmka = await insertSuspension(db(), {
      amka: person?.amka,
      endDate: '2099-12-31',
      createdBy: CLUB_OFFICER,
    });
    const [row] = await db().select().from(tickets).where(eq(tickets.publicCode, ticketCode));
    expect(row?.documentKey).toBe('AB777777');
    expect(await gateStatus(ticketCode)).toBe('BLOCKED');
    expect(await gateStatus(PERSON_SEASON_TICKET)).toBe('BLOCKED');
    const keys = await db().select().from(suspensionKeys).where(eq(suspensionKeys.suspensionId, byAmka.id));
    expect(keys.map((key) => key.key)).toEqual(
      expect.arrayContaining([`AFM:${PERSON}`, `AMKA:${person?.amka}`]),
    );
    await db().update(suspensions).set({ active: false }).where(eq(suspensions.id, byCard.id));
    await db().update(suspensions).set({ active: false }).where(eq(suspensions.id, byAmka.id));
    expect(await gateStatus(ticketCode)).toBe('VALID');
  });

  it('reaches a person the registry learns of after the suspension was added', async () => {
    const details = {
      firstName: 'ΝΕΟΣ',
      fathersName: 'ΠΑΤΕΡΑΣ',
      lastName: 'ΠΟΛΙΤΗΣ',
      dateOfBirth: '1985-03-04',
    };
    const record = await add(CLUB_OFFICER, details);
    const afm = withAfmCheckDigit('50000001');
    await db()
      .insert(citizens)
      .values({
        afm,
        amka: withAmkaCheckDigit('0403850000'),
        firstName: details.firstName,
        fathersName: details.fathersName,
        lastName: details.lastName,
        birthDate: details.dateOfBirth,
      });
    await db().update(tickets).set({ holderAfm: afm }).where(eq(tickets.publicCode, '302000000040'));
    expect(await gateStatus('302000000040')).toBe('VALID');
    await refreshSuspensionKeys(db());
    expect(await gateStatus('302000000040')).toBe('BLOCKED');
    expect((await lift(CLUB_OFFICER, record)).status).toBe(200);
  });

  it.runIf(engine === 'postgres')('stops blocking at once on every server when it is lifted', async () => {
    const second = await startSecondServer(server);
    try {
      const record = await add(CLUB_OFFICER, { afm: PERSON });
      expect(await gateStatus(PERSON_SEASON_TICKET, second.baseUrl)).toBe('BLOCKED');
      expect((await lift(CLUB_OFFICER, record)).status).toBe(200);
      expect(await gateStatus(PERSON_SEASON_TICKET, second.baseUrl)).toBe('VALID');
      const wallet = await call(PERSON, 'GET', '/api/wallet/tickets', undefined, second.baseUrl);
      expect(((await wallet.json()) as { blocked: boolean }[]).every((ticket) => !ticket.blocked)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
