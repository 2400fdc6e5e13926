import { describe, expect, it } from 'vitest';
import { loginAttempts, sessions, taxisStandInGrants } from '../src/db/schema';
import { purgeExpiredRows } from '../src/purge';
import { engines, useTestServer } from './support/test-server';

/** The periodic purge: every table a login writes to stops growing once its rows have expired. */
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const policy = { idleMinutes: 30, absoluteHours: 12 };

describe.each(engines)('the purge of expired rows on %s', (engine) => {
  const server = useTestServer(engine);
  const db = () => server.database.db;

  it('removes sessions idle or past their absolute expiry, and keeps the live one', async () => {
    const session = (idHash: string, lastSeenAt: Date, expiresAt: Date) => ({
      idHash,
      afm: '100000040',
      firstName: 'Α',
      lastName: 'Β',
      lastSeenAt,
      expiresAt,
    });
    await db().delete(sessions);
    await db()
      .insert(sessions)
      .values([
        session('idle', ago(31), ago(-60)),
        session('past-absolute', ago(1), ago(1)),
        session('live', ago(1), ago(-60)),
      ]);
    await purgeExpiredRows(db(), policy);
    expect((await db().select().from(sessions)).map((row) => row.idHash)).toEqual(['live']);
  });

  it('removes login attempts older than their lifetime', async () => {
    const attempt = (state: string, createdAt: Date) => ({
      state,
      codeVerifier: 'v',
      returnBase: '/tickets',
      createdAt,
    });
    await db().delete(loginAttempts);
    await db()
      .insert(loginAttempts)
      .values([attempt('abandoned', ago(11)), attempt('in-progress', ago(2))]);
    await purgeExpiredRows(db(), policy);
    expect((await db().select().from(loginAttempts)).map((row) => row.state)).toEqual(['in-progress']);
  });

  it("removes the stand-in's unused codes and tokens past their lifetime", async () => {
    const grant = (code: string, createdAt: Date, exchangedAt: Date | null) => ({
      code,
      afm: '100000040',
      firstName: 'Α',
      lastName: 'Β',
      clientId: 'client',
      redirectUri: 'http://localhost/callback',
      createdAt,
      accessToken: exchangedAt ? `token-${code}` : null,
      exchangedAt,
    });
    await db().delete(taxisStandInGrants);
    await db()
      .insert(taxisStandInGrants)
      .values([
        grant('unused-expired', ago(6), null),
        grant('unused-fresh', ago(1), null),
        grant('token-expired', ago(62), ago(61)),
        grant('token-live', ago(30), ago(30)),
      ]);
    await purgeExpiredRows(db(), policy);
    const left = await db().select().from(taxisStandInGrants);
    expect(left.map((row) => row.code).sort()).toEqual(['token-live', 'unused-fresh']);
  });
});
