import { describe, expect, it } from 'vitest';
import { engines, useTestServer } from './support/test-server';
import { jsonFrom, loginAs } from './support/login';
import { CLUB_OFFICER, PLATFORM_OFFICER } from './support/gate';

/** «Πύλες εισόδου»: whom a new gate device can be for, asked before the officer types anything. */
describe.each(engines)('the organisations of a new gate device on %s', (engine) => {
  const server = useTestServer(engine);
  const organisationsOf = async (afm: string) => {
    const { cookie } = await loginAs(server.baseUrl, afm);
    const response = await fetch(`${server.baseUrl}/api/ticket-office/gate-devices/organisations`, {
      headers: jsonFrom(server.baseUrl, cookie),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      choose: boolean;
      organisations: { organisationId: string; name: string }[];
    };
  };

  it('a platform-wide officer chooses among every club, by name; a club officer has their own', async () => {
    const platform = await organisationsOf(PLATFORM_OFFICER);
    expect(platform.choose).toBe(true);
    expect(platform.organisations.length).toBeGreaterThan(1);
    expect(platform.organisations).toContainEqual({
      organisationId: 'ae-olympiada',
      name: expect.stringMatching(/Ολυμπιάδα/) as string,
    });

    const club = await organisationsOf(CLUB_OFFICER);
    expect(club).toEqual({
      choose: false,
      organisations: [expect.objectContaining({ organisationId: 'ae-olympiada' })],
    });
  });

  it('is refused to a citizen and to nobody signed in', async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/ticket-office/gate-devices/organisations`);
    expect(anonymous.status).toBe(401);
    const { cookie } = await loginAs(server.baseUrl, '100000040');
    const citizen = await fetch(`${server.baseUrl}/api/ticket-office/gate-devices/organisations`, {
      headers: jsonFrom(server.baseUrl, cookie),
    });
    expect(citizen.status).toBe(403);
  });
});
