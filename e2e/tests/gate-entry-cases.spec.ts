import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  gateDecisionMessage,
  gateScreenMessages,
  generateGateKeyPair,
  issueWalletCredential,
  makeWalletCode,
  parseWalletCredential,
  type Dependent,
  type TicketClaim,
} from '@tickets/domain';
import { ENTRY_CASES, type EntryCase, type EntrySetup } from '@tickets/domain/entry-cases';
import { PEOPLE, sessionCall, signIn } from './support';

/**
 * The table of entry cases (@tickets/domain/entry-cases) on the steward's screen offline: one paired
 * device, one manifest, the network cut, each case's code typed into the field and the decision read
 * off the screen; the device's clock moved for the gates not open yet and the match over. It must be
 * the table's, as `decideEntry`'s and the server's (apps/server/test/gate-entry-cases.test.ts). The
 * registry has one young minor: her one ticket of the match is decided without a companion, then with
 * a suspended one, after the device's next poll.
 * Another's phone (a loan's recipient once the loan ended) cannot be made through the API before a
 * match ends: that case is made and decided offline by the server's test, on the manifest the server
 * builds. Another phone's key in a credential is signed with the run's platform key, known to the
 * specs as a leaked key would be (playwright.config.ts).
 */
const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
const MATCH = 'Α.Ε. Ολυμπιάδα - Πίνακας περιπτώσεων εισόδου';
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
/** This match's tickets: no other spec uses them. */
const ticket = (serial: number) => `30597000000${serial}`;
const TICKETS = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(ticket);
/** ΣΟΦΙΑ's season ticket (the demo season's fixtures), her phones registered here. */
const SEASON_TICKET = '303000000002';
/** A ticket of another match of the club (demo-derby) that no other spec prints. */
const OTHER_FIXTURES_TICKET = '301000000077';
/** An adult of the registry no other spec uses: the companion who is suspended. */
const COMPANION = '100000052';
const SUSPENDED_DOCUMENT = 'ΑΑ597999';
const MINUTE = 60_000;
const startsAt = Date.now() + 90 * MINUTE;
/** The device's clock for the two cases that move it: before the gates open (3 h before kick-off), after the match. */
const CLOCK = { beforeGatesOpen: startsAt - 4 * 60 * MINUTE, over: startsAt + 5 * 60 * MINUTE };

test.use({ viewport: PHONE });

async function personOf(browser: Browser, origin: string, afm: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, afm);
  return page;
}

test('the table of entry cases: the steward’s screen offline decides each as the table says', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const origin = new URL(page.url()).origin;

  // The club announces the match (gates open: kick-off in 90 minutes) and its tickets.
  const announced = await page.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-entry-cases',
          description: MATCH,
          startsAt: new Date(startsAt).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
      ],
    },
  });
  expect(announced.status()).toBe(200);
  const pushed = await page.request.put('/api/providers/tickets', {
    headers: PROVIDER,
    data: {
      tickets: TICKETS.map((publicCode, index) => ({
        publicCode,
        eventExternalId: 'e2e-entry-cases',
        sector: 'Θύρα 8',
        row: '2',
        seat: String(index + 1),
      })),
    },
  });
  expect(pushed.status()).toBe(200);
  const claims = new Map(
    ((await pushed.json()) as { claims: TicketClaim[] }).claims.map((claim) => [
      claim.publicCode,
      claim.claimCode,
    ]),
  );

  const unused = [...TICKETS];
  const nextTicket = () => unused.shift() ?? '';
  let documents = 0;
  const nextDocument = () => `ΑΑ5970${String(++documents).padStart(2, '0')}`;
  const personalize = async (ticketCode: string, documentId = nextDocument()) =>
    (
      await sessionCall<{ privateCode: string }>(page, 'POST', '/api/ticket-office/personalize', {
        ticketCode,
        firstName: 'ΠΙΝΑΚΑΣ',
        lastName: 'ΠΕΡΙΠΤΩΣΕΩΝ',
        documentType: 'NATIONAL_ID',
        documentId,
      })
    ).privateCode;
  const suspend = async (fields: { afm?: string; documentId?: string }) =>
    sessionCall(page, 'POST', '/api/blackList-administration/add', {
      afm: null,
      amka: null,
      firstName: null,
      fathersName: null,
      lastName: null,
      dateOfBirth: null,
      documentId: null,
      ...fields,
      endDate: '2099-12-31',
    });
  /** A phone registered by the signed-in person of `wallet` for a ticket: its credential and key. */
  const phoneOf = async (wallet: Page, publicCode: string) => {
    const phone = generateGateKeyPair();
    const { credential } = await sessionCall<{ credential: string }>(
      wallet,
      'POST',
      `/api/wallet/tickets/${publicCode}/device-key`,
      { publicKey: phone.publicKey },
    );
    return { credential, secretKey: phone.secretKey };
  };
  const citizen = await personOf(browser, origin, PEOPLE.citizen.afm);
  const guardian = await personOf(browser, origin, PEOPLE.guardian.afm);
  const [anna] = (await sessionCall<Dependent[]>(guardian, 'GET', '/api/tickets/dependents/')).filter(
    (minor) => minor.firstName === 'ΑΝΝΑ',
  );
  // ΣΟΦΙΑ's phones: an old one, replaced by the one she shows now.
  const oldPhone = await phoneOf(citizen, SEASON_TICKET);
  const phone = await phoneOf(citizen, SEASON_TICKET);

  /** ΑΝΝΑ's ticket, added by her guardian with its claim code, and a phone of the guardian's for it. */
  let annas: { publicCode: string; guardians: { credential: string; secretKey: string } } | undefined;
  const annasTicket = async () => {
    if (annas) return annas;
    const publicCode = nextTicket();
    const added = await guardian.request.post('/api/wallet/tickets', {
      headers: { origin },
      data: { publicCode, claimCode: claims.get(publicCode), dependentAmka: anna?.amka },
    });
    expect(added.status(), await added.text()).toBe(201);
    annas = { publicCode, guardians: await phoneOf(guardian, publicCode) };
    return annas;
  };

  /** Makes the case as its setup says (before the device fetches its manifest): how to get its code at the gate. */
  async function make(setup: EntrySetup): Promise<() => string> {
    if (setup.otherFixture) {
      const code = await personalize(OTHER_FIXTURES_TICKET);
      return () => code;
    }
    if (setup.code === 'paper') {
      const publicCode = nextTicket();
      const documentId = setup.holderSuspended ? SUSPENDED_DOCUMENT : nextDocument();
      const code = await personalize(publicCode, documentId);
      if (setup.holderSuspended) await suspend({ documentId });
      // Printed again for the same person: the reprint replaces this print.
      if (setup.replaced) await personalize(publicCode, documentId);
      return () => code;
    }
    if (setup.minor) {
      // ΑΝΝΑ (under 15) holds one ticket of the match: the suspended companion comes second (below).
      const { publicCode, guardians } = await annasTicket();
      if (setup.minor === 'suspendedCompanion') {
        await sessionCall(guardian, 'POST', '/api/tickets/dependents/declarations/indicate', {
          publicCode,
          afm: COMPANION,
          amka: anna?.amka,
        });
        const companion = await personOf(browser, origin, COMPANION);
        const requests = await sessionCall<{ requestId: string; ticketCode: string }[]>(
          companion,
          'GET',
          '/api/wallet/companion-requests',
        );
        const request = requests.find((entry) => entry.ticketCode === publicCode);
        await sessionCall(companion, 'POST', `/api/wallet/companion-requests/${request?.requestId}/accept`);
        await companion.context().close();
        await suspend({ afm: COMPANION });
      }
      return () => makeWalletCode({ ...guardians, now: new Date() });
    }
    if (setup.othersPhone) throw new Error('Another’s phone is made by the server’s test only.');
    if (setup.forgedPhoneKey) {
      // The platform's key, leaked (the run's own: playwright.config.ts): the registered credential's
      // id, ticket and fixture for another phone.
      const registered = parseWalletCredential(phone.credential);
      if (!registered) throw new Error('the registered credential does not parse');
      const otherPhone = generateGateKeyPair();
      // Issued, it says, an hour ago: offline, a credential the manifest lacks but issued since its
      // reading is "newer than the list" (verifyGateCode), whoever signed it; this one is unknown.
      const credential = issueWalletCredential(
        {
          ...registered,
          devicePublicKey: otherPhone.publicKey,
          issuedAt: new Date(Date.now() - 60 * MINUTE),
        },
        { keyId: 1, secretKey: process.env.E2E_GATE_SECRET_KEY ?? '' },
      );
      return () => makeWalletCode({ credential, secretKey: otherPhone.secretKey, now: new Date() });
    }
    const shown = setup.replaced ? oldPhone : phone;
    return () =>
      makeWalletCode({ ...shown, now: new Date(Date.now() - (setup.shownMinutesAgo ?? 0) * MINUTE) });
  }
  const cases = ENTRY_CASES.filter((entry) => !entry.setup.othersPhone);
  const second = (entry: EntryCase) => entry.setup.minor === 'suspendedCompanion';
  const codes = new Map<string, () => string>();
  for (const entry of cases) if (!second(entry)) codes.set(entry.name, await make(entry.setup));

  // One device, paired, on this match: it fetches the manifest, then the network goes.
  const { token } = await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', {
    label: 'Θύρα 8 - πίνακας',
  });
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const gate = await context.newPage();
  await gate.clock.install();
  await gate.goto('/gate');
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await gate.getByRole('button', { name: screen.pick(MATCH) }).click();
  const connection = gate.getByRole('region', { name: screen.connection });
  await expect(connection).toContainText(`${screen.manifest}: ενημερώθηκε στις`);
  await context.setOffline(true);
  await expect(connection).toContainText(screen.offline);

  const status = gate.getByRole('status');
  const history = gate.getByRole('region', { name: screen.history }).getByRole('listitem');
  let scans = 0;
  const scan = async (code: string) => {
    await gate.keyboard.type(code);
    await gate.keyboard.press('Enter');
    scans += 1;
    await expect(history).toHaveCount(scans);
  };
  const decide = async ({ name, setup, expected }: EntryCase) => {
    const code = codes.get(name) as () => string;
    if (setup.clock) await gate.clock.setSystemTime(CLOCK[setup.clock]);
    if (setup.admittedBefore) {
      await scan(code());
      await expect(status, name).toContainText(screen.admit);
    }
    await scan(code());
    await expect(status, name).toContainText(expected === 'ADMITTED' ? screen.admit : screen.refuse);
    await expect(status, name).toContainText(
      expected === 'ALREADY_ADMITTED'
        ? /ήδη χρησιμοποιηθεί για είσοδο/
        : gateDecisionMessage(expected, setup.code),
    );
    if (setup.clock) await gate.clock.setSystemTime(Date.now());
  };
  for (const entry of cases) if (!second(entry)) await decide(entry);

  // ΑΝΝΑ's ticket gets a companion, who accepts and is then suspended. The device, online again,
  // gets it with its next poll (every 30 s; the server reads the match at most every 5 s here), and
  // decides offline again.
  for (const entry of cases) if (second(entry)) codes.set(entry.name, await make(entry.setup));
  await context.setOffline(false);
  await expect(connection).toContainText(screen.online, { timeout: 25_000 });
  await gate.waitForTimeout(5_500);
  // A poll after that interval (the one on reconnecting may have come before it, or got it already).
  const polled = gate.waitForResponse((response) => response.url().includes('/api/gate/manifest'));
  await gate.clock.runFor(31_000);
  expect([200, 304]).toContain((await polled).status());
  await context.setOffline(true);
  await expect(connection).toContainText(screen.offline);
  for (const entry of cases) if (second(entry)) await decide(entry);
  await context.close();
  await citizen.context().close();
  await guardian.context().close();
});
