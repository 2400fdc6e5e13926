import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { messages } from '@tickets/domain';

export const PEOPLE = {
  platformOfficer: { afm: '100000003', name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' },
  clubOfficer: { afm: '100000015', name: 'ΓΕΩΡΓΙΟΣ ΝΙΚΟΛΑΟΥ' },
  guardian: { afm: '100000027', name: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ' },
  citizen: { afm: '100000040', name: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ' },
} as const;

/** Signs in by clicking through, as a person would: landing → login page → stand-in → back. */
export async function signInThroughPages(
  page: Page,
  base: '/tickets' | '/ticket-office',
  person: { afm: string; name: string },
) {
  await page.goto(base);
  await page
    .getByRole('link', { name: messages.landing.enter })
    .or(page.getByRole('button', { name: messages.landing.enter }))
    .click();
  await expect(page).toHaveURL(`${base}/login-app`);
  await page.getByRole('link', { name: messages.login.link }).click();
  await page.getByRole('button', { name: new RegExp(`${person.name}.*${person.afm}`) }).click();
  await expect(page).toHaveURL(`${base}/confirmation`);
}

/** Signs in without clicking through the stand-in (login_hint), for tests about later screens. */
export async function signIn(page: Page, afm: string, returnTo: '/tickets' | '/ticket-office' = '/tickets') {
  await page.goto(`/oauth2/authorization/taxis?login_hint=${afm}&return_to=${returnTo}`);
  await expect(page).toHaveURL(`${returnTo}/confirmation`);
}

/** WCAG 2.1 AA by axe: zero violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

/** A person's way to a dialog's buttons: by role, within the open dialog. */
export const dialog = (page: Page) => page.getByRole('dialog');
