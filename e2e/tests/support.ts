import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
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

/**
 * WCAG 2.1 AA by axe: zero violations. Of the page as a person reads it: a toast still sliding in
 * or fading out (react-toastify marks it `Toastify--animate`) is half transparent, and axe would
 * measure its contrast mid-way.
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('.Toastify--animate')).toHaveCount(0);
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

/** A QR on screen as a camera reads it: its text, decoded from a screenshot of the element. */
export async function decodeQr(qr: Locator): Promise<string> {
  const png = PNG.sync.read(await qr.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  if (!code) throw new Error('the QR did not decode');
  return code;
}

/** A call of the signed-in person's own session (cookie), as the pages make it; expects a 200. */
export async function sessionCall<T>(page: Page, method: string, path: string, body?: unknown) {
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
 * At the window, a signed-in officer personalizes a ticket for an over-67 fan and prints it: the
 * answer is what the printed QR says, read off the print screen.
 */
export async function printAtTheWindow(page: Page, ticketCode: string, documentId: string) {
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
  return decodeQr(page.locator('.app-screen-only .app-verification-code svg'));
}
