import { expect, test, type Page } from '@playwright/test';
import { messages, validationMessages } from '@tickets/domain';
import { dialog, expectAccessible, PEOPLE, signIn } from './support';

const text = messages.companions;
const COMPANION = '100000039';
const FREE_TICKET_OF_NIKOLAOS = '200000000011';

async function acceptAsCompanion(page: Page) {
  // The companion answers in the Gov.gr Wallet, which calls the wallet API with their session.
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  const wallet = await context?.newPage();
  if (!wallet || !context) throw new Error('no browser context');
  await signIn(wallet, COMPANION);
  const accepted = await wallet.evaluate(async () => {
    const requests = (await (await fetch('/api/wallet/companion-requests')).json()) as {
      requestId: string;
      ticketCode: string;
    }[];
    const request = requests.find((entry) => entry.ticketCode === '200000000011');
    const response = await fetch(`/api/wallet/companion-requests/${request?.requestId}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    return response.status;
  });
  expect(accepted).toBe(200);
  await context.close();
}

test('a guardian authorises a companion, who accepts; the guardian changes and cancels', async ({ page }) => {
  // Eleven screens, each checked by axe and by HTML_CodeSniffer: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, PEOPLE.guardian.afm);
  await page.getByRole('button', { name: messages.confirmation.continue }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.chooseAction })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: text.tileIndicate }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.chooseMinor })).toBeVisible();
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page.getByRole('alert')).toContainText(text.chooseMinorRequired);
  await expectAccessible(page);
  await page.getByLabel(/ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ/).check();
  await page.getByRole('button', { name: text.continue }).click();

  await expect(page.getByRole('heading', { level: 1, name: messages.screens.selectedMinor })).toBeVisible();
  const code = page.getByLabel(new RegExp(text.ticketCode));
  await code.pressSequentially('2000-0000-0011');
  await expect(code).toHaveValue(FREE_TICKET_OF_NIKOLAOS);
  await page.getByLabel(new RegExp(text.companionAfm)).fill('12345');
  await page.getByRole('button', { name: text.sendRequest }).click();
  await expect(page.getByRole('alert').first()).toContainText(validationMessages.afmLength);
  await expectAccessible(page);
  await page.getByLabel(new RegExp(text.companionAfm)).fill(COMPANION);
  await page.getByRole('button', { name: text.sendRequest }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: messages.screens.successCompanion }),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ');
  await expect(main).toContainText('ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ');
  await expect(main).toContainText(FREE_TICKET_OF_NIKOLAOS);
  await expect(main).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);

  await acceptAsCompanion(page);

  await page.getByRole('button', { name: text.backToActions }).click();
  await page.getByRole('link', { name: text.tileList }).click();
  const card = page.getByRole('region', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ – Α\.Ε\. Ολυμπιάδα - Αθλητικός/ });
  await expect(card).toContainText(text.accepted);
  await expectAccessible(page);

  // Change to myself: accepted at once.
  await card.getByRole('button', { name: text.changeCompanion }).click();
  await expect(dialog(page)).toBeVisible();
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: messages.form.send }).click();
  await expect(
    page.getByRole('region', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ – Α\.Ε\. Ολυμπιάδα - Αθλητικός/ }),
  ).toContainText('ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ');

  // Then to another person: a new request, pending; Send waits for nine digits.
  await page
    .getByRole('region', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ – Α\.Ε\. Ολυμπιάδα - Αθλητικός/ })
    .getByRole('button', { name: text.changeCompanion })
    .click();
  await dialog(page).getByLabel(text.changeAnother).check();
  const send = dialog(page).getByRole('button', { name: messages.form.send });
  await dialog(page).getByLabel(new RegExp(text.companionAfm)).fill('1000000');
  await expect(send).toBeDisabled();
  // Nine digits with a wrong check digit: the server's refusal stays in the dialog until the ΑΦΜ changes.
  await dialog(page).getByLabel(new RegExp(text.companionAfm)).fill('100000001');
  await send.click();
  await expect(dialog(page).locator('.govgr-error-summary')).toContainText(validationMessages.afmCheckDigit);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  await expect(dialog(page).locator('.govgr-error-summary')).toContainText(validationMessages.afmCheckDigit);
  await expectAccessible(page);
  await dialog(page).getByLabel(new RegExp(text.companionAfm)).fill(COMPANION);
  await expect(dialog(page).locator('.govgr-error-summary')).toHaveCount(0);
  await send.click();
  const pendingCard = page.getByRole('region', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ – Α\.Ε\. Ολυμπιάδα - Αθλητικός/ });
  await expect(pendingCard).toContainText(text.pending);

  // Cancel the pending one, after the confirmation.
  await pendingCard.getByRole('button', { name: text.cancelRequest }).click();
  await expect(dialog(page)).toContainText(text.cancelConfirm);
  // Under the spec's question, the dialog says whose request it cancels.
  await expect(dialog(page).getByRole('definition')).toHaveText([
    'ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ',
    /^Α\.Ε\. Ολυμπιάδα - Αθλητικός.*, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
  ]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('cancel-dialog-names-what.png') });
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await pendingCard.getByRole('button', { name: text.cancelRequest }).click();
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.successCancel })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(FREE_TICKET_OF_NIKOLAOS);
  await expectAccessible(page);
});

test('a person with no minors is told so, and the minor’s page needs a chosen minor', async ({ page }) => {
  await signIn(page, PEOPLE.citizen.afm);
  await page.goto('/tickets/choose-minor');
  await expect(page.getByText(text.noDependents)).toBeVisible();
  await page.goto('/tickets/selected-minor');
  await expect(page.getByRole('heading', { level: 1, name: messages.notFound.title })).toBeVisible();
  await page.goto('/tickets/cancel-events');
  await expect(page.getByText(text.noDeclarations)).toBeVisible();
  await expectAccessible(page);
});
