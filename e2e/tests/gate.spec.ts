import { expect, test, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  documentTypeLabel,
  endOfAthensDay,
  errorCatalogue,
  gateCountsMessages,
  gateDevicesMessages,
  gateMessages,
  gateScreenMessages,
  generateGateKeyPair,
  makeWalletCode,
  messages,
  todayInAthens,
} from '@tickets/domain';
import { dialog, expectAccessible, PEOPLE, sessionCall, signIn } from './support';

const screen = gateScreenMessages;
const devicesText = gateDevicesMessages;
const PHONE = { width: 390, height: 844 };
const TONIGHT = 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας';
/** Tonight's tickets and document numbers that no other spec uses. */
const ADMITTED_TICKET = '305000000001';
const SUSPENDED_TICKET = '305000000002';
const ADMITTED_DOCUMENT = 'ΑΑ305001';
const SUSPENDED_DOCUMENT = 'ΑΑ305002';
/** ΑΝΝΑ's ticket for tonight, in her guardian's wallet, with an accepted companion. */
const MINOR_TICKET = '200000000035';

test.use({ viewport: PHONE });

/** A call of the signed-in officer's own session, as the ticket office's pages make it. */
async function officerCall<T>(page: Page, method: string, path: string, body?: unknown) {
  const answer = await page.evaluate(
    async ([verb, url, payload]) => {
      const response = await fetch(url as string, {
        method: verb as string,
        headers: { 'Content-Type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, body: await response.json() };
    },
    [method, path, body] as const,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as T;
}

/**
 * At the window: the officer personalizes one of tonight's tickets for an over-67 fan and prints it;
 * what the steward scans is what the printed QR says.
 */
async function printAtTheWindow(page: Page, ticketCode: string, documentId: string) {
  const text = messages.ticketOffice;
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`));
  await page.goto('/ticket-office/choose-user');
  await page.getByRole('link', { name: text.tileOver67 }).click();
  await field(text.ticketCode).fill(ticketCode);
  await field(text.firstName).fill('ΕΛΕΓΧΟΣ');
  await field(text.lastName).fill('ΠΥΛΗΣ');
  await field(text.documentId).fill(documentId);
  await page.getByLabel(text.identity).check();
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL('/ticket-office/print-ticket');
  const qr = page.locator('.app-screen-only .app-verification-code svg');
  const png = PNG.sync.read(await qr.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  if (!code) throw new Error('the printed QR did not decode');
  return code;
}

/** Personalize one of tonight's paper tickets through the API: its printed code is what the steward scans. */
const personalize = async (page: Page, ticketCode: string, documentId: string) =>
  (
    await officerCall<{ privateCode: string }>(page, 'POST', '/api/ticket-office/personalize', {
      ticketCode,
      firstName: 'ΕΛΕΓΧΟΣ',
      lastName: 'ΠΥΛΗΣ',
      documentType: 'NATIONAL_ID',
      documentId,
    })
  ).privateCode;

/**
 * The guardian's phone, registered for the minor's ticket as the wallet does: what it shows at a
 * moment is a code it signs then (docs/gate-codes.md §5), so each scan takes a fresh one.
 */
async function walletPhone(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const wallet = await context.newPage();
  await signIn(wallet, PEOPLE.guardian.afm);
  const phone = generateGateKeyPair();
  const { credential } = await sessionCall<{ credential: string }>(
    wallet,
    'POST',
    `/api/wallet/tickets/${MINOR_TICKET}/device-key`,
    { publicKey: phone.publicKey },
  );
  await context.close();
  return () => makeWalletCode({ credential, secretKey: phone.secretKey, now: new Date() });
}

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a steward pairs a phone, picks tonight, and admits or refuses each code', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The officer registers a device on "Πύλες εισόδου" and reads its token.
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/choose-user');
  await page.getByRole('link', { name: messages.screens.gateDevices }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.gateDevices })).toBeVisible();
  await page.getByRole('button', { name: devicesText.create }).click();
  await expect(page.getByRole('alert')).toContainText(gateMessages.label);
  // A club officer's devices are their club's: nothing to choose.
  await expect(page.getByRole('combobox', { name: new RegExp(`^${devicesText.organisation}`) })).toHaveCount(
    0,
  );
  await expectAccessible(page);
  await page.getByLabel(new RegExp(`^${devicesText.label}`)).fill('Θύρα 7 - κινητό e2e');
  await page.getByRole('button', { name: devicesText.create }).click();
  await expect(page.getByText(devicesText.tokenWarning)).toBeVisible();
  const token = await page.getByLabel(devicesText.tokenText).inputValue();
  expect(token).toMatch(/^gate\./);
  await expect(
    page.getByRole('button', { name: devicesText.revokeLabel('Θύρα 7 - κινητό e2e') }),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'devices-token');

  // Paper tickets for tonight, one printed at the window; the second holder is suspended after
  // personalization.
  // Printed, then printed again: the reprint screen says the earlier paper no longer admits.
  await printAtTheWindow(page, ADMITTED_TICKET, ADMITTED_DOCUMENT);
  await expect(page.getByText(messages.ticketOffice.replacesEarlierPrint)).toHaveCount(0);
  const admittedCode = await printAtTheWindow(page, ADMITTED_TICKET, ADMITTED_DOCUMENT);
  await expect(page.getByText(messages.ticketOffice.replacesEarlierPrint)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'reprint');
  const suspendedCode = await personalize(page, SUSPENDED_TICKET, SUSPENDED_DOCUMENT);
  const nextMonth = new Date(Date.parse(todayInAthens()) + 31 * 86_400_000).toISOString().slice(0, 10);
  const person = {
    afm: null,
    amka: null,
    firstName: null,
    fathersName: null,
    lastName: null,
    dateOfBirth: null,
  };
  await officerCall(page, 'POST', '/api/blackList-administration/add', {
    ...person,
    documentId: SUSPENDED_DOCUMENT,
    endDate: endOfAthensDay(nextMonth),
  });
  const minorCode = await walletPhone(browser, new URL(page.url()).origin);

  // The steward's phone: no login, no cookie.
  const phone = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: PHONE });
  const gate = await phone.newPage();
  await gate.goto('/gate');
  await expect(gate.getByRole('heading', { level: 1, name: screen.pairTitle })).toBeVisible();
  await expectAccessible(gate);
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await expect(gate.getByRole('heading', { level: 1, name: screen.eventsTitle })).toBeVisible();
  await expectAccessible(gate);
  await shoot(gate, 'gate-events');
  // The token is spent: a second phone pairing with it is refused, in Greek, and stays unpaired.
  const copy = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: PHONE });
  const copied = await copy.newPage();
  await copied.goto('/gate');
  await copied.getByLabel(screen.token).fill(token);
  await copied.getByRole('button', { name: screen.pair }).click();
  await expect(copied.getByRole('alert')).toContainText(
    errorCatalogue.GATE_DEVICE_ALREADY_PAIRED.description,
  );
  await expect(copied.getByRole('heading', { level: 1, name: screen.pairTitle })).toBeVisible();
  await copy.close();
  // The first phone keeps its own credential across a reload.
  await gate.reload();
  await expect(gate.getByRole('heading', { level: 1, name: screen.eventsTitle })).toBeVisible();
  // Unpairing asks first: the token is not shown again.
  await gate.getByRole('button', { name: screen.unpair }).click();
  await expect(dialog(gate)).toContainText(screen.unpairBody);
  await shoot(gate, 'gate-unpair-dialog');
  await expectAccessible(gate);
  await dialog(gate).getByRole('button', { name: messages.form.cancel }).click();
  await gate.getByRole('button', { name: screen.pick(TONIGHT) }).click();
  const codeField = gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`));
  await expect(codeField).toBeFocused();
  await expectAccessible(gate);

  // A keyboard-wedge scanner types the code and Enter into whatever has focus.
  const scan = async (code: string) => {
    await gate.keyboard.type(code);
    await gate.keyboard.press('Enter');
  };
  const status = gate.getByRole('status');
  await scan(admittedCode);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText(gateMessages.decisions.ADMITTED);
  await expect(status).toContainText('ΕΛΕΓΧΟΣ ΠΥΛΗΣ');
  await expect(status).toContainText(screen.documentEnding(documentTypeLabel('NATIONAL_ID'), '001'));
  await expect(codeField).toHaveValue('');
  await expect(codeField).toBeFocused();
  await expectAccessible(gate);
  await shoot(gate, 'gate-admit');

  await scan(admittedCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(/Το εισιτήριο έχει ήδη χρησιμοποιηθεί για είσοδο/);
  await expect(status.getByRole('button', { name: screen.undo })).toHaveCount(0);
  await expectAccessible(gate);
  await shoot(gate, 'gate-already-admitted');

  await scan(suspendedCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(gateMessages.decisions.SUSPENDED);
  await expectAccessible(gate);
  await shoot(gate, 'gate-suspended');

  await scan(minorCode());
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText('ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ');
  await expectAccessible(gate);
  await shoot(gate, 'gate-minor');

  // Undo by keyboard, then the same code admits again.
  await status.getByRole('button', { name: screen.undo }).focus();
  await gate.keyboard.press('Enter');
  await expect(status).toContainText(screen.undone);
  await expect(gate.getByRole('listitem').filter({ hasText: screen.undoneTag })).toHaveCount(1);
  await scan(minorCode());
  await expect(status).toContainText(screen.admit);
  await expect(gate.getByRole('region', { name: screen.history }).getByRole('listitem')).toHaveCount(5);
  await expectAccessible(gate);
  await shoot(gate, 'gate-history');

  // The history survives a reload (the phone's browser closed and opened again), the undone tag too.
  await gate.reload();
  const history = gate.getByRole('region', { name: screen.history });
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(history.getByRole('listitem').filter({ hasText: screen.undoneTag })).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText(screen.admit);

  // The officer follows tonight's entrance on "Πύλες εισόδου": two in (the minor's undone admission
  // does not count), a ticket used twice and a suspended holder refused.
  await page.goto('/ticket-office/choose-user');
  await page.getByRole('link', { name: messages.screens.gateDevices }).click();
  // The second phone's refused pairing shows beside the device: someone holds a copy of its token.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Θύρα 7 - κινητό e2e' })
      .getByText(/απορρίφθηκε δεύτερη σύζευξη/),
  ).toBeVisible();
  const counts = gateCountsMessages;
  const tonight = page.getByLabel(counts.event).locator('option', { hasText: TONIGHT });
  await page.getByLabel(counts.event).selectOption((await tonight.getAttribute('value')) ?? '');
  const summary = page.locator('.govgr-summary-list');
  await expect(summary.locator('.govgr-summary-list__row', { hasText: counts.admitted })).toContainText('2');
  const refusals = page.getByRole('table', { name: counts.refusedByReason });
  await expect(refusals.getByRole('row', { name: counts.reasons.ALREADY_ADMITTED })).toContainText('1');
  await expect(refusals.getByRole('row', { name: counts.reasons.SUSPENDED })).toContainText('1');
  await expectAccessible(page);
  await shoot(page, 'devices-counts');

  // A wrong admission is voided, with a reason, after a dialog naming the ticket, its time and device;
  // its holder may then enter again.
  await page.getByLabel(counts.voidTicketCode).fill(ADMITTED_TICKET);
  await page.getByRole('button', { name: counts.voidSubmit }).click();
  await expect(page.getByText(gateMessages.voidReason)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(counts.voidReason).fill('Σαρώθηκε κατά λάθος.');
  await page.getByRole('button', { name: counts.voidSubmit }).click();
  await expect(dialog(page)).toContainText(
    new RegExp(`εισιτηρίου ${ADMITTED_TICKET} που καταγράφηκε στις .+ «Θύρα 7 - κινητό e2e»`),
  );
  await expectAccessible(page);
  await shoot(page, 'devices-void-dialog');
  await dialog(page).getByRole('button', { name: counts.voidYes }).click();
  await expect(page.getByText(new RegExp(`εισιτηρίου ${ADMITTED_TICKET} .+ ακυρώθηκε`))).toBeVisible();
  await expect(summary.locator('.govgr-summary-list__row', { hasText: counts.admitted })).toContainText('1');
  await page
    .locator('.Toastify__toast')
    .evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
  await expectAccessible(page);
  await scan(admittedCode);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText('ΕΛΕΓΧΟΣ ΠΥΛΗΣ');

  // The officer revokes the device: its next scan sends the steward back to pairing.
  await page.getByRole('button', { name: devicesText.revokeLabel('Θύρα 7 - κινητό e2e') }).click();
  await expect(dialog(page)).toContainText(devicesText.revokeBody('Θύρα 7 - κινητό e2e'));
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: devicesText.revoke }).click();
  await expect(page.getByText(devicesText.revoked)).toBeVisible();
  // axe reads a toast's colours as they are: not half faded in, mid-animation.
  await page
    .locator('.Toastify__toast', { hasText: devicesText.revoked })
    .evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
  await expect(page.getByRole('heading', { level: 2, name: devicesText.listTitle })).toBeFocused();
  await expectAccessible(page);
  await shoot(page, 'devices-revoked');

  await scan(admittedCode);
  await expect(gate.getByRole('heading', { level: 1, name: screen.pairTitle })).toBeVisible();
  await expect(gate.getByRole('alert')).toContainText(errorCatalogue.GATE_DEVICE_UNAUTHENTICATED.description);
  await expectAccessible(gate);
  await shoot(gate, 'gate-unpaired');
  await phone.close();
});

test('a platform-wide officer is asked for the club of a new device', async ({ page }) => {
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/gate-devices');
  // The clubs, by name, from the start: a platform-wide officer has no club of their own.
  const organisation = page.getByRole('combobox', { name: new RegExp(`^${devicesText.organisation}`) });
  await expect(organisation).toBeVisible();
  await expect(organisation).toHaveValue('');
  await expect(organisation.getByRole('option', { name: 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)' })).toBeAttached();
  await page.getByLabel(new RegExp(`^${devicesText.label}`)).fill('Θύρα 1 - πλατφόρμα e2e');
  await page.getByRole('button', { name: devicesText.create }).click();
  await expect(page.getByRole('alert')).toContainText(errorCatalogue.ORGANISATION_REQUIRED.description);
  await expect(organisation).toHaveAccessibleDescription(
    new RegExp(errorCatalogue.ORGANISATION_REQUIRED.description.replace('.', '\\.')),
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('gate-devices-organisation-select.png') });
  await organisation.selectOption({ label: 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)' });
  await page.getByRole('button', { name: devicesText.create }).click();
  await expect(page.getByLabel(devicesText.tokenText)).toHaveValue(/^gate\./);
  await expect(page.getByText('Θύρα 1 - πλατφόρμα e2e', { exact: true })).toBeVisible();
});
