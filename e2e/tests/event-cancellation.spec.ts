import { expect, test, type Page } from '@playwright/test';
import { errorCatalogue, GATES_OPEN_MINUTES_BEFORE, matchDayMessages } from '@tickets/domain';
import { dialog, expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/**
 * The ticket office cancels a match of its club whose gates are already open (issue #55 item 6): on
 * the match-day view, a confirmation dialog asks for the reason, by keyboard as by mouse; the view
 * then says the match is cancelled, and offers no cancellation any more.
 */
const text = matchDayMessages.cancellation;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 768 };
const MATCH = 'Α.Ε. Ολυμπιάδα - Αγώνας προς ακύρωση e2e';
const REASON = 'Απόφαση της αστυνομίας για λόγους ασφαλείας';
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };

const shoot = async (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

test('an officer cancels a match under way in a confirmation dialog; the view shows it cancelled', async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  // A match of the club, its gates open for a quarter of an hour.
  const created = await page.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-cancellation',
          description: MATCH,
          startsAt: new Date(Date.now() + (GATES_OPEN_MINUTES_BEFORE - 15) * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const events = await sessionCall<{ eventId: number; eventDescription: string }[]>(
    page,
    'GET',
    '/api/ticket-office/gate-events',
  );
  const eventId = events.find((event) => event.eventDescription === MATCH)?.eventId ?? 0;
  await page.goto(`/ticket-office/match-day?eventId=${eventId}`);
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();

  // By keyboard: the button opens the dialog, Escape closes it, and focus is back on the button.
  const open = page.getByRole('button', { name: text.open });
  await open.focus();
  await page.keyboard.press('Enter');
  const confirm = dialog(page);
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
  await expect(confirm.getByText(text.confirmQuestion(MATCH))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(open).toBeFocused();

  // Without a reason: said in the dialog, tied to its field; nothing cancelled.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: text.confirm }).click();
  const reason = confirm.getByRole('textbox', { name: text.reasonLabel });
  await expect(confirm.getByRole('alert')).toHaveText(text.reasonRequired);
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shoot(page, 'dialog-1366');

  // The reason typed, the confirmation reached by Tab and pressed with Enter.
  await reason.fill(REASON);
  await reason.focus();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: text.confirm })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();

  // The view says so, first, and the focus moves there (the button is gone); the cancellation is
  // offered no more; the picker names it cancelled.
  await expect(page.getByText(text.cancelled, { exact: true })).toBeVisible();
  await expect(page.locator('.app-cancelled')).toBeFocused();
  await expect(page.getByText(text.cancelledReason(REASON))).toBeVisible();
  await expect(page.getByRole('button', { name: text.open })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: matchDayMessages.event })).toContainText(`${MATCH}`);
  await expect(page.getByRole('option', { selected: true })).toContainText(text.cancelled);
  await expect(page.locator('.Toastify--animate')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'cancelled-1366');
  await page.setViewportSize(PHONE);
  await expect(page.getByText(text.cancelled, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'cancelled-390');

  // Cancelled once: a second time is refused, clearly.
  const again = await page.evaluate(async (id) => {
    const response = await fetch(`/api/ticket-office/events/${id}/cancellation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Ξανά' }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, eventId);
  expect(again.status).toBe(409);
  expect(JSON.stringify(again.body)).toContain(errorCatalogue.EVENT_ALREADY_CANCELLED.description);
});
