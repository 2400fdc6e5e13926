import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AMKA_SHOWN_DIGITS, errorCatalogue, LOOKUP_SWEEP_CODES, LOOKUP_SWEEP_SPAN } from '@tickets/domain';
import { citizens } from '../src/db/schema';
import { firstError, jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

/**
 * The stats lookup answers a ticket's holder (issue #40: 80 sequential codes answered 200 in a row, each
 * with the holder's ΑΦΜ and ΑΜΚΑ): the ΑΜΚΑ is masked, a sweep of sequential codes is refused, and an
 * officer's lookups are limited per hour as the suspension checks are.
 */
const CLUB_OFFICER = '100000015'; // ae-olympiada
const PLATFORM_OFFICER = '100000003';
const MINOR_TICKET = '200000000011'; // ΝΙΚΟΛΑΟΣ's, added by his guardian
/** The cup's free tickets by serial (ae-olympiada). */
const cup = (serial: number) => `3020000000${String(serial).padStart(2, '0')}`;

function useOfficers(server: ReturnType<typeof useTestServer>) {
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER])
      cookies[afm] = (await loginAs(server.baseUrl, afm)).cookie;
  });
  return (afm: string, code: string) =>
    fetch(`${server.baseUrl}/api/stats/ticket?code=${code}`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, cookies[afm]),
    });
}

describe.each(engines)('the stats lookup on %s', (engine) => {
  const server = useTestServer(engine);
  const lookup = useOfficers(server);

  it('shows only the last digits of the holder’s ΑΜΚΑ', async () => {
    const response = await lookup(CLUB_OFFICER, MINOR_TICKET);
    expect(response.status).toBe(200);
    const { amka } = (await response.json()) as { amka: string };
    const [minor] = await server.database.db
      .select({ amka: citizens.amka })
      .from(citizens)
      .where(eq(citizens.firstName, 'ΝΙΚΟΛΑΟΣ'));
    const full = minor?.amka ?? '';
    expect(full).toMatch(/^\d{11}$/);
    expect(amka).toBe(`${'•'.repeat(full.length - AMKA_SHOWN_DIGITS)}${full.slice(-AMKA_SHOWN_DIGITS)}`);
  });

  it('refuses a sweep of sequential codes, in Greek, and nothing else', async () => {
    // Neighbouring codes, found or not, each once (a code looked up again is no sweep).
    for (let serial = 1; serial <= LOOKUP_SWEEP_CODES; serial += 1) {
      expect((await lookup(CLUB_OFFICER, cup(serial))).status).toBe(200);
      expect((await lookup(CLUB_OFFICER, cup(serial))).status).toBe(200);
    }
    const swept = await lookup(CLUB_OFFICER, cup(LOOKUP_SWEEP_CODES + 1));
    expect(swept.status).toBe(429);
    expect(await firstError(swept)).toEqual({
      code: 'TICKET_LOOKUP_SWEEP',
      description: errorCatalogue.TICKET_LOOKUP_SWEEP.description,
    });
    // A neighbour on the other side is refused too; a code far from them, and another officer, go through.
    expect((await lookup(CLUB_OFFICER, '301999999999')).status).toBe(429);
    expect((await lookup(CLUB_OFFICER, cup(LOOKUP_SWEEP_CODES + LOOKUP_SWEEP_SPAN + 2))).status).toBe(200);
    expect((await lookup(PLATFORM_OFFICER, cup(LOOKUP_SWEEP_CODES + 1))).status).toBe(200);
  });
});

describe('the stats lookups per hour', () => {
  const server = useTestServer('pglite', { STATS_LOOKUPS_PER_HOUR: '4' });
  const lookup = useOfficers(server);

  it('refuses an officer’s lookup past the hour’s allowance, in Greek, whatever the codes', async () => {
    const apart = ['301000000001', '302000000040', '401000000001', '305000000001'];
    for (const code of apart) expect((await lookup(PLATFORM_OFFICER, code)).status).toBe(200);
    const limited = await lookup(PLATFORM_OFFICER, '301000000060');
    expect(limited.status).toBe(429);
    expect((await firstError(limited))?.code).toBe('STATS_LOOKUP_LIMIT');
    expect(errorCatalogue.STATS_LOOKUP_LIMIT.description).toMatch(/[\u0370-\u03ff]/);
    expect((await lookup(CLUB_OFFICER, '301000000060')).status).toBe(200);
  });
});
