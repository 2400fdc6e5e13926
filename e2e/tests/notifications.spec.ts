import { expect, test, type Page } from '@playwright/test';
import { mailboxStandInMessages } from '@tickets/domain';
import { expectNoAxeViolations, PEOPLE, sessionCall, signIn } from './support';

/**
 * Notifications (issue #30): a companion request e-mails the companion, the answer e-mails the
 * guardian; both read in the development mailbox's page, as a real SMTP server on loopback got them.
 */
const COMPANION = '100000039';
const FREE_TICKET_OF_ANNA = '200000000042';

/** The development mailbox's message with this subject, once delivered (reloading the page). */
async function openMail(page: Page, subject: RegExp, text: RegExp) {
  await page.goto('/mailbox-standin');
  await expect(page.getByRole('heading', { level: 1, name: mailboxStandInMessages.title })).toBeVisible();
  const mail = page.getByRole('article', { name: subject }).filter({ hasText: text }).first();
  await expect(async () => {
    await page.getByRole('button', { name: mailboxStandInMessages.refresh }).click();
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return mail;
}

test('a companion request e-mails the companion in Greek; the acceptance e-mails the guardian', async ({
  page,
  browser,
}) => {
  await signIn(page, PEOPLE.guardian.afm);
  const dependents = await sessionCall<{ amka: string; firstName: string }[]>(
    page,
    'GET',
    '/api/tickets/dependents/',
  );
  const anna = dependents.find((minor) => minor.firstName === 'ΑΝΝΑ');
  const request = await sessionCall<{ declarationId: string; eventDescription: string }>(
    page,
    'POST',
    '/api/tickets/dependents/declarations/indicate',
    { publicCode: FREE_TICKET_OF_ANNA, afm: COMPANION, amka: anna?.amka },
  );

  const origin = new URL(page.url()).origin;
  const mailbox = await (await browser.newContext({ baseURL: origin })).newPage();
  const toCompanion = await openMail(mailbox, /Αίτημα συνοδείας ανηλίκου: ΑΝΝΑ/, /ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ/);
  await expect(toCompanion).toContainText('konstantinos.dimitriou@example.org');
  await expect(toCompanion).toContainText(request.eventDescription);
  await expect(toCompanion).toContainText('Gov.gr Wallet');
  await expect(toCompanion).toContainText('«Αποδοχή» ή «Απόρριψη»');
  await expect(toCompanion).not.toContainText(PEOPLE.guardian.afm);
  await expectNoAxeViolations(mailbox);

  // The companion accepts in the wallet (its API, with the companion's own session).
  const wallet = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(wallet, COMPANION);
  await sessionCall(wallet, 'POST', `/api/wallet/companion-requests/${request.declarationId}/accept`);

  const toGuardian = await openMail(mailbox, /ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ αποδέχθηκε τη συνοδεία/, /ΑΝΝΑ/);
  await expect(toGuardian).toContainText('eleni.georgiou@example.org');
  await expect(toGuardian).toContainText(request.eventDescription);
});
