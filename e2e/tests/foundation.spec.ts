import { expect, test } from '@playwright/test';
import { messages } from '@tickets/domain';
import { expectAccessible, PEOPLE, signIn, signInThroughPages } from './support';

test.describe('landing and login', () => {
  test('the root redirects to /tickets, whose landing explains the service', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/tickets');
    await expect(page.getByRole('heading', { level: 1, name: messages.landing.title })).toBeVisible();
    await expect(page.getByText(messages.app.title).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('2024');
    await expect(page.getByRole('button', { name: messages.userMenu.logout })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the login page links to TaxisNet and goes back to the landing', async ({ page }) => {
    await page.goto('/ticket-office/login-app');
    await expect(page.getByRole('heading', { level: 1, name: messages.login.title })).toBeVisible();
    await expect(page.getByRole('link', { name: messages.login.link })).toHaveAttribute(
      'href',
      '/oauth2/authorization/taxis',
    );
    await expectAccessible(page);
    await page
      .getByRole('button', { name: messages.app.back })
      .or(page.getByRole('link', { name: messages.app.back }))
      .click();
    await expect(page).toHaveURL('/ticket-office');
  });

  test('the TaxisNet stand-in page is accessible', async ({ page }) => {
    await page.goto('/tickets/login-app');
    await page.getByRole('link', { name: messages.login.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: messages.standIn.title })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('confirmation', () => {
  test('an officer from the ticket office sees both buttons and reaches the ticket office', async ({
    page,
  }) => {
    await signInThroughPages(page, '/ticket-office', PEOPLE.clubOfficer);
    await expect(page.getByRole('heading', { level: 1, name: messages.confirmation.title })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('ΓΕΩΡΓΙΟΣ');
    await expect(main).toContainText('ΝΙΚΟΛΑΟΥ');
    await expect(main).toContainText(PEOPLE.clubOfficer.afm);
    await expect(main).toContainText(messages.confirmation.afm);
    await expect(page.getByText(PEOPLE.clubOfficer.name).first()).toBeVisible();
    await expectAccessible(page);
    await expect(
      page
        .getByRole('button', { name: messages.confirmation.citizen })
        .or(page.getByRole('link', { name: messages.confirmation.citizen })),
    ).toBeVisible();
    await page
      .getByRole('button', { name: messages.confirmation.officer })
      .or(page.getByRole('link', { name: messages.confirmation.officer }))
      .click();
    await expect(page).toHaveURL('/ticket-office/choose-user');
  });

  test('a citizen sees only the continue button and reaches the citizen area', async ({ page }) => {
    await signInThroughPages(page, '/tickets', PEOPLE.citizen);
    const continueButton = page
      .getByRole('button', { name: messages.confirmation.continue })
      .or(page.getByRole('link', { name: messages.confirmation.continue }));
    await expect(continueButton).toBeVisible();
    await expect(page.getByText(messages.confirmation.officer)).toHaveCount(0);
    await expectAccessible(page);
    await continueButton.click();
    await expect(page).toHaveURL('/tickets/choose-action');
  });

  test('the login page of a signed-in person goes straight to confirmation', async ({ page }) => {
    await signIn(page, PEOPLE.citizen.afm);
    await page.goto('/tickets/login-app');
    await expect(page).toHaveURL('/tickets/confirmation');
  });
});

test.describe('guards and errors', () => {
  test('a guarded page sends an anonymous person to the start', async ({ page }) => {
    await page.goto('/tickets/choose-action');
    await expect(page).toHaveURL('/tickets');
    await page.goto('/ticket-office/stats/ticket');
    await expect(page).toHaveURL('/tickets');
  });

  test('a citizen in the ticket office is shown the access-denied page', async ({ page }) => {
    await signIn(page, PEOPLE.citizen.afm);
    await page.goto('/ticket-office/choose-user');
    await expect(page).toHaveURL('/tickets/error');
    await expect(page.getByRole('heading', { level: 1, name: messages.accessDenied.title })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: messages.accessDenied.home }).click();
    await expect(page).toHaveURL('/tickets');
  });

  test('an unknown page says so, with a home link for its route family', async ({ page }) => {
    for (const [path, home] of [
      ['/tickets/no-such-page', '/tickets'],
      ['/ticket-office/no/such/page', '/ticket-office'],
      ['/somewhere-else', '/tickets'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: messages.notFound.title })).toBeVisible();
      await expect(page.getByRole('link', { name: messages.notFound.home })).toHaveAttribute('href', home);
    }
    await expectAccessible(page);
  });
});

test.describe('logout', () => {
  test('the user menu logs out through TaxisNet and the session is gone', async ({ page }) => {
    await signIn(page, PEOPLE.guardian.afm);
    await page
      .getByRole('button', { name: PEOPLE.guardian.name })
      .or(page.getByRole('button', { name: messages.userMenu.label }))
      .first()
      .click();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: messages.userMenu.logout })
      .or(page.getByRole('menuitem', { name: messages.userMenu.logout }))
      .click();
    await expect(page).toHaveURL('/tickets');
    const status = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(status).toBe(401);
  });
});

test.describe('on a phone', () => {
  for (const width of [390, 320]) {
    test(`at ${width} px the header is one compact row and nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await signIn(page, PEOPLE.guardian.afm);
      const header = page.getByRole('banner');
      const menu = header.getByRole('button', { name: PEOPLE.guardian.name });
      await expect(menu).toBeVisible();
      // Was 193 px at 390 (title and button stacked at full size): under a tenth of the screen now.
      expect((await header.boundingBox())?.height).toBeLessThan(80);
      const title = header.getByText(messages.app.title);
      expect((await menu.boundingBox())?.y).toBeLessThan(((await title.boundingBox())?.y ?? 0) + 40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await menu.click();
      await expect(page.getByRole('button', { name: messages.userMenu.logout })).toBeVisible();
    });
  }
});
