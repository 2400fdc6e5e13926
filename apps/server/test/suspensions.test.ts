import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { suspensionMessages, todayInAthens } from '@tickets/domain';
import { auditLog, citizens, suspensions } from '../src/db/schema';
import { DEMO_PROVIDER_KEYS, DEMO_TICKETS } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

const CLUB_OFFICER = '100000015';
const PLATFORM_OFFICER = '100000003';
const COMPANION = '100000039';
const GUARDIAN = '100000027';
const base = '/api/blackList-administration';
const SEASON_TICKET = '303000000001'; // held by the companion in the demo data
const GATE_KEY = DEMO_PROVIDER_KEYS['ae-olympiada'];

const dayAfter = (days: number) => {
  const date = new Date(`${todayInAthens()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const empty = {
  afm: '',
  amka: '',
  documentId: '',
  firstName: '',
  fathersName: '',
  lastName: '',
  dateOfBirth: null,
};

describe.each(engines)('suspended users on %s', (engine) => {
  const server = useTestServer(engine);
  let url: string;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    url = server.baseUrl;
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER, COMPANION, GUARDIAN])
      cookies[afm] = (await loginAs(url, afm)).cookie;
  });

  const call = (afm: string, method: string, path: string, body: unknown) =>
    fetch(`${url}${base}${path}`, {
      method,
      headers: jsonFrom(url, cookies[afm]),
      body: JSON.stringify(body),
    });
  const gate = async (code: string) =>
    (
      await fetch(`${url}/api/providers/tickets/${code}/status`, {
        headers: { authorization: `Bearer ${GATE_KEY}` },
      })
    ).json();
  const errorOf = async (response: Response) => ((await response.json()) as { error?: string }).error;

  it('answers errors as {"error": …} with the spec’s Greek messages', async () => {
    const nothing = await call(PLATFORM_OFFICER, 'POST', '/add', { ...empty, endDate: dayAfter(30) });
    expect(nothing.status).toBe(400);
    expect(await errorOf(nothing)).toBe(suspensionMessages.insertNeedsIdentity);
    expect(
      await errorOf(
        await call(PLATFORM_OFFICER, 'POST', '/add', { ...empty, afm: '1234', endDate: dayAfter(30) }),
      ),
    ).toBe(suspensionMessages.afmLength);
    expect(
      await errorOf(
        await call(PLATFORM_OFFICER, 'POST', '/add', { ...empty, amka: '123', endDate: dayAfter(30) }),
      ),
    ).toBe(suspensionMessages.amkaLength);
    expect(
      await errorOf(
        await call(PLATFORM_OFFICER, 'POST', '/add', { ...empty, afm: COMPANION, endDate: dayAfter(-1) }),
      ),
    ).toBe(suspensionMessages.endBeforeToday);
    expect(
      await errorOf(
        await call(PLATFORM_OFFICER, 'POST', '/add', {
          ...empty,
          firstName: 'Α',
          fathersName: 'Β',
          lastName: 'Γ',
          dateOfBirth: dayAfter(2),
          endDate: dayAfter(30),
        }),
      ),
    ).toBe(suspensionMessages.birthInFuture);
    expect(await errorOf(await call(PLATFORM_OFFICER, 'POST', '/search', empty))).toBe(
      suspensionMessages.searchNeedsIdentity,
    );
    expect(
      await errorOf(await call(PLATFORM_OFFICER, 'POST', '/search', { ...empty, firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ' })),
    ).toBe(suspensionMessages.searchNeedsFullIdentity);
    const citizen = await call(GUARDIAN, 'POST', '/search', { ...empty, afm: COMPANION });
    expect(citizen.status).toBe(403);
    expect(await errorOf(citizen)).toMatch(/[\u0370-\u03ff]/);
  });

  it('answers a day that does not exist with 400 and Greek text, never a database error', async () => {
    const identity = { firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ', fathersName: 'ΑΝΔΡΕΑΣ', lastName: 'ΔΗΜΗΤΡΙΟΥ' };
    for (const body of [
      { ...empty, ...identity, dateOfBirth: '1997-02-30', endDate: dayAfter(30) },
      { ...empty, afm: COMPANION, endDate: '2099-02-30' },
    ]) {
      for (const route of ['/info', '/add']) {
        const answer = await call(PLATFORM_OFFICER, 'POST', route, body);
        expect(answer.status).toBe(400);
        expect(await errorOf(answer)).toBe(suspensionMessages.badDate);
      }
    }
    expect(server.logs.some((line) => line.includes('"level":50'))).toBe(false);
  });

  it('pre-checks who would be reached, and of a minor says only that it is a minor', async () => {
    // The guardian's younger child holds two tickets, one per club: nothing of it is told.
    const [minor] = await server.database.db.select().from(citizens).where(eq(citizens.firstName, 'ΑΝΝΑ'));
    const request = { ...empty, amka: minor?.amka ?? '', endDate: dayAfter(30) };
    for (const officer of [PLATFORM_OFFICER, CLUB_OFFICER]) {
      const answer = await call(officer, 'POST', '/info', request);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([
        { firstName: null, lastName: null, minor: true, holdsTickets: false, ticketsCount: 0 },
      ]);
    }
  });

  it('adds by identity details too, strips spaces, and finds records by identity', async () => {
    const byIdentity = await call(PLATFORM_OFFICER, 'POST', '/add', {
      ...empty,
      firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
      fathersName: 'ΑΝΔΡΕΑΣ',
      lastName: 'ΔΗΜΗΤΡΙΟΥ',
      dateOfBirth: '1979-01-01',
      endDate: `${dayAfter(10)}T21:59:59.999Z`,
    });
    expect(byIdentity.status).toBe(200);
    const record = (await byIdentity.json()) as Record<string, unknown>;
    expect(record).toMatchObject({ active: true, createdBy: PLATFORM_OFFICER, afm: null });
    const found = (await (
      await call(PLATFORM_OFFICER, 'POST', '/search', {
        ...empty,
        firstName: 'κωνσταντινος'.toUpperCase(),
        fathersName: 'ΑΝΔΡΕΑΣ',
        lastName: 'ΔΗΜΗΤΡΙΟΥ',
        dateOfBirth: '1979-01-01',
      })
    ).json()) as Record<string, unknown>[];
    expect(found.map((row) => row.id)).toContain(record.id);
    expect(found.every((row) => row.afm === COMPANION || row.lastName === 'ΔΗΜΗΤΡΙΟΥ')).toBe(true);
  });

  it('suspends a companion: blocks them as companion and ticket holder until deleted', async () => {
    const added = await call(CLUB_OFFICER, 'POST', '/add', {
      ...empty,
      afm: ' 100 000 039 ',
      endDate: dayAfter(30),
    });
    expect(added.status).toBe(200);
    const record = (await added.json()) as { id: number; afm: string };
    expect(record.afm).toBe(COMPANION);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'SUSPENSION_ADD'));
    expect(audit.length).toBeGreaterThan(0);

    const [older] = await server.database.db
      .select()
      .from(citizens)
      .where(eq(citizens.firstName, 'ΝΙΚΟΛΑΟΣ'));
    const indicate = () =>
      fetch(`${url}/api/tickets/dependents/declarations/indicate`, {
        method: 'POST',
        headers: jsonFrom(url, cookies[GUARDIAN]),
        body: JSON.stringify({ publicCode: DEMO_TICKETS.olderMinorFree, afm: COMPANION, amka: older?.amka }),
      });
    expect((await indicate()).status).toBe(422);
    const wallet = (await (
      await fetch(`${url}/api/wallet/tickets`, { headers: { cookie: cookies[COMPANION] ?? '' } })
    ).json()) as { blocked: boolean }[];
    expect(wallet.every((ticket) => ticket.blocked)).toBe(true);

    const search = (await (
      await call(CLUB_OFFICER, 'POST', '/search', { ...empty, afm: COMPANION })
    ).json()) as { id: number; active: boolean; afm: string | null }[];
    expect(search.find((row) => row.id === record.id)?.active).toBe(true);
    expect(search.every((row) => row.afm === COMPANION)).toBe(true);
    const mismatch = await call(CLUB_OFFICER, 'PUT', `/delete/${record.id}`, {
      afm: '100000040',
      amka: null,
      documentId: null,
    });
    expect(mismatch.status).toBe(409);
    expect(await errorOf(mismatch)).toBe(suspensionMessages.identifiersMismatch);
    const deleted = await call(CLUB_OFFICER, 'PUT', `/delete/${record.id}`, {
      afm: COMPANION,
      amka: '',
      documentId: '',
    });
    expect(deleted.status).toBe(200);
    expect(
      (await call(CLUB_OFFICER, 'PUT', `/delete/${record.id}`, { afm: COMPANION, amka: '', documentId: '' }))
        .status,
    ).toBe(404);
    const [row] = await server.database.db.select().from(suspensions).where(eq(suspensions.id, record.id));
    expect(row).toMatchObject({ active: false, deletedBy: CLUB_OFFICER });

    expect((await indicate()).status).toBe(200);
    expect(await gate(SEASON_TICKET)).toMatchObject({ status: 'VALID' });
  });

  it('answers the gate only about the provider’s own club’s tickets', async () => {
    const foreign = await fetch(`${url}/api/providers/tickets/401000000001/status`, {
      headers: { authorization: `Bearer ${GATE_KEY}` },
    });
    expect(foreign.status).toBe(404);
    expect(await gate('304000000001')).toMatchObject({ status: 'EVENT_OVER' });
  });
});
