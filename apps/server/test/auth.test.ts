import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, sessions } from '../src/db/schema';
import { removeOfficer, addOfficer } from '../src/admin/officers';
import { cookieFrom, firstError, jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

const OFFICER = '100000015';
const CITIZEN = '100000040';

describe.each(engines)('login and session on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  beforeAll(() => {
    base = server.baseUrl;
  });

  const getUser = (cookie?: string) => fetch(`${base}/api/auth/user`, { headers: cookie ? { cookie } : {} });

  it('answers 401 with the Greek envelope without a session', async () => {
    const response = await getUser();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      exceptions: {
        errors: [{ code: 'UNAUTHENTICATED', description: expect.stringMatching(/Taxisnet/) }],
      },
    });
  });

  it('logs an officer in through TaxisNet and returns the five fields', async () => {
    const { cookie, location } = await loginAs(base, OFFICER);
    expect(location).toBe('/tickets/confirmation');
    const response = await getUser(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      firstname: 'ΓΕΩΡΓΙΟΣ',
      lastname: 'ΝΙΚΟΛΑΟΥ',
      taxid: OFFICER,
      TICKET_ROLE: 'OFFICER',
      logoutUrl: `${base}/oauth2server/logout/athletic-tickets-local`,
    });
  });

  it('gives a citizen the STANDARD_USER role', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    expect(await (await getUser(cookie)).json()).toMatchObject({
      taxid: CITIZEN,
      TICKET_ROLE: 'STANDARD_USER',
    });
  });

  it('returns to the route family the person started from', async () => {
    expect((await loginAs(base, OFFICER, '/ticket-office')).location).toBe('/ticket-office/confirmation');
    const start = await fetch(`${base}/oauth2/authorization/taxis?login_hint=${OFFICER}`, {
      redirect: 'manual',
      headers: { referer: `${base}/ticket-office/login-app` },
    });
    const attemptState = new URL(start.headers.get('location') as string).searchParams.get('state');
    const [row] = await server.database.db.query.loginAttempts.findMany({
      where: (attempt, { eq: equals }) => equals(attempt.state, attemptState ?? ''),
    });
    expect(row?.returnBase).toBe('/ticket-office');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and stores only its hash', async () => {
    const start = await fetch(`${base}/oauth2/authorization/taxis?login_hint=${CITIZEN}`, {
      redirect: 'manual',
    });
    const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
    const callback = await fetch(authorize.headers.get('location') as string, {
      redirect: 'manual',
      headers: { cookie: cookieFrom(start, 'tickets_login_state') ?? '' },
    });
    const header = callback.headers.getSetCookie().find((value) => value.startsWith('tickets_session='));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const token = header?.split(';')[0]?.split('=')[1] ?? '';
    const stored = await server.database.db.select().from(sessions).where(eq(sessions.idHash, token));
    expect(stored).toHaveLength(0);
  });

  it('logs out: the session is gone and the cookie no longer works, at once', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    expect((await getUser(cookie)).status).toBe(200);
    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: jsonFrom(base, cookie),
    });
    expect(logout.status).toBe(200);
    expect((await getUser(cookie)).status).toBe(401);
  });

  it('answers 401, not 500, to a forged or malformed cookie', async () => {
    for (const value of ['forged', '', '%%%', 'x'.repeat(4000), "'; drop table sessions; --"]) {
      expect((await getUser(`tickets_session=${value}`)).status).toBe(401);
    }
  });

  it('refuses state-changing calls from another origin or without JSON', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    const foreign = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { ...jsonFrom(base, cookie), origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await firstError(foreign))?.code).toBe('CROSS_ORIGIN_FORBIDDEN');
    const noOrigin = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const form = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { ...jsonFrom(base, cookie), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    expect((await getUser(cookie)).status).toBe(200);
  });

  // The router decodes the path (`/%61pi/` is `/api/`): the checks must see what it matched.
  it('refuses a state-changing call to a percent-encoded API path without Origin', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    for (const path of ['/%61pi/auth/logout', '/%61%70%69/auth/logout']) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(response.status).toBe(403);
      expect((await firstError(response))?.code).toBe('CROSS_ORIGIN_FORBIDDEN');
    }
    expect((await getUser(cookie)).status).toBe(200);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: jsonFrom(base),
      body: '{"not json',
    });
    expect(response.status).toBe(400);
    expect(await firstError(response)).toEqual({
      code: 'MALFORMED_JSON',
      description: expect.any(String),
    });
  });

  it('answers what the HTTP parser refuses (huge URL, broken HTTP) with the Greek envelope too', async () => {
    const long = await fetch(`${base}/api/auth/user?code=${'1'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect((await firstError(long))?.description).toMatch(/πολύ μεγάλες/);

    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), 'localhost', () => socket.write('GARBAGE / NOT-HTTP\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('"code":"MALFORMED_REQUEST"');
    expect(raw).toContain('έγκυρη μορφή');
  });

  it('answers an oversized body with 413 and unknown API paths with a 404 envelope', async () => {
    const big = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: jsonFrom(base),
      body: JSON.stringify({ padding: 'x'.repeat(100_000) }),
    });
    expect(big.status).toBe(413);
    const unknown = await fetch(`${base}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect((await firstError(unknown))?.code).toBe('NOT_FOUND');
  });

  // Sessions are kept in memory once read; the database announces every change, whoever makes it.
  it('sees a role change made by another process at once, even for a session just read', async () => {
    const { cookie } = await loginAs(base, OFFICER);
    expect(await (await getUser(cookie)).json()).toMatchObject({ TICKET_ROLE: 'OFFICER' });
    const role = async () => ((await (await getUser(cookie)).json()) as { TICKET_ROLE: string }).TICKET_ROLE;
    await removeOfficer(server.database.db, 'test', OFFICER);
    await expect.poll(role, { timeout: 10_000, interval: 20 }).toBe('STANDARD_USER');
    await addOfficer(server.database.db, 'test', OFFICER, 'ae-olympiada');
    await expect.poll(role, { timeout: 10_000, interval: 20 }).toBe('OFFICER');
  });

  it('stops honouring a session that another server or the purge removed, even one just read', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    expect((await getUser(cookie)).status).toBe(200);
    const token = cookie.split('=')[1] ?? '';
    const idHash = createHash('sha256').update(token).digest('base64url');
    await server.database.db.delete(sessions).where(eq(sessions.idHash, idHash));
    await expect
      .poll(async () => (await getUser(cookie)).status, { timeout: 10_000, interval: 20 })
      .toBe(401);
  });

  it.runIf(engine === 'postgres')(
    'keeps honouring changes after PostgreSQL cut the connection it hears them on',
    async () => {
      const { cookie } = await loginAs(base, CITIZEN);
      expect((await getUser(cookie)).status).toBe(200);
      const listeners = async () => {
        const result = await server.database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
        );
        return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
      };
      // The session cache's listener may still be connecting on a loaded machine: wait for it.
      await expect.poll(async () => (await listeners()).length, { timeout: 20_000 }).toBe(1);
      const [before] = await listeners();
      await server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen%'`,
      );
      // While it listens again nothing is kept; once it does, changes are heard as before.
      await expect
        .poll(async () => (await listeners()).filter((pid) => pid !== before).length, { timeout: 20_000 })
        .toBe(1);
      expect((await getUser(cookie)).status).toBe(200);
      const idHash = createHash('sha256')
        .update(cookie.split('=')[1] ?? '')
        .digest('base64url');
      await server.database.db.delete(sessions).where(eq(sessions.idHash, idHash));
      await expect
        .poll(async () => (await getUser(cookie)).status, { timeout: 10_000, interval: 20 })
        .toBe(401);
    },
  );

  it('ends a session that has been idle too long', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    await server.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    expect((await getUser(cookie)).status).toBe(401);
  });

  it('refuses a callback whose state this browser was not given', async () => {
    const start = await fetch(`${base}/oauth2/authorization/taxis?login_hint=${CITIZEN}`, {
      redirect: 'manual',
    });
    const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
    const callback = await fetch(authorize.headers.get('location') as string, { redirect: 'manual' });
    expect(callback.headers.get('location')).toBe('/tickets/login-app?error=login_failed');
    expect(cookieFrom(callback, 'tickets_session')).toBeUndefined();
  });

  it('audits logins and logouts, and never logs the AFM in clear', async () => {
    const { cookie } = await loginAs(base, CITIZEN);
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: jsonFrom(base, cookie) });
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.actor, CITIZEN));
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['LOGIN', 'LOGOUT']));
    expect(server.logs.length).toBeGreaterThan(10);
    // Bounded by non-digits: a timestamp or duration may contain the same nine digits by chance.
    expect(server.logs.join('\n')).not.toMatch(new RegExp(`(?<![\\d.])${CITIZEN}(?!\\d)`));
  });

  it('audits with the server’s own request id, the client’s X-Request-Id only a correlation in the logs', async () => {
    const requestId = '0d9f6a7e-1111-4222-8333-944455556666';
    for (let time = 0; time < 2; time += 1) {
      const { cookie } = await loginAs(base, CITIZEN);
      await fetch(`${base}/api/auth/logout`, {
        method: 'POST',
        headers: { ...jsonFrom(base, cookie), 'x-request-id': requestId },
      });
    }
    const correlated = server.logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as { reqId: string; correlationId: string });
    expect(correlated.length).toBeGreaterThan(0);
    expect(correlated.every((line) => line.correlationId === requestId && line.reqId !== requestId)).toBe(
      true,
    );
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))).toEqual(
      [],
    );
    // Two requests with the same client id: two audit rows, each with its own request id.
    const logouts = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, CITIZEN), eq(auditLog.action, 'LOGOUT')));
    const ids = logouts.map((row) => row.requestId);
    expect(new Set(ids).size).toBe(ids.length);
    const correlatedIds = new Set(correlated.map((line) => line.reqId));
    expect(ids.filter((id) => correlatedIds.has(id ?? ''))).toHaveLength(2);
  });

  it('reports health and readiness', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ok' });
  });
});
