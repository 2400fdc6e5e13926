import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateGateKeyPair, walletMessages } from '@tickets/domain';
import { citizens } from '../src/db/schema';
import { DEMO_TICKETS } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * Each wallet ticket is blocked by the suspension of whoever enters with it: the minor for a minor's
 * ticket, the holder for the holder's; and no phone key is issued for a blocked ticket.
 */
const CLUB_OFFICER = '100000015';
const GUARDIAN = '100000027';
const OLDER = [DEMO_TICKETS.olderMinorFree, DEMO_TICKETS.olderMinorPending];
const YOUNGER = [DEMO_TICKETS.youngerMinorAccepted, DEMO_TICKETS.youngerMinorFree];

interface Listed {
  publicCode: string;
  blocked: boolean;
  blockedNotice: string | null;
}

describe.each(engines)('a wallet ticket blocked by whoever enters with it, on %s', (engine) => {
  const server = useTestServer(engine);
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    for (const afm of [CLUB_OFFICER, GUARDIAN]) cookies[afm] = (await loginAs(server.baseUrl, afm)).cookie;
  });
  const call = (afm: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: jsonFrom(server.baseUrl, cookies[afm]),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const suspend = async (person: Partial<typeof noPerson>) => {
    const added = await call(CLUB_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      ...person,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    return ((await added.json()) as { id: number }).id;
  };
  const walletOf = async (afm: string) =>
    (await (await call(afm, 'GET', '/api/wallet/tickets')).json()) as Listed[];
  const blockedOf = (wallet: Listed[], codes: readonly string[]) =>
    wallet.filter((entry) => codes.includes(entry.publicCode)).map((entry) => entry.blocked);
  const phoneKey = (publicCode: string) =>
    call(GUARDIAN, 'POST', `/api/wallet/tickets/${publicCode}/device-key`, {
      publicKey: generateGateKeyPair().publicKey,
    });

  it('blocks a suspended minor’s tickets in the guardian’s wallet, and no other', async () => {
    const [older] = await server.database.db
      .select()
      .from(citizens)
      .where(eq(citizens.firstName, 'ΝΙΚΟΛΑΟΣ'));
    const id = await suspend({ amka: older?.amka });
    const wallet = await walletOf(GUARDIAN);
    expect(blockedOf(wallet, OLDER)).toEqual([true, true]);
    expect(blockedOf(wallet, YOUNGER)).toEqual([false, false]);
    const notice = wallet.find((entry) => entry.publicCode === DEMO_TICKETS.olderMinorFree)?.blockedNotice;
    expect(notice).toBe(
      walletMessages.dependentBlockedNotice('ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ', '31/12/2099', 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)'),
    );

    const refused = await phoneKey(DEMO_TICKETS.olderMinorFree);
    expect(refused.status).toBe(422);
    expect((await phoneKey(DEMO_TICKETS.youngerMinorFree)).status).toBe(200);

    const lifted = await call(CLUB_OFFICER, 'PUT', `/api/blackList-administration/delete/${id}`, {
      afm: null,
      amka: older?.amka,
      documentId: null,
    });
    expect(lifted.status).toBe(200);
    expect(blockedOf(await walletOf(GUARDIAN), OLDER)).toEqual([false, false]);
  });

  it('does not block the minors’ tickets for the guardian’s own suspension', async () => {
    await suspend({ afm: GUARDIAN });
    const wallet = await walletOf(GUARDIAN);
    expect(blockedOf(wallet, [...OLDER, ...YOUNGER])).toEqual([false, false, false, false]);
  });
});
