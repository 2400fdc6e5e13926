import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  generateGateKeyPair,
  issueWalletCredential,
  makeWalletCode,
  parseWalletCredential,
  verifyGateCode,
  type GateManifest,
} from '@tickets/domain';
import { ENTRY_CASES, type EntrySetup } from '@tickets/domain/entry-cases';
import { citizens, tickets, transfers } from '../src/db/schema';
import { revertDueTransfers } from '../src/features/wallet/transfers.service';
import { GUARDIAN, HOLDER, OTHER, PLATFORM_OFFICER, tonightTicket, useGateFixture } from './support/gate';
import { jsonFrom, loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * The table of entry cases (@tickets/domain/entry-cases) through `POST /api/gate/admissions`: each case
 * made as its setup says, with the API (the database only where no API reaches: a minor's ticket, a
 * loan's end), and the server's decision must be the table's, as `decideEntry`'s and the steward's
 * screen's offline (e2e/tests/gate-entry-cases.spec.ts). The device's decision (`verifyGateCode`) on
 * the match's manifest is asked here too: the one place a loan's end, hence another's phone, is made.
 */
const SEASON_TICKET = '303000000001'; // HOLDER's
const OTHERS_SEASON_TICKET = '303000000002';
/** An adult of the registry no other gate test uses: the companion who is suspended. */
const COMPANION = '100000052';

describe.each(engines)('the table of entry cases on %s', (engine) => {
  // Every change shows in the next manifest at once.
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: '0' });
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6, 7, 8],
  });
  let token = '';
  let nextSerial = 1;
  let youngMinorAmka = '';

  beforeAll(async () => {
    ({ token } = await addDevice('Θύρα 3 - πίνακας περιπτώσεων'));
    const [anna] = await server.database.db
      .select({ amka: citizens.amka })
      .from(citizens)
      .where(and(sql`${citizens.afm} is null`, eq(citizens.firstName, 'ΑΝΝΑ')));
    youngMinorAmka = anna?.amka ?? '';
  });

  const scan = async (eventId: number | undefined, code: string) => {
    const response = await fetch(`${server.baseUrl}/api/gate/admissions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId, code }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reason: string }).reason;
  };
  const suspend = async (fields: Record<string, string>) => {
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      ...fields,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
  };
  /** A phone registered by `afm` for the ticket: its credential and key. */
  const phoneOf = async (afm: string, publicCode: string) => {
    const phone = generateGateKeyPair();
    const registered = await call(afm, 'POST', `/api/wallet/tickets/${publicCode}/device-key`, {
      publicKey: phone.publicKey,
    });
    expect(registered.status).toBe(200);
    const { credential } = (await registered.json()) as { credential: string };
    return { credential, secretKey: phone.secretKey };
  };

  /** A young minor's ticket of tonight, carried by the guardian. */
  const youngMinorsTicket = async () => {
    const publicCode = tonightTicket(nextSerial++);
    await server.database.db
      .update(tickets)
      .set({ holderAmka: youngMinorAmka })
      .where(eq(tickets.publicCode, publicCode));
    return publicCode;
  };

  /** The companion the guardian names for the minor's ticket accepts. */
  const acceptedCompanion = async (publicCode: string) => {
    const declared = await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
      publicCode,
      afm: COMPANION,
      amka: youngMinorAmka,
    });
    expect(declared.status).toBe(200);
    const { cookie } = await loginAs(server.baseUrl, COMPANION);
    const asCompanion = (method: string, route: string) =>
      fetch(`${server.baseUrl}${route}`, {
        method,
        headers: jsonFrom(server.baseUrl, cookie),
      });
    const requests = (await (await asCompanion('GET', '/api/wallet/companion-requests')).json()) as {
      requestId: string;
      ticketCode: string;
    }[];
    const request = requests.find((entry) => entry.ticketCode === publicCode);
    expect(
      (await asCompanion('POST', `/api/wallet/companion-requests/${request?.requestId}/accept`)).status,
    ).toBe(200);
  };

  /** The season ticket lent to OTHER for tonight, OTHER's phone registered, then the loan ended. */
  const afterTheLoan = async () => {
    const loan = await call(HOLDER, 'POST', `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      recipientAfm: OTHER,
      eventId: ids.tonight,
    });
    expect(loan.status).toBe(200);
    const { transferId } = (await loan.json()) as { transferId: string };
    expect((await call(OTHER, 'POST', `/api/wallet/transfers/${transferId}/accept`)).status).toBe(200);
    const phone = await phoneOf(OTHER, SEASON_TICKET);
    await server.database.db
      .update(transfers)
      .set({ revertAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, transferId));
    expect(await revertDueTransfers(server.database.db)).toBe(1);
    return phone;
  };

  /** Makes the case as its setup says: the event at the gate and the code scanned there. */
  async function make(setup: EntrySetup): Promise<{ eventId: number | undefined; code: string }> {
    // The clock cannot be moved on the server: a match whose gates are not open yet, or one played.
    if (setup.clock === 'beforeGatesOpen')
      return { eventId: ids['demo-derby'], code: await personalize('301000000071') };
    if (setup.clock === 'over') return { eventId: ids['demo-past'], code: await personalize('303000000030') };
    if (setup.otherFixture) return { eventId: ids.tonight, code: await personalize('301000000070') };
    if (setup.code === 'paper') {
      const publicCode = tonightTicket(nextSerial++);
      if (setup.holderSuspended) {
        const code = await personalize(publicCode, 'ΣΣ777001');
        await suspend({ documentId: 'ΣΣ777001' });
        return { eventId: ids.tonight, code };
      }
      const code = await personalize(publicCode);
      if (setup.replaced) await personalize(publicCode);
      return { eventId: ids.tonight, code };
    }
    if (setup.minor) {
      const publicCode = await youngMinorsTicket();
      if (setup.minor === 'suspendedCompanion') {
        await acceptedCompanion(publicCode);
        await suspend({ afm: COMPANION });
      }
      return { eventId: ids.tonight, code: (await walletCode(GUARDIAN, publicCode)) ?? '' };
    }
    if (setup.forgedPhoneKey) {
      const registered = parseWalletCredential((await phoneOf(OTHER, OTHERS_SEASON_TICKET)).credential);
      if (!registered) throw new Error('the registered credential does not parse');
      const otherPhone = generateGateKeyPair();
      const credential = issueWalletCredential(
        { ...registered, devicePublicKey: otherPhone.publicKey },
        server.config.gateKeys.signer,
      );
      return {
        eventId: ids.tonight,
        code: makeWalletCode({ credential, secretKey: otherPhone.secretKey, now: new Date() }),
      };
    }
    const phone = setup.othersPhone ? await afterTheLoan() : await phoneOf(OTHER, OTHERS_SEASON_TICKET);
    if (setup.replaced) await phoneOf(OTHER, OTHERS_SEASON_TICKET);
    const shownAt = new Date(Date.now() - (setup.shownMinutesAgo ?? 0) * 60_000);
    return { eventId: ids.tonight, code: makeWalletCode({ ...phone, now: shownAt }) };
  }

  /** The device's decision offline with the match's manifest as the server builds it now (`verifyGateCode`). */
  const offline = async (eventId: number | undefined, code: string) => {
    const response = await fetch(`${server.baseUrl}/api/gate/manifest?eventId=${eventId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as GateManifest;
    const verified = verifyGateCode(code, manifest, { eventId: eventId ?? -1, now: new Date() });
    return verified.ok ? 'ADMITTED' : verified.reason;
  };

  it.each(ENTRY_CASES.map((entry) => [entry.name, entry] as const))('«%s»', async (name, entry) => {
    const { eventId, code } = await make(entry.setup);
    // Offline, before the server records anything: a device keeps its own admissions (the spec's
    // steward's screen refuses the second scan from its store).
    const offlineExpected = entry.setup.admittedBefore ? 'ADMITTED' : entry.expected;
    const device = await offline(eventId, code);
    if (entry.setup.admittedBefore) expect(await scan(eventId, code)).toBe('ADMITTED');
    const online = await scan(eventId, code);
    expect({ name, online, offline: device }).toEqual({
      name,
      online: entry.expected,
      offline: offlineExpected,
    });
  });
});
