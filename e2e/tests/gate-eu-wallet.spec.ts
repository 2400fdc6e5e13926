import { expect, test, type Browser, type Page } from '@playwright/test';
import { credentialIssuanceMessages, gateMessages, gateScreenMessages, messages } from '@tickets/domain';
import {
  answerPresentationRequest,
  takeCredential,
  type HeldCredential,
} from '../../apps/server/test/support/eu-wallet-client';
import { decodeQr, expectAccessible, PEOPLE, signIn } from './support';

/**
 * Issue #43 item 3: the steward's screen asks an EU wallet for its ticket over OpenID4VP
 * (docs/design.md §12). The holder's wallet, in this test's process and written by others, takes
 * the ticket from the stand-in's offer, reads the QR the steward's screen shows, and answers; the
 * screen shows the decision in the panel scanned codes use, with the holder's disclosed name.
 */
const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
/** A match of the demo season of this spec's own, so that no other spec's count of admissions moves. */
const MATCH = 'Α.Ε. Ολυμπιάδα - Ευρωπαϊκό πορτοφόλι';
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
/** ΚΩΝΣΤΑΝΤΙΝΟΣ's season ticket, which holds every fixture of the demo season. */
const SEASON_TICKET = '303000000001';
const HOLDER = { afm: '100000039', name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ' };

test.use({ viewport: PHONE });

/** Nothing wider than the phone: the steward never scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);

/** Screenshots to look at: the test's own folder, and /tmp/vpui-*.png for the review. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: `/tmp/vpui-${name}.png`, fullPage: true });
}

/** The holder offers the ticket to their EU wallet on the stand-in; the wallet scans it and types the code. */
async function walletTakesTicket(browser: Browser, origin: string): Promise<HeldCredential> {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const holder = await context.newPage();
  await signIn(holder, HOLDER.afm);
  await holder.goto('/wallet-standin');
  await holder
    .getByRole('button', { name: new RegExp(`^${credentialIssuanceMessages.offer}: .*${SEASON_TICKET}$`) })
    .click();
  const offer = holder.getByRole('img', { name: /σε ευρωπαϊκό πορτοφόλι$/ });
  const offerUri = await decodeQr(offer.locator('svg'));
  const txCode = (await holder.getByTestId('credential-offer-tx-code').textContent()) ?? '';
  await context.close();
  return takeCredential(offerUri, txCode);
}

/** A gate device of the holder's club, registered by its officer: the one-time pairing token. */
async function registerDevice(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const officer = await context.newPage();
  await signIn(officer, PEOPLE.clubOfficer.afm, '/ticket-office');
  const created = await officer.evaluate(async () => {
    const response = await fetch('/api/ticket-office/gate-devices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Θύρα 3 - ευρωπαϊκό πορτοφόλι e2e' }),
    });
    return { status: response.status, body: (await response.json()) as { token: string } };
  });
  await context.close();
  expect(created.status).toBe(200);
  return created.body.token;
}

test('the steward shows a request QR to an EU wallet and sees the decision; the same ticket again is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const gate = page;
  await gate.goto('/gate');
  const origin = new URL(gate.url()).origin;
  // The club announces the match: kick-off in 90 minutes, so its gates are open.
  const announced = await gate.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-eu-wallet',
          description: MATCH,
          startsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
      ],
    },
  });
  expect(announced.status()).toBe(200);
  const held = await walletTakesTicket(browser, origin);
  const token = await registerDevice(browser, origin);

  // The steward's phone: paired, the match picked.
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await gate.getByRole('button', { name: screen.pick(MATCH) }).click();
  const connection = gate.getByRole('region', { name: screen.connection });
  await expect(connection).toContainText(screen.online);
  const ask = gate.getByRole('button', { name: screen.walletRequest });
  await expect(ask).toBeEnabled();

  /** The steward asks; the screen shows the QR, which the wallet's camera reads. */
  const showRequest = async () => {
    await ask.click();
    await expect(gate.getByRole('heading', { level: 2, name: screen.walletRequestTitle })).toBeFocused();
    const qr = gate.getByRole('img', { name: screen.walletRequestQr });
    await expect(qr).toBeVisible();
    await expect(gate.getByRole('status')).toHaveText(screen.walletWaiting);
    const link = await decodeQr(qr.locator('svg'));
    expect(link).toBe(await qr.getAttribute('data-request-uri'));
    expect(link).toMatch(/^openid4vp:\/\/\?client_id=[^&]+&request_uri=/);
    return link;
  };

  const first = await showRequest();
  // A wallet that opens only HAIP's scheme is shown the same request as haip://, and back.
  const qr = gate.getByRole('img', { name: screen.walletRequestQr });
  await gate.getByRole('button', { name: screen.walletOtherQr }).click();
  await expect(qr).toHaveAttribute('data-request-uri', first.replace(/^openid4vp:/, 'haip:'));
  expect(await decodeQr(qr.locator('svg'))).toBe(first.replace(/^openid4vp:/, 'haip:'));
  await expectAccessible(gate);
  await gate.getByRole('button', { name: screen.walletFirstQr }).click();
  await expect(qr).toHaveAttribute('data-request-uri', first);
  await expectAccessible(gate);
  await expectNoSidewaysScroll(gate);
  await shoot(gate, 'request-390');
  await gate.setViewportSize(DESK);
  await shoot(gate, 'request-1280');
  await gate.setViewportSize(PHONE);

  const sent = await answerPresentationRequest(first, held);
  expect(sent.status).toBe(200);
  // The wallet then opens the platform's page the answer names: the fan reads that the gate has it.
  const { redirect_uri: sentPage } = (await sent.json()) as { redirect_uri: string };
  const fanContext = await browser.newContext({ viewport: PHONE });
  const fan = await fanContext.newPage();
  await fan.goto(sentPage);
  await expect(fan.getByRole('heading', { level: 1, name: messages.presentationSent.title })).toBeVisible();
  await expect(fan.getByText(messages.presentationSent.body)).toBeVisible();
  await expectAccessible(fan);
  await shoot(fan, 'sent-390');
  await fanContext.close();
  const status = gate.getByRole('status');
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText(gateMessages.decisions.ADMITTED);
  await expect(status).toContainText(HOLDER.name);
  await expect(status).toBeFocused();
  await expect(gate.getByRole('img', { name: screen.walletRequestQr })).toHaveCount(0);
  await expect(gate.getByRole('region', { name: screen.history })).toContainText(HOLDER.name);
  await expectAccessible(gate);
  await expectNoSidewaysScroll(gate);
  await shoot(gate, 'admit-390');
  await gate.setViewportSize(DESK);
  await shoot(gate, 'admit-1280');
  await gate.setViewportSize(PHONE);

  // The same ticket presented again: the one admission per ticket and match stands.
  const second = await showRequest();
  expect(second).not.toBe(first);
  expect((await answerPresentationRequest(second, held)).status).toBe(200);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(/Το εισιτήριο έχει ήδη χρησιμοποιηθεί για είσοδο/);
  await expect(status).toBeFocused();
  await expectAccessible(gate);
  await shoot(gate, 'already-admitted-390');

  // A request left unanswered is cancelled by the steward: back to the field, where a scanner types.
  await showRequest();
  await gate.getByRole('button', { name: screen.walletCancel }).click();
  await expect(gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`))).toBeFocused();

  // Offline, nothing can answer a request: the button says why instead.
  await gate.context().setOffline(true);
  await expect(connection).toContainText(screen.offline);
  await expect(ask).toBeDisabled();
  await expect(ask).toHaveAccessibleDescription(screen.walletRequestOffline);
  await expectAccessible(gate);
  await expectNoSidewaysScroll(gate);
  await shoot(gate, 'offline-390');
  await gate.context().setOffline(false);
  await expect(ask).toBeEnabled();
});
