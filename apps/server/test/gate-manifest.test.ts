import { describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  DEVICE_KEYS_PER_PERSON_PER_DAY,
  DEVICE_KEYS_PER_TICKET_PER_DAY,
  errorCatalogue,
  generateGateKeyPair,
  type GateManifest,
} from '@tickets/domain';
import { addOfficer, removeOfficer } from '../src/admin/officers';
import { auditLog, organisations, tickets, walletCredentials } from '../src/db/schema';
import { CLUB_OFFICER, GUARDIAN, HOLDER, OTHER, tonightTicket, useGateFixture } from './support/gate';
import { firstError } from './support/login';
import { engines, useTestServer } from './support/test-server';

/**
 * What keeps the offline manifest affordable (issue #27): phone-key registrations are limited per
 * ticket and per person, and a match's manifest is rebuilt at most once per interval whatever arrives.
 * And a device lives no longer than its officer's standing in its club.
 */
const REBUILD_SECONDS = 2;

describe.each(engines)('phone keys and manifest rebuilds on %s', (engine) => {
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: String(REBUILD_SECONDS) });
  const { ids, call, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1] });

  const register = (afm: string, publicCode: string) =>
    call(afm, 'POST', `/api/wallet/tickets/${publicCode}/device-key`, {
      publicKey: generateGateKeyPair().publicKey,
    });
  /** The builds the server logged for tonight's manifest. */
  const builds = () =>
    server.logs.filter(
      (line) => line.includes('"msg":"gate manifest built"') && line.includes(`"eventId":${ids.tonight},`),
    ).length;

  it('builds a match’s manifest at most once per interval, however many phones are registered; an unchanged poll is 304', async () => {
    const { token } = await addDevice('Θύρα 1 - κινητό');
    const poll = (tag?: string) =>
      fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, {
        headers: { authorization: `Bearer ${token}`, ...(tag ? { 'if-none-match': tag } : {}) },
      });
    const first = await poll();
    expect(first.status).toBe(200);
    let tag = first.headers.get('etag') ?? '';
    expect(builds()).toBe(1);

    // 100 phones registered for tonight's tickets (written as registrations write them: past the
    // per-ticket limit of the API), each replacing the one before; the devices poll meanwhile.
    const { db } = server.database;
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, tonightTicket(1)));
    const started = Date.now();
    const added: number[] = [];
    for (let phone = 0; phone < 100; phone += 1) {
      const [row] = await db
        .insert(walletCredentials)
        .values({
          ticketId: ticket?.id ?? -1,
          scopeEventId: ids.tonight ?? -1,
          issuedTo: GUARDIAN,
          devicePublicKey: generateGateKeyPair().publicKey,
          credential: '',
          revokedAt: new Date(),
        })
        .returning({ id: walletCredentials.id });
      added.push(row?.id ?? -1);
      const answer = await poll(tag);
      if (answer.status === 200) tag = answer.headers.get('etag') ?? tag;
      else expect(answer.status).toBe(304);
    }
    const intervals = Math.floor((Date.now() - started) / (REBUILD_SECONDS * 1000)) + 1;
    expect(builds() - 1).toBeLessThanOrEqual(intervals);

    // Once the interval has passed, the next poll gets all of them, in one build; then 304 again.
    await new Promise((resolve) => setTimeout(resolve, REBUILD_SECONDS * 1000 + 100));
    const before = builds();
    const fresh = await poll(tag);
    expect(fresh.status).toBe(200);
    const manifest = (await fresh.json()) as GateManifest;
    expect(manifest.revokedCredentialIds).toEqual(expect.arrayContaining(added));
    expect(builds()).toBe(before + 1);
    const unchanged = await poll(fresh.headers.get('etag') ?? '');
    expect(unchanged.status).toBe(304);
    await new Promise((resolve) => setTimeout(resolve, REBUILD_SECONDS * 1000 + 100));
    expect((await poll(fresh.headers.get('etag') ?? '')).status).toBe(304);
    expect(builds()).toBe(before + 1);
  });

  it('follows RFC 9110 for If-None-Match: `*` alone or a matching tag is 304; a `*` in a list or an unquoted tag is ignored', async () => {
    const { token } = await addDevice('Θύρα 3 - κινητό');
    const poll = (ifNoneMatch: string) =>
      fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, {
        headers: { authorization: `Bearer ${token}`, 'if-none-match': ifNoneMatch },
      });
    const first = await fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    const strong = tag.replace(/^W\//, '');
    const statuses = async (...values: string[]) =>
      Promise.all(values.map(async (value) => (await poll(value)).status));

    expect(await statuses('*', ' * ', tag, strong, `"other", ${tag}`, `W/"other",${strong}`)).toEqual([
      304, 304, 304, 304, 304, 304,
    ]);
    expect(
      await statuses(`"other", *`, `*, ${tag}`, strong.slice(1, -1), '"other"', `${tag},`, 'W/', ''),
    ).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('refuses, in Greek, the 11th phone registered for one ticket in a day, and a person past theirs', async () => {
    for (let phone = 0; phone < DEVICE_KEYS_PER_TICKET_PER_DAY; phone += 1)
      expect((await register(HOLDER, '303000000001')).status).toBe(200);
    const eleventh = await register(HOLDER, '303000000001');
    expect(eleventh.status).toBe(429);
    expect(await firstError(eleventh)).toEqual({
      code: 'DEVICE_KEY_LIMIT',
      description: errorCatalogue.DEVICE_KEY_LIMIT.description,
    });
    // Another ticket, another person: not counted against it.
    expect((await register(OTHER, '303000000002')).status).toBe(200);

    // A person who registered DEVICE_KEYS_PER_PERSON_PER_DAY phones today, over any tickets.
    const { db } = server.database;
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, tonightTicket(1)));
    const today = await db.select().from(walletCredentials).where(eq(walletCredentials.issuedTo, OTHER));
    const more = DEVICE_KEYS_PER_PERSON_PER_DAY - today.length;
    expect(more).toBeGreaterThan(0);
    await db.insert(walletCredentials).values(
      Array.from({ length: more }, () => ({
        ticketId: ticket?.id ?? -1,
        scopeEventId: ids.tonight ?? -1,
        issuedTo: OTHER,
        devicePublicKey: generateGateKeyPair().publicKey,
        credential: '',
        revokedAt: new Date(),
      })),
    );
    expect((await firstError(await register(OTHER, '303000000002')))?.code).toBe('DEVICE_KEY_LIMIT');
  });

  it('ends the devices of an officer who is removed (401): moving him to another club or reinstating him revives none', async () => {
    const { token } = await addDevice('Θύρα 2 - κινητό');
    const { db } = server.database;
    const asDevice = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const calls = async () => [
      (await fetch(`${server.baseUrl}/api/gate/events`, { headers: asDevice })).status,
      (await fetch(`${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}`, { headers: asDevice }))
        .status,
      (
        await fetch(`${server.baseUrl}/api/gate/admissions`, {
          method: 'POST',
          headers: asDevice,
          body: JSON.stringify({ eventId: ids.tonight, code: 'ΑΓΝΩΣΤΟ' }),
        })
      ).status,
    ];
    expect(await calls()).toEqual([200, 200, 200]);
    await removeOfficer(db, 'test', CLUB_OFFICER);
    expect(await calls()).toEqual([401, 401, 401]);
    const [elsewhere] = await db.select().from(organisations).where(ne(organisations.id, 'ae-olympiada'));
    await addOfficer(db, 'test', CLUB_OFFICER, elsewhere?.id ?? null);
    expect(await calls()).toEqual([401, 401, 401]);
    // His removal revoked them (issue #40): re-adding the officer gives his devices no second life.
    await addOfficer(db, 'test', CLUB_OFFICER, 'ae-olympiada');
    expect(await calls()).toEqual([401, 401, 401]);
  });

  it('revoking a lost device can void what it recorded: its tickets may then enter', async () => {
    const lost = await addDevice('Θύρα 4 - χαμένο κινητό');
    const spare = await addDevice('Θύρα 4 - εφεδρικό');
    const print = await personalize(tonightTicket(1));
    const scan = async (token: string) =>
      (
        (await (
          await fetch(`${server.baseUrl}/api/gate/admissions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ eventId: ids.tonight, code: print }),
          })
        ).json()) as { reason: string }
      ).reason;
    expect(await scan(lost.token)).toBe('ADMITTED');
    expect(await scan(spare.token)).toBe('ALREADY_ADMITTED');
    const revoke = (query: string) =>
      call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${lost.deviceId}${query}`);
    expect((await revoke('?voidAdmissions=maybe')).status).toBe(400);
    expect((await revoke('?voidAdmissions=true')).status).toBe(200);
    expect(await scan(spare.token)).toBe('ADMITTED');
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'GATE_DEVICE_REVOKE'), eq(auditLog.subject, lost.deviceId)));
    expect(audited?.details).toEqual({ voidedAdmissions: 1 });
  });
});
