import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import {
  addTicketMessages,
  errorCatalogue,
  formatClaimCode,
  gateScreenMessages,
  messages,
  purchaseQrText,
  walletStandInMessages,
  type TicketClaim,
} from '@tickets/domain';
import { decodeQr, expectAccessible, PEOPLE, signIn } from './support';

/**
 * The main road (issue #26), on the fresh data of this run: a club's provider pushes tonight's match
 * and two tickets; a fan adds one to the wallet from the purchase QR and enters with the rotating code;
 * a guardian adds the other for her 10-year-old, names a companion, who accepts, and the child enters
 * with the companion shown to the steward.
 */
const text = addTicketMessages;
const standIn = walletStandInMessages;
const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
const ROAD_MATCH = 'Α.Ε. Ολυμπιάδα - Πρωτοπόροι (e2e δρόμος)';
/** In the club's range ('3'), after every demo ticket; one for the fan, one for the child. */
const FAN_TICKET = '309900000001';
const CHILD_TICKET = '309900000002';
const COMPANION = { afm: '100000039', name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ' };
const CHILD = 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ';

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The provider's push: tonight's match (gates open: it starts within the hour) and its two tickets. */
async function pushTonight(request: APIRequestContext): Promise<Map<string, string>> {
  const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  const events = await request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [{ externalId: 'e2e-road', description: ROAD_MATCH, startsAt, venue: 'Γήπεδο Ολυμπιάδας' }],
    },
  });
  expect(events.status(), await events.text()).toBe(200);
  const tickets = await request.put('/api/providers/tickets', {
    headers: PROVIDER,
    data: {
      tickets: [FAN_TICKET, CHILD_TICKET].map((publicCode, index) => ({
        publicCode,
        eventExternalId: 'e2e-road',
        sector: 'Β',
        gate: '4',
        row: '7',
        seat: String(20 + index),
      })),
    },
  });
  expect(tickets.status(), await tickets.text()).toBe(200);
  const { claims } = (await tickets.json()) as { claims: TicketClaim[] };
  return new Map(claims.map((claim) => [claim.publicCode, claim.claimCode]));
}

/** A browser of its own for one person, signed in (or none, for the steward's phone). */
async function personPage(browser: Browser, origin: string, afm?: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const page = await context.newPage();
  if (afm) await signIn(page, afm);
  return page;
}

/** The club's officer registers a gate device; the steward's phone pairs with it and picks tonight. */
async function stewardFor(browser: Browser, origin: string) {
  const office = await browser.newContext({ baseURL: origin });
  const officer = await office.newPage();
  await signIn(officer, PEOPLE.clubOfficer.afm, '/ticket-office');
  const token = await officer.evaluate(async () => {
    const response = await fetch('/api/ticket-office/gate-devices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Θύρα 4 - δρόμος e2e' }),
    });
    return ((await response.json()) as { token: string }).token;
  });
  await office.close();
  const gate = await personPage(browser, origin);
  await gate.goto('/gate');
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await gate.getByRole('button', { name: screen.pick(ROAD_MATCH) }).click();
  const codeField = gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`));
  await expect(codeField).toBeFocused();
  return {
    gate,
    /** The phone held up to the steward's scanner: it reads the code and presses Enter. */
    scan: async (code: string) => {
      await codeField.fill(code);
      await codeField.press('Enter');
      return gate.getByRole('status');
    },
  };
}

/** The stand-in's rotating code for a ticket, as the gate's camera reads it. */
async function rotatingCode(wallet: Page, ticketCode: string) {
  await wallet.getByRole('button', { name: new RegExp(`^${standIn.show}: .*${ticketCode}$`) }).click();
  await expect(wallet.getByRole('img', { name: standIn.codeLabel(ROAD_MATCH) })).toBeVisible();
  return decodeQr(wallet.locator('.app-wallet-code svg'));
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

test('the main road: bought, added to the wallet (for oneself and for a child), admitted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const claims = await pushTonight(request);
  const fanClaim = claims.get(FAN_TICKET);
  const childClaim = claims.get(CHILD_TICKET);
  expect(fanClaim).toMatch(/^[0-9A-Z]{16}$/);
  expect(childClaim).toMatch(/^[0-9A-Z]{16}$/);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;

  // The fan (ΣΟΦΙΑ, no ticket for this match) adds hers from a photo of the purchase QR.
  await signIn(page, PEOPLE.citizen.afm);
  await page.goto('/wallet-standin');
  await page.getByRole('button', { name: text.open }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.heading })).toBeFocused();
  await expectAccessible(page);
  await shoot(page, 'add-form');
  const purchaseQr = await QRCode.toBuffer(
    purchaseQrText({ publicCode: FAN_TICKET, claimCode: fanClaim ?? '' }),
    { type: 'png', margin: 4, scale: 6 },
  );
  await field(page, text.image).setInputFiles({
    name: 'epivevaiosi-agoras.png',
    mimeType: 'image/png',
    buffer: purchaseQr,
  });
  await expect(page.getByText(text.qrRead)).toBeVisible();
  await expect(field(page, text.publicCode)).toHaveValue(FAN_TICKET);
  await expect(field(page, text.claimCode)).toHaveValue(formatClaimCode(fanClaim ?? ''));
  await expect(page.getByRole('radio', { name: text.forMe })).toBeChecked();
  await expectAccessible(page);
  await shoot(page, 'add-from-qr');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: text.added(ROAD_MATCH) })).toBeFocused();
  await expect(page.getByRole('heading', { level: 3, name: ROAD_MATCH })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'added');

  // Her phone registers its key; the steward admits her with the rotating code.
  const fanCode = await rotatingCode(page, FAN_TICKET);
  const steward = await stewardFor(browser, origin);
  const fanAtGate = await steward.scan(fanCode);
  await expect(fanAtGate).toContainText(screen.admit);
  await expect(fanAtGate).toContainText(PEOPLE.citizen.name);
  await shoot(steward.gate, 'gate-fan');

  // The guardian types the two codes for ΑΝΝΑ (10); a mistyped claim code is refused first.
  const guardian = await personPage(browser, origin, PEOPLE.guardian.afm);
  await guardian.goto('/wallet-standin');
  await guardian.getByRole('button', { name: text.open }).click();
  await field(guardian, text.publicCode).fill(CHILD_TICKET);
  const wrong = `${(childClaim ?? '').slice(0, 15)}${childClaim?.endsWith('7') ? '8' : '7'}`;
  await field(guardian, text.claimCode).fill(wrong.toLowerCase());
  await guardian.getByRole('radio', { name: new RegExp(CHILD) }).check();
  await guardian.getByRole('button', { name: text.submit }).click();
  const refusal = guardian.getByRole('alert');
  await expect(refusal).toContainText(errorCatalogue.CLAIM_NOT_FOUND.description);
  await expectAccessible(guardian);
  await shoot(guardian, 'refused');
  await field(guardian, text.claimCode).fill(formatClaimCode(childClaim ?? ''));
  await expect(refusal).toHaveCount(0);
  await guardian.getByRole('button', { name: text.submit }).click();
  await expect(guardian.getByRole('status').filter({ hasText: ROAD_MATCH })).toContainText(CHILD);
  // Listed first (the soonest), as the child's ticket that she accompanies.
  const childCard = guardian.getByRole('listitem').filter({ hasText: CHILD_TICKET });
  await expect(childCard.getByRole('heading', { level: 3, name: ROAD_MATCH })).toBeVisible();
  await expect(childCard).toContainText(standIn.dependent(CHILD));
  await expectAccessible(guardian);
  await shoot(guardian, 'added-for-child');

  // She names the companion through the companions screens; he accepts in his wallet.
  await guardian.goto('/tickets/choose-action');
  await guardian.getByRole('link', { name: messages.companions.tileIndicate }).click();
  await guardian.getByLabel(new RegExp(CHILD)).check();
  await guardian.getByRole('button', { name: messages.companions.continue }).click();
  await field(guardian, messages.companions.ticketCode).fill(CHILD_TICKET);
  await field(guardian, messages.companions.companionAfm).fill(COMPANION.afm);
  await guardian.getByRole('button', { name: messages.companions.sendRequest }).click();
  await expect(
    guardian.getByRole('heading', { level: 1, name: messages.screens.successCompanion }),
  ).toBeVisible();
  const companion = await personPage(browser, origin, COMPANION.afm);
  const accepted = await companion.evaluate(async (ticketCode) => {
    const requests = (await (await fetch('/api/wallet/companion-requests')).json()) as {
      requestId: string;
      ticketCode: string;
    }[];
    const request = requests.find((entry) => entry.ticketCode === ticketCode);
    const response = await fetch(`/api/wallet/companion-requests/${request?.requestId}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    return response.status;
  }, CHILD_TICKET);
  expect(accepted).toBe(200);

  // The child's ticket in the guardian's wallet: the steward admits ΑΝΝΑ and sees her companion.
  await guardian.goto('/wallet-standin');
  const childCode = await rotatingCode(guardian, CHILD_TICKET);
  const childAtGate = await steward.scan(childCode);
  await expect(childAtGate).toContainText(screen.admit);
  await expect(childAtGate).toContainText(CHILD);
  await expect(childAtGate).toContainText(COMPANION.name);
  await expectAccessible(steward.gate);
  await shoot(steward.gate, 'gate-child');
});
