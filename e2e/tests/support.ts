import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
async function expectNoAxeViolationsOnly(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * HTML_CodeSniffer's WCAG2AA standard, as pa11y runs it (pa11y's own build of it, @pa11y/html_codesniffer),
 * injected into the page: pa11y itself drives a browser it downloads, which cannot work here. Like
 * pa11y by default, its errors fail, its warnings and notices (things a person must judge) do not.
 * Injected through the DevTools protocol (`evaluate`), which the page's Content-Security-Policy does
 * not block as it would a script tag.
 */
const htmlCodeSniffer = readFileSync(
  createRequire(import.meta.url).resolve('@pa11y/html_codesniffer/build/HTMLCS.js'),
  'utf8',
);
interface HtmlCodeSnifferMessage {
  type: number;
  code: string;
  msg: string;
  element: Element;
}
interface HtmlCodeSniffer {
  process(standard: string, content: Document, done: () => void, failed: () => void): void;
  getMessages(): HtmlCodeSnifferMessage[];
}

export async function expectNoHtmlCodeSnifferErrors(page: Page) {
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await page.evaluate(htmlCodeSniffer);
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const sniffer = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS;
        const ERROR = 1;
        sniffer.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              sniffer
                .getMessages()
                .filter((message) => message.type === ERROR)
                .map((message) => {
                  const element = message.element;
                  const where =
                    element instanceof Element
                      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`
                      : 'document';
                  return `${message.code} (${where}): ${message.msg}`;
                }),
            ),
          () => reject(new Error('HTML_CodeSniffer could not run')),
        );
      }),
  );
  expect(errors).toEqual([]);
}

/**
 * Every screen's accessibility check: axe (WCAG 2.1 AA) and HTML_CodeSniffer (WCAG2AA, pa11y's
 * engine), zero findings from either. Not while a toast animates (see expectNoAxeViolationsOnly).
 */
export async function expectAccessible(page: Page) {
  await expect(page.locator('.Toastify--animate')).toHaveCount(0);
  await expectNoAxeViolationsOnly(page);
  await expectNoHtmlCodeSnifferErrors(page);
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

/** The former name, for specs written before HTML_CodeSniffer joined axe: the same two checks. */
export const expectNoAxeViolations = expectAccessible;
