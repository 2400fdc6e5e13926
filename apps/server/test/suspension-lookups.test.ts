import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { errorCatalogue, identityKey, withAfmCheckDigit } from '@tickets/domain';
import { addOfficer } from '../src/admin/officers';
import { auditLog, citizens } from '../src/db/schema';
import { keyBareDigests } from '../src/rules/identifier-digests';
import { DEMO_ORGANISATIONS } from '../src/demo/seed';
import { jsonFrom, loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * The suspension pre-check and search look people up in the registry: each is audited (by digests,
 * never an identifier in clear), limited per officer, answers only what confirms the right person, and
 * shows in the looked-up citizen's wallet.
 */
const CLUB_OFFICER = '100000015'; // ae-olympiada
const PLATFORM_OFFICER = '100000003';
const HOLDER = '100000039'; // holds ae-olympiada's season ticket 303000000001
const CLUB_B_OFFICER = withAfmCheckDigit('20000000'); // kae-akropoli
const BUSY_OFFICER = withAfmCheckDigit('20000001'); // kae-akropoli, for the limit
/** A bare SHA-256, as audit rows held before the digests were keyed: anyone could try every ΑΦΜ. */
const bareDigest = (key: string) => createHash('sha256').update(key).digest('hex');
const END = '2099-12-31';

describe.each(engines)('the suspension pre-check and search on %s', (engine) => {
  const server = useTestServer(engine);
  const cookies: Record<string, string> = {};
  let minorAmka: string;
  /** Keyed with the server's AUDIT_DIGEST_KEY: without it, nothing to try identifiers against. */
  const digest = (key: string) =>
    createHmac('sha256', server.config.auditDigestKey).update(key).digest('base64url');

  beforeAll(async () => {
    const db = server.database.db;
    await db.insert(citizens).values([
      {
        afm: CLUB_B_OFFICER,
        amka: '01018012345',
        firstName: 'ΠΕΤΡΟΣ',
        lastName: 'ΒΑΣΙΛΕΙΟΥ',
        birthDate: '1980-01-01',
      },
      {
        afm: BUSY_OFFICER,
        amka: '01018012346',
        firstName: 'ΠΑΥΛΟΣ',
        lastName: 'ΒΑΣΙΛΕΙΟΥ',
        birthDate: '1980-01-01',
      },
    ]);
    await addOfficer(db, 'test', CLUB_B_OFFICER, 'kae-akropoli');
    await addOfficer(db, 'test', BUSY_OFFICER, 'kae-akropoli');
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER, HOLDER, CLUB_B_OFFICER, BUSY_OFFICER])
      cookies[afm] = (await loginAs(server.baseUrl, afm)).cookie;
    const [minor] = await db.select().from(citizens).where(eq(citizens.firstName, 'ΝΙΚΟΛΑΟΣ'));
    minorAmka = minor?.amka ?? '';
  });

  const call = (afm: string, path: string, body: unknown) =>
    fetch(`${server.baseUrl}/api/blackList-administration/${path}`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, cookies[afm]),
      body: JSON.stringify(body),
    });
  const precheck = async (afm: string, person: Record<string, string>) => {
    const response = await call(afm, 'info', { ...noPerson, ...person, endDate: END });
    expect(response.status).toBe(200);
    return response.json();
  };

  it('answers names and whether they hold tickets; counts only at the officer’s own club', async () => {
    const own = await precheck(CLUB_OFFICER, { afm: HOLDER });
    expect(own).toEqual([
      { firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ', lastName: 'ΔΗΜΗΤΡΙΟΥ', minor: false, holdsTickets: true, ticketsCount: 1 },
    ]);
    // Another club's officer learns that they hold tickets, not how many nor where.
    expect(await precheck(CLUB_B_OFFICER, { afm: HOLDER })).toEqual([
      { firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ', lastName: 'ΔΗΜΗΤΡΙΟΥ', minor: false, holdsTickets: true, ticketsCount: 0 },
    ]);
  });

  it('says nothing of a minor but that it is a minor', async () => {
    expect(await precheck(CLUB_B_OFFICER, { amka: minorAmka })).toEqual([
      { firstName: null, lastName: null, minor: true, holdsTickets: false, ticketsCount: 0 },
    ]);
  });

  it('audits every pre-check and search by digests of the identifiers, never in clear', async () => {
    await precheck(CLUB_B_OFFICER, { afm: HOLDER });
    const searched = await call(CLUB_B_OFFICER, 'search', { ...noPerson, afm: HOLDER });
    expect(searched.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, CLUB_B_OFFICER),
          inArray(auditLog.action, ['SUSPENSION_PRECHECK', 'SUSPENSION_SEARCH']),
        ),
      )
      // In the order they were written: the last pre-check is the last row, whatever the heap's order.
      .orderBy(auditLog.id);
    const search = rows.find((row) => row.action === 'SUSPENSION_SEARCH');
    expect(search?.details).toMatchObject({
      organisationId: 'kae-akropoli',
      identifiers: [digest(identityKey.afm(HOLDER))],
      matched: 1,
    });
    const prechecks = rows.filter((row) => row.action === 'SUSPENSION_PRECHECK');
    expect(prechecks.length).toBeGreaterThanOrEqual(3);
    expect(prechecks.at(-1)?.details).toMatchObject({
      organisationId: 'kae-akropoli',
      identifiers: [digest(identityKey.afm(HOLDER))],
      matched: 1,
    });
    expect(JSON.stringify(rows)).not.toContain(HOLDER);
    expect(JSON.stringify(rows)).not.toContain(minorAmka);
    expect(JSON.stringify(rows)).not.toContain(bareDigest(identityKey.afm(HOLDER)));
  });

  it('keys the bare digests of rows written before, and drops those of identifiers it does not know', async () => {
    const stranger = identityKey.afm(withAfmCheckDigit('29999999'));
    const [old] = await server.database.db
      .insert(auditLog)
      .values({
        actor: CLUB_OFFICER,
        action: 'SUSPENSION_PRECHECK',
        details: {
          organisationId: 'ae-olympiada',
          identifiers: [bareDigest(identityKey.afm(HOLDER)), bareDigest(stranger)],
          matched: 1,
          people: [bareDigest(identityKey.afm(HOLDER))],
        },
      })
      .returning({ id: auditLog.id });
    await keyBareDigests(server.database.db, server.config.auditDigestKey);
    // Again, as at every start: nothing left to key.
    await keyBareDigests(server.database.db, server.config.auditDigestKey);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, old?.id ?? -1));
    expect(row?.details).toEqual({
      organisationId: 'ae-olympiada',
      identifiers: [digest(identityKey.afm(HOLDER))],
      matched: 1,
      people: [digest(identityKey.afm(HOLDER))],
    });
  });

  it('shows the looked-up citizen which club checked them in the suspension list, and when', async () => {
    const response = await fetch(`${server.baseUrl}/api/wallet/lookups`, {
      headers: jsonFrom(server.baseUrl, cookies[HOLDER]),
    });
    const lookups = (await response.json()) as Record<string, unknown>[];
    const checks = lookups.filter((lookup) => lookup.kind === 'SUSPENSION_CHECK');
    const organisations = new Set(checks.map((check) => check.organisation));
    expect(organisations).toEqual(new Set(DEMO_ORGANISATIONS.map((club) => club.name)));
    expect(checks[0]).toEqual({
      ticketCode: null,
      kind: 'SUSPENSION_CHECK',
      organisation: expect.any(String),
      at: expect.any(String),
    });
    expect(JSON.stringify(lookups)).not.toMatch(new RegExp(`${CLUB_OFFICER}|${CLUB_B_OFFICER}`));
  });

  it('refuses the 61st pre-check or search of an hour by one officer, in Greek', async () => {
    for (let index = 0; index < 60; index += 1) {
      const response =
        index % 4 === 0
          ? await call(BUSY_OFFICER, 'search', { ...noPerson, afm: HOLDER })
          : await call(BUSY_OFFICER, 'info', { ...noPerson, afm: HOLDER, endDate: END });
      expect(response.status, `call ${index + 1}`).toBe(200);
    }
    for (const path of ['info', 'search']) {
      const refused = await call(BUSY_OFFICER, path, {
        ...noPerson,
        afm: HOLDER,
        ...(path === 'info' ? { endDate: END } : {}),
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: errorCatalogue.SUSPENSION_LOOKUP_LIMIT.description });
    }
    // Another officer's allowance is their own.
    expect((await call(CLUB_B_OFFICER, 'info', { ...noPerson, afm: HOLDER, endDate: END })).status).toBe(200);
  });
});
