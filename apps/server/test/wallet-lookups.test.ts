import { beforeAll, describe, expect, it } from 'vitest';
import { walletMessages } from '@tickets/domain';
import { DEMO_ORGANISATIONS } from '../src/demo/seed';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

/** A citizen sees when a ticket office looked up their tickets, and which club; never the officer. */
const CLUB_OFFICER = '100000015'; // ae-olympiada
const PLATFORM_OFFICER = '100000003';
const HOLDER = '100000039';
const OTHER = '100000040';

describe.each(engines)('the wallet’s lookups on %s', (engine) => {
  const server = useTestServer(engine);
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER, HOLDER, OTHER])
      cookies[afm] = (await loginAs(server.baseUrl, afm)).cookie;
  });

  const call = (afm: string, method: string, path: string) =>
    fetch(`${server.baseUrl}${path}`, { method, headers: jsonFrom(server.baseUrl, cookies[afm]) });
  const lookupsOf = async (afm: string) =>
    (await (await call(afm, 'GET', '/api/wallet/lookups')).json()) as Record<string, string>[];

  it('lists each lookup of the person’s tickets with the club and the time, newest first', async () => {
    expect(await lookupsOf(HOLDER)).toEqual([]);
    expect((await call(CLUB_OFFICER, 'POST', '/api/stats/ticket?code=303000000001')).status).toBe(200);
    expect((await call(PLATFORM_OFFICER, 'POST', '/api/stats/ticket?code=303000000001')).status).toBe(200);
    const lookups = await lookupsOf(HOLDER);
    expect(lookups).toEqual([
      {
        ticketCode: '303000000001',
        kind: 'LOOKUP',
        organisation: walletMessages.platformStaff,
        at: expect.any(String),
      },
      {
        ticketCode: '303000000001',
        kind: 'LOOKUP',
        organisation: DEMO_ORGANISATIONS.find((club) => club.id === 'ae-olympiada')?.name,
        at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(lookups)).not.toMatch(new RegExp(`${CLUB_OFFICER}|${PLATFORM_OFFICER}`));
    // Nobody else's.
    expect(await lookupsOf(OTHER)).toEqual([]);
    expect((await fetch(`${server.baseUrl}/api/wallet/lookups`)).status).toBe(401);
  });
});
