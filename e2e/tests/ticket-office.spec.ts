import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import {
  documentTypeLabel,
  errorCatalogue,
  messages,
  parseGateCode,
  validationMessages,
} from '@tickets/domain';
import { expectAccessible, PEOPLE, signIn } from './support';

const text = messages.ticketOffice;

/** Debian's zbarimg on the PDF's page rendered by pdftoppm (both installed by ensure-tools.mjs). */
function decodePrintedQr(pdf: Buffer, stem: string): string {
  writeFileSync(`${stem}.pdf`, pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', `${stem}.pdf`, stem]);
  return execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', `${stem}.png`], {
    encoding: 'utf8',
    // zbar asks for D-Bus, which a CI machine has not: a harmless complaint, not shown.
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}
const field = (label: string) => new RegExp(`^${label}`);

test('over-67: personalize, print a scannable QR, and find the ticket in stats', async ({ page }) => {
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  await page.getByRole('button', { name: messages.confirmation.officer }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.chooseUser })).toBeVisible();
  await expect(page.getByRole('link', { name: text.tileForeigner })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: text.tileOver67 }).click();
  await expect(page).toHaveURL('/ticket-office/ticket-info?user=over-67');
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.ticketInfo })).toBeVisible();
  const submit = page.getByRole('button', { name: text.submit });
  await expect(submit).toBeDisabled();
  await page.getByLabel(field(text.ticketCode)).pressSequentially('3010-0000-0020');
  await expect(page.getByLabel(field(text.ticketCode))).toHaveValue('301000000020');
  await page.getByLabel(field(text.firstName)).fill('Maria');
  await page.getByLabel(field(text.lastName)).fill('ΠΑΠΑΔΟΠΟΥΛΟΥ');
  await page.getByLabel(field(text.documentId)).fill('ΑΒ 123');
  await page.getByLabel(field(text.documentId)).blur();
  await expect(page.getByRole('alert')).toContainText(validationMessages.firstName.greek);
  await expect(submit).toBeDisabled();
  await expectAccessible(page);
  // Typed with the tonos; printed in Greek capitals, without it.
  await page.getByLabel(field(text.firstName)).fill('ΜΑΡΊΑ');
  await page.getByLabel(field(text.documentId)).fill('ΑΒ123456');
  await page.getByLabel(text.identity).check();
  await submit.click();

  await expect(page).toHaveURL('/ticket-office/print-ticket');
  await expect(page.getByRole('status').filter({ hasText: text.issued })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
  await expect(main).toContainText(documentTypeLabel('NATIONAL_ID'));
  await expectAccessible(page);

  // The QR is the platform's signature over ticket, event and print serial: nothing personal.
  const png = PNG.sync.read(await page.locator('.app-screen-only .app-verification-code svg').screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  expect(parseGateCode(code)).toMatchObject({ kind: 'paper', ticketCode: '301000000020', serial: 1 });
  await expect(page.locator('.app-code-text')).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-printable')).toBeVisible();
  await expect(page.locator('.app-screen-only')).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  // No page size given: the stylesheet's, as the print dialog of window.print() takes it (Playwright's
  // default would be Letter whatever the CSS says).
  const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pdf = printed.toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  // A6 is 105 × 148 mm = 297.6 × 419.5 pt (Chromium rounds to whole CSS pixels: within 1 pt).
  const [width, height] = (pdf.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/) ?? [])
    .slice(1)
    .map(Number);
  expect(Math.abs((width ?? 0) - 297.6)).toBeLessThan(1);
  expect(Math.abs((height ?? 0) - 419.5)).toBeLessThan(1);
  // What comes out of the printer still scans, read by another decoder (zbar) off the page at 150 dpi.
  expect(decodePrintedQr(printed, test.info().outputPath('printed'))).toBe(code);
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/ticket-office/stats/ticket');
  await page.getByLabel(field(text.ticketCode)).fill('301000000020');
  await page.getByRole('button', { name: text.statsSubmit }).click();
  const details = page.getByRole('region', { name: messages.screens.ticketInfo });
  await expect(details).toContainText('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
  await expect(details).toContainText(text.personalizedOn);
  await expect(details).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);
});

test('foreigner: identify with a residence permit and land on the success screen', async ({ page }) => {
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/ticket-info?user=foreigner');
  await page.getByLabel(field(text.ticketCode)).fill('401000000030');
  await page.getByLabel(field(text.firstName)).fill('Anna-Maria');
  await page.getByLabel(field(text.lastName)).fill("O'Brien");
  await page.getByLabel(text.residencePermit).check();
  await expect(page.getByLabel(text.permitType)).toHaveValue('VIGNETTE');
  await page.getByLabel(text.permitType).selectOption('RESIDENCE_PERMIT_PERMANENT');
  await page.getByLabel(field(text.documentId)).fill('rp-778899');
  await expectAccessible(page);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL('/ticket-office/success');
  await expect(page.getByRole('main')).toContainText(
    text.addedToWallet('401000000030', "ANNA-MARIA O'BRIEN"),
  );
  await expectAccessible(page);
});

test('a barcode for the basketball club, errors as toasts, and guarded entry points', async ({ page }) => {
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/ticket-info');
  await expect(page).toHaveURL('/ticket-office/choose-user');

  await page.goto('/ticket-office/ticket-info?user=over-67');
  await page.getByLabel(field(text.ticketCode)).fill('401000000031');
  await page.getByLabel(field(text.firstName)).fill('ΓΙΑΝΝΗΣ');
  await page.getByLabel(field(text.lastName)).fill('ΚΑΡΑΣ');
  await page.getByLabel(field(text.documentId)).fill('Χ998877');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.locator('.app-screen-only .app-verification-code svg rect').first()).toBeAttached();
  await expect(page.locator('.app-screen-only .app-verification-code canvas')).toHaveCount(0);

  await page.goto('/ticket-office/ticket-info?user=over-67');
  await page.getByLabel(field(text.ticketCode)).fill('304000000001');
  await page.getByLabel(field(text.firstName)).fill('ΓΙΑΝΝΗΣ');
  await page.getByLabel(field(text.lastName)).fill('ΚΑΡΑΣ');
  await page.getByLabel(field(text.documentId)).fill('Χ998877');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.locator('.Toastify').getByText(errorCatalogue.EVENT_STARTED.description)).toBeVisible();
  await expect(page.locator('.govgr-error-summary')).toContainText(errorCatalogue.EVENT_STARTED.description);

  await page.goto('/ticket-office/print-ticket');
  await expect(page.getByRole('heading', { level: 1, name: messages.notFound.title })).toBeVisible();
  await page.goto('/ticket-office/failed');
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.failed })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/ticket-office/stats/ticket');
  await page.getByLabel(field(text.ticketCode)).fill('999999999999');
  await page.getByRole('button', { name: text.statsSubmit }).click();
  await expect(
    page.locator('.Toastify').getByText(errorCatalogue.TICKET_NOT_FOUND.description),
  ).toBeVisible();
  await expect(page.locator('.govgr-error-summary')).toContainText(
    errorCatalogue.TICKET_NOT_FOUND.description,
  );
});
