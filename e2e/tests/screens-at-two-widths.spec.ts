import { expect, test, type Page } from '@playwright/test';
import { messages } from '@tickets/domain';
import { expectAccessible, PEOPLE, signIn } from './support';

/**
 * Screens as a new user tries them, on a phone (390 px) and a desktop (1280 px) (issue #40 item 15).
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Nothing is wider than the window: no sideways scrolling (WCAG 1.4.10 at 320 CSS px and up). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

for (const viewport of WIDTHS) {
  test(`the TaxisNet stand-in fits ${viewport.width} px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/ticket-office/login-app');
    await page.getByRole('link', { name: messages.login.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: messages.standIn.title })).toBeVisible();
    await shoot(page, `taxis-standin-${viewport.width}`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test(`the ticket-info form at ${viewport.width} px: its title, and the disabled «Αποστολή» says why`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
    await page.goto('/ticket-office/ticket-info?user=over-67');
    await expect(page).toHaveTitle(`${messages.screens.ticketInfo} - ${messages.app.title}`);
    const submit = page.getByRole('button', { name: messages.ticketOffice.submit });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(/συμπληρώστε/);
    await shoot(page, `ticket-info-${viewport.width}`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
}
