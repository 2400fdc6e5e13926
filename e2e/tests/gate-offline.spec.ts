import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  gateCountsMessages,
  gateMessages,
  gateScreenMessages,
  makeWalletCode,
  messages,
  walletStandInMessages,
} from '@tickets/domain';
import { decodeQr, expectAccessible, PEOPLE, printAtTheWindow, sessionCall, signIn } from './support';

/**
 * The steward's screen with the network gone (issue #14, docs/design.md §8 "Offline"): it decides from
 * the match's signed manifest, keeps what it admitted, and uploads it when the network is back.
 */
const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
/** A match of its own (in the demo season, so a season ticket's wallet code admits to it): the other specs count tonight's entrance. */
const MATCH = 'Α.Ε. Ολυμπιάδα - Φιλικός εκτός σύνδεσης';
const ticket = (serial: number) => `30599000000${serial}`;
const PRINTED = ticket(1);
const OFFLINE = ticket(2);
const SUSPENDED = ticket(3);
const TWICE = ticket(4);
const SUSPENDED_DOCUMENT = 'ΑΑ599003';
/** ΣΟΦΙΑ's season ticket, shown by the wallet stand-in. */
const SEASON_TICKET = '303000000002';
const PROVIDER_KEY = 'demo-key-ae-olympiada-local-only';

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The club's system announces a match starting in 90 minutes (gates open) and its tickets. */
async function announceMatch(page: Page) {
  const provider = { Authorization: `Bearer ${PROVIDER_KEY}` };
  const events = await page.request.put('/api/providers/events', {
    headers: provider,
    data: {
      events: [
        {
          externalId: 'e2e-offline',
          description: MATCH,
          startsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
      ],
    },
  });
  expect(events.status()).toBe(200);
  const tickets = await page.request.put('/api/providers/tickets', {
    headers: provider,
    data: {
      tickets: [1, 2, 3, 4].map((serial) => ({
        publicCode: ticket(serial),
        eventExternalId: 'e2e-offline',
        sector: 'Θύρα 9',
        row: '1',
        seat: String(serial),
      })),
    },
  });
  expect(tickets.status()).toBe(200);
}

/** The wallet stand-in's rotating QR for the season ticket, and the phone's key that signs it. */
async function walletStandIn(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const wallet = await context.newPage();
  await signIn(wallet, PEOPLE.citizen.afm);
  await wallet.goto('/wallet-standin');
  const show = new RegExp(`^${walletStandInMessages.show}: .*${SEASON_TICKET}$`);
  await wallet.getByRole('button', { name: show }).click();
  await expect(wallet.getByRole('img', { name: /^Κωδικός εισόδου QR/ })).toBeVisible();
  const code = await decodeQr(wallet.locator('.app-wallet-code svg'));
  const phoneKey = await wallet.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { secretKey: string; credential: string },
    `walletStandIn.${SEASON_TICKET}`,
  );
  await context.close();
  return { code, phoneKey };
}

/** A steward's phone, paired with a device token, on this match's scan screen. */
async function stewardPhone(browser: Browser, origin: string, token: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const gate = await context.newPage();
  // The page's clock runs as the real one, until the test moves it on to the next minute's refresh.
  await gate.clock.install();
  await gate.goto('/gate');
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await gate.getByRole('button', { name: screen.pick(MATCH) }).click();
  const connection = gate.getByRole('region', { name: screen.connection });
  // The manifest is fetched, verified and stored: the device can decide alone from now on.
  await expect(connection).toContainText(`${screen.manifest}: ενημερώθηκε στις`);
  await expect(connection).toContainText(screen.online);
  const scan = async (code: string) => {
    await gate.keyboard.type(code);
    await gate.keyboard.press('Enter');
  };
  return { context, gate, connection, status: gate.getByRole('status'), scan };
}

test('the steward screen admits and refuses offline, then uploads; two devices make a double entry', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const origin = new URL(page.url()).origin;
  await announceMatch(page);
  const device = async (label: string) =>
    (await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', { label })).token;
  const firstToken = await device('Θύρα 9 - κινητό 1');
  const secondToken = await device('Θύρα 9 - κινητό 2');

  // Before any device fetches the manifest: a print at the window, three more tickets, one holder
  // suspended, and the wallet's phone registered.
  const printed = await printAtTheWindow(page, PRINTED, 'ΑΑ599001');
  const personalize = async (ticketCode: string, documentId: string) =>
    (
      await sessionCall<{ privateCode: string }>(page, 'POST', '/api/ticket-office/personalize', {
        ticketCode,
        firstName: 'ΕΚΤΟΣ',
        lastName: 'ΣΥΝΔΕΣΗΣ',
        documentType: 'NATIONAL_ID',
        documentId,
      })
    ).privateCode;
  const offlineCode = await personalize(OFFLINE, 'ΑΑ599002');
  const suspendedCode = await personalize(SUSPENDED, SUSPENDED_DOCUMENT);
  const twiceCode = await personalize(TWICE, 'ΑΑ599004');
  await sessionCall(page, 'POST', '/api/blackList-administration/add', {
    afm: null,
    amka: null,
    firstName: null,
    fathersName: null,
    lastName: null,
    dateOfBirth: null,
    documentId: SUSPENDED_DOCUMENT,
    endDate: '2099-12-31',
  });
  const wallet = await walletStandIn(browser, origin);

  const one = await stewardPhone(browser, origin, firstToken);
  const { gate, status, scan, connection } = one;
  await expectAccessible(gate);
  await shoot(gate, 'online');
  // The service worker has the screen's files before the network goes, and Chromium would install the
  // screen as an app (but for the test's private window).
  expect(await gate.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  const devtools = await one.context.newCDPSession(gate);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

  // Online: the server decides, for the printed QR and the wallet stand-in's QR.
  await scan(printed);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText('ΕΛΕΓΧΟΣ ΠΥΛΗΣ');
  await scan(wallet.code);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText(PEOPLE.citizen.name);

  // Offline.
  await one.context.setOffline(true);
  await expect(connection).toContainText(screen.offline);
  await expect(connection).toContainText(screen.offlineExplained);
  await expect(gate.getByText(screen.wentOffline)).toBeAttached();
  await expectAccessible(gate);

  await scan(offlineCode);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText(gateMessages.decisions.ADMITTED);
  await expect(status).toContainText('ΕΚΤΟΣ ΣΥΝΔΕΣΗΣ');
  await expect(connection).toContainText(screen.pendingUploads(1));
  const history = gate.getByRole('region', { name: screen.history }).getByRole('listitem');
  await expect(history.first()).toContainText(screen.offlineTag);
  await expectAccessible(gate);
  await shoot(gate, 'offline-admit');

  await scan(offlineCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(
    /Το εισιτήριο έχει ήδη χρησιμοποιηθεί για είσοδο στις .* \(αυτή η συσκευή\)/,
  );
  await expectAccessible(gate);
  await shoot(gate, 'offline-again');

  // Admitted online by this device: refused offline too.
  await scan(printed);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(/ήδη χρησιμοποιηθεί/);

  // A screenshot of the wallet two minutes old, signed by the registered phone's key.
  await scan(makeWalletCode({ ...wallet.phoneKey, now: new Date(Date.now() - 120_000) }));
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(gateMessages.decisions.CODE_EXPIRED);
  await expectAccessible(gate);
  await shoot(gate, 'offline-expired');

  await scan(suspendedCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(gateMessages.decisions.SUSPENDED);
  await expect(status).toContainText('ΕΚΤΟΣ ΣΥΝΔΕΣΗΣ');
  await expectAccessible(gate);
  await shoot(gate, 'offline-suspended');

  // Reloaded with no network: the service worker serves the screen, IndexedDB the rest.
  await gate.reload();
  await expect(gate.getByRole('heading', { level: 1, name: messages.screens.gate })).toBeVisible();
  await expect(connection).toContainText(screen.offline);
  await expect(connection).toContainText(screen.pendingUploads(1));
  await scan(offlineCode);
  await expect(status).toContainText(/ήδη χρησιμοποιηθεί για είσοδο στις .* \(αυτή η συσκευή\)/);
  await expectAccessible(gate);
  await shoot(gate, 'offline-reloaded');

  // Two devices, both offline, let the same ticket in.
  const two = await stewardPhone(browser, origin, secondToken);
  await two.context.setOffline(true);
  await two.scan(twiceCode);
  await expect(two.status).toContainText(screen.admit);
  await scan(twiceCode);
  await expect(status).toContainText(screen.admit);
  await expect(connection).toContainText(screen.pendingUploads(2));

  // Back online, each uploads what it admitted.
  await one.context.setOffline(false);
  await two.context.setOffline(false);
  // The first call after the network returns may still fail: the device tries again every 10 s.
  await expect(connection).toContainText(screen.online, { timeout: 25_000 });
  await expect(gate.getByText(screen.wentOnline)).toBeAttached();
  await expect(connection).not.toContainText(/περιμένει|περιμένουν/, { timeout: 25_000 });
  await expect(two.connection).not.toContainText(/περιμένει|περιμένουν/, { timeout: 25_000 });
  await expectAccessible(gate);
  await shoot(gate, 'back-online');

  // The ticket office: four in, and the ticket let in by both devices as a double entry.
  const counts = gateCountsMessages;
  await page.goto('/ticket-office/gate-devices');
  const match = page.getByLabel(counts.event).locator('option', { hasText: MATCH });
  await page.getByLabel(counts.event).selectOption((await match.getAttribute('value')) ?? '');
  const summary = page.locator('.govgr-summary-list');
  await expect(summary.locator('.govgr-summary-list__row', { hasText: counts.admitted })).toContainText('4');
  const doubles = page.getByRole('table', { name: counts.doubleEntries });
  const row = doubles.getByRole('row', { name: new RegExp(TWICE) });
  await expect(row).toContainText('Θύρα 9 - κινητό 1');
  await expect(row).toContainText('Θύρα 9 - κινητό 2');
  await expect(row.getByRole('cell')).toHaveCount(3);
  // The refusals decided offline were uploaded too, and are counted by reason.
  const refusals = page.getByRole('table', { name: counts.refusedByReason });
  for (const [reason, n] of [
    ['SUSPENDED', '1'],
    ['CODE_EXPIRED', '1'],
    ['ALREADY_ADMITTED', '3'],
  ] as const) {
    await expect(refusals.getByRole('row').filter({ hasText: counts.reasons[reason] })).toContainText(n);
  }
  await expectAccessible(page);
  await shoot(page, 'double-entry');

  // A reprint and a suspension after the device fetched its manifest reach it, online, within a
  // minute: the next poll (every 30 s) gets a small signed delta. Offline again, the old print is
  // refused as replaced (before being found already admitted), and the newly suspended holder as
  // suspended, by name.
  await personalize(OFFLINE, 'ΑΑ599002');
  await sessionCall(page, 'POST', '/api/blackList-administration/add', {
    afm: null,
    amka: null,
    firstName: null,
    fathersName: null,
    lastName: null,
    dateOfBirth: null,
    documentId: 'ΑΑ599004',
    endDate: '2099-12-31',
  });
  // The server reads the match again at most every GATE_MANIFEST_REBUILD_SECONDS (5 here), real time.
  await gate.waitForTimeout(5_500);
  const refreshed = gate.waitForResponse(
    (response) => response.url().includes('/api/gate/manifest') && response.status() === 200,
  );
  await gate.clock.runFor(31_000);
  const delta = (await (await refreshed).json()) as Record<string, unknown>;
  expect(delta).toHaveProperty('fromRevision');
  expect(JSON.stringify(delta)).not.toMatch(/ΑΑ599004|KeyHashes|DOC:/);
  await expect(connection).toContainText(`${screen.manifest}: ενημερώθηκε στις`);
  await one.context.setOffline(true);
  await expect(connection).toContainText(screen.offline);
  await scan(offlineCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(gateMessages.revokedPrint);
  await expectAccessible(gate);
  await shoot(gate, 'offline-revoked');
  await scan(twiceCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(gateMessages.decisions.SUSPENDED);
  await expect(status).toContainText('ΕΚΤΟΣ ΣΥΝΔΕΣΗΣ');
  await shoot(gate, 'offline-suspended-after-fetch');
  await one.context.close();
  await two.context.close();
});
