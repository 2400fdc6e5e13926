import { expect, test, type Page } from '@playwright/test';
import { errorCatalogue, gateScreenMessages, messages } from '@tickets/domain';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/**
 * The steward's screen never leaves an earlier fan's green ΕΙΣΟΔΟΣ under a new input (issue #40 item
 * 12): a code refused at the field, or a scan the server refuses to decide, replaces the panel, and
 * each panel names its time to the second.
 */
const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
const MATCH = 'Α.Ε. Ολυμπιάδα - Έλεγχος οθόνης ελεγκτή';
const TICKET = '305980000001';
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
/** "Έλεγχος στις 21:30:07". */
const PANEL_TIME = /Έλεγχος στις \d{2}:\d{2}:\d{2}/;

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a refused input replaces the last admission’s panel, and every panel names its time', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const origin = new URL(page.url()).origin;
  // A match of its own, gates open (kick-off in 90 minutes), with one ticket personalized at the window.
  const events = await page.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-screen-refusals',
          description: MATCH,
          startsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
        },
      ],
    },
  });
  expect(events.status()).toBe(200);
  const tickets = await page.request.put('/api/providers/tickets', {
    headers: PROVIDER,
    data: {
      tickets: [
        { publicCode: TICKET, eventExternalId: 'e2e-screen-refusals', sector: 'Θύρα 2', row: '1', seat: '1' },
      ],
    },
  });
  expect(tickets.status()).toBe(200);
  const { privateCode } = await sessionCall<{ privateCode: string }>(
    page,
    'POST',
    '/api/ticket-office/personalize',
    {
      ticketCode: TICKET,
      firstName: 'ΟΘΟΝΗ',
      lastName: 'ΕΛΕΓΚΤΗ',
      documentType: 'NATIONAL_ID',
      documentId: 'ΑΑ598001',
    },
  );
  const { token } = await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', {
    label: 'Θύρα 2 - κινητό e2e',
  });

  const phone = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const gate = await phone.newPage();
  await gate.goto('/gate');
  await gate.getByLabel(screen.token).fill(token);
  await gate.getByRole('button', { name: screen.pair }).click();
  await gate.getByRole('button', { name: screen.pick(MATCH) }).click();
  const codeField = gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`));
  // The scanner types into the field once the scan screen has it focused.
  await expect(codeField).toBeFocused();
  const scan = async (code: string) => {
    await gate.keyboard.type(code);
    await gate.keyboard.press('Enter');
  };
  const status = gate.getByRole('status');

  await scan(privateCode);
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText('ΟΘΟΝΗ ΕΛΕΓΚΤΗ');
  await expect(status).toContainText(PANEL_TIME);
  await shoot(gate, 'admitted');

  // The ticket's printed 12-digit number, refused at the field: the admission's panel is gone.
  await scan(TICKET);
  await expect(gate.locator('.govgr-error-message')).toContainText(screen.publicNumberTyped);
  await expect(status).toContainText(screen.inputRefused);
  await expect(status).toContainText(screen.publicNumberTyped);
  await expect(status).toContainText(PANEL_TIME);
  await expect(status).not.toContainText(screen.admit);
  await expect(status).not.toContainText('ΟΘΟΝΗ ΕΛΕΓΚΤΗ');
  await expectAccessible(gate);
  await shoot(gate, 'refused-at-field');
  await gate.setViewportSize({ width: 1280, height: 800 });
  await shoot(gate, 'refused-at-field-1280');
  await gate.setViewportSize(PHONE);

  // The field keeps what was typed, to correct; the next code is typed over it.
  await codeField.fill('');

  // The admission's undo went with its panel; the history keeps the admission.
  await expect(status.getByRole('button', { name: screen.undo })).toHaveCount(0);
  await expect(gate.getByRole('region', { name: screen.history }).getByRole('listitem')).toHaveCount(1);

  // A new admission's panel, then the server refuses to decide the next scan (it answers 429 here):
  // the refusal takes the panel's place too.
  await scan(privateCode);
  await expect(status).toContainText(screen.refuse);
  await expect(status).toContainText(/ήδη χρησιμοποιηθεί/);
  await gate.route('**/api/gate/admissions', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        exceptions: {
          errors: [{ code: 'RATE_LIMITED', description: errorCatalogue.RATE_LIMITED.description }],
        },
      }),
    }),
  );
  await scan(privateCode);
  await expect(status).toContainText(screen.inputRefused);
  await expect(status).toContainText(errorCatalogue.RATE_LIMITED.description);
  await expect(status).not.toContainText(/ήδη χρησιμοποιηθεί/);
  await expectAccessible(gate);
  await shoot(gate, 'refused-by-server');
  await phone.close();
});
