import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  credentialIssuanceMessages,
  errorCatalogue,
  parseGateCode,
  PRE_AUTHORIZED_CODE_GRANT,
  walletStandInMessages,
  gateScreenMessages,
} from '@tickets/domain';
import { decodeQr, expectAccessible, PEOPLE, signIn } from './support';

const text = walletStandInMessages;
const PHONE = { width: 390, height: 844 };
const TONIGHT = 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας';
/**
 * ΣΟΦΙΑ's season ticket (the demo season holds tonight's match). No other spec admits it tonight:
 * gate.spec.ts admits the minor's ticket and two match tickets; rules-and-suspensions lends its derby.
 */
const SEASON_TICKET = '303000000002';

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The QR as a gate's camera reads it. */
async function readQr(page: Page) {
  const png = PNG.sync.read(await page.locator('.app-wallet-code svg').screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  if (!code) throw new Error('the wallet QR did not decode');
  return code;
}

/** What a gate reads in the QR: a wallet code, with its credential's ticket and serial. */
function walletCodeOf(code: string) {
  const parsed = parseGateCode(code);
  if (parsed?.kind !== 'wallet') throw new Error(`not a wallet code: ${parsed?.kind}`);
  return parsed;
}

test('the wallet stand-in shows a rotating gate QR that a gate admits tonight', async ({ page, browser }) => {
  await signIn(page, PEOPLE.citizen.afm);
  // Where a citizen looks after signing in: the stand-in's tile, in development only.
  await page.goto('/tickets/choose-action');
  await page.getByRole('link', { name: text.link }).click();
  await expect(page).toHaveURL('/wallet-standin');
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.ticketsHeading })).toBeVisible();
  await expect(page.getByText(SEASON_TICKET)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'tickets');

  await page.getByRole('button', { name: new RegExp(`^${text.show}: .*${SEASON_TICKET}$`) }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${text.codeHeading}`) }),
  ).toBeFocused();
  const figure = page.getByRole('img', { name: /^Κωδικός εισόδου QR/ });
  await expect(figure).toBeVisible();
  await expect(page.getByText(/^Ανανεώνεται σε \d+ δευτ\.$/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'code');

  const code = await readQr(page);
  const parsed = walletCodeOf(code);
  expect(parsed.ticketCode).toBe(SEASON_TICKET);

  // The officer registers a gate device for tonight; the steward's device scans the phone.
  const origin = new URL(page.url()).origin;
  const office = await browser.newContext({ baseURL: origin });
  const officer = await office.newPage();
  await signIn(officer, PEOPLE.clubOfficer.afm, '/ticket-office');
  const created = await officer.evaluate(async () => {
    const response = await fetch('/api/ticket-office/gate-devices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Πύλη υποκατάστατου πορτοφολιού' }),
    });
    return { status: response.status, body: (await response.json()) as { token: string } };
  });
  await office.close();
  expect(created.status).toBe(200);
  // Paired as a turnstile pairs: the one-time token exchanged for the device's credential.
  const paired = await page.request.post('/api/gate/pairing', {
    headers: { Authorization: `Bearer ${created.body.token}` },
  });
  expect(paired.status()).toBe(200);
  const device = { Authorization: `Bearer ${((await paired.json()) as { credential: string }).credential}` };
  const events = (await (await page.request.get('/api/gate/events', { headers: device })).json()) as {
    eventId: number;
    eventDescription: string;
  }[];
  const tonight = events.find((event) => event.eventDescription === TONIGHT);
  expect(tonight).toBeDefined();
  const scanned = await page.request.post('/api/gate/admissions', {
    headers: device,
    data: { eventId: tonight?.eventId, code },
  });
  expect(scanned.status()).toBe(200);
  expect(await scanned.json()).toMatchObject({ decision: 'ADMIT', reason: 'ADMITTED' });

  // A new phone: a new key and credential, so a new code; the server revoked the one before.
  await page.getByRole('button', { name: text.registerAgain }).click();
  await expect.poll(async () => (await readQr(page)) !== code).toBe(true);
  expect(walletCodeOf(await readQr(page)).credentialId).not.toBe(parsed.credentialId);

  // Back to the list, by keyboard.
  await page.getByRole('button', { name: text.back }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: text.ticketsHeading })).toBeVisible();
});

test("a refused registration shows the API's Greek message, and no code", async ({ page }) => {
  // The server refuses a registration only for a suspended holder or a ticket no longer carried;
  // answering in its envelope here keeps the demo people's tickets for the other specs.
  const refusal = errorCatalogue.TICKET_BLOCKED;
  await page.route('**/api/wallet/tickets/*/device-key', (route) =>
    route.fulfill({
      status: refusal.status,
      contentType: 'application/json',
      body: JSON.stringify({
        exceptions: { errors: [{ code: 'TICKET_BLOCKED', description: refusal.description }] },
      }),
    }),
  );
  await signIn(page, PEOPLE.citizen.afm);
  await page.goto('/wallet-standin');
  await page.getByRole('button', { name: new RegExp(`^${text.show}: .*${SEASON_TICKET}$`) }).click();
  await expect(page.getByRole('alert')).toHaveText(refusal.description);
  await expect(page.getByRole('img', { name: /^Κωδικός εισόδου QR/ })).toHaveCount(0);
  // No phone registered: no code at all, and how to register one.
  await expect(page.getByText(text.noCode)).toBeVisible();
  await expect(page.getByRole('button', { name: text.register, exact: true })).toBeEnabled();
  await expectAccessible(page);
  await shoot(page, 'refused');
});

test('the wallet stand-in offers the ticket to an EU wallet: a QR the wallet redeems with the code shown apart', async ({
  page,
  request,
}) => {
  const offerText = credentialIssuanceMessages;
  await signIn(page, PEOPLE.citizen.afm);
  await page.goto('/wallet-standin');
  // From the ticket in the list: no gate code shown first.
  await page.getByRole('button', { name: new RegExp(`^${offerText.offer}: .*${SEASON_TICKET}$`) }).click();
  const figure = page.getByRole('img', { name: /σε ευρωπαϊκό πορτοφόλι$/ });
  await expect(figure).toBeVisible();
  const txCode = (await page.getByTestId('credential-offer-tx-code').textContent()) ?? '';
  expect(txCode).toMatch(/^\d{6}$/);
  await expectAccessible(page);
  await shoot(page, 'credential-offer');
  // What a wallet's camera reads, on a phone: the offer, whose code the transaction code beside it redeems.
  const png = PNG.sync.read(await figure.locator('svg').screenshot());
  const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'credential-offer-desk');
  expect(scanned).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
  expect(txCode).not.toBe('');
  // The same offer by HAIP's haip://, for a wallet the first QR does not open, and its code grant too.
  await page.getByRole('button', { name: gateScreenMessages.walletOtherQr }).click();
  const haip = await decodeQr(figure.locator('svg'));
  expect(haip).toBe(scanned.replace(/^openid-credential-offer:/, 'haip:'));
  await expectAccessible(page);
  const offer = JSON.parse(new URL(scanned).searchParams.get('credential_offer') ?? '{}') as {
    credential_issuer: string;
    grants: Record<string, { 'pre-authorized_code': string; tx_code: { length: number } }> & {
      authorization_code?: { issuer_state: string };
    };
  };
  expect(offer.grants.authorization_code?.issuer_state).toBeTruthy();
  const grant = offer.grants[PRE_AUTHORIZED_CODE_GRANT];
  expect(grant?.tx_code.length).toBe(6);
  const token = await request.post(`${offer.credential_issuer}/api/wallet/oid4vci/token`, {
    form: {
      grant_type: PRE_AUTHORIZED_CODE_GRANT,
      'pre-authorized_code': grant?.['pre-authorized_code'] ?? '',
      tx_code: txCode,
    },
  });
  expect(token.status()).toBe(200);
  expect((await token.json()) as { token_type: string }).toMatchObject({ token_type: 'Bearer' });
});
