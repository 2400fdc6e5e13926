import { expect, test, type Page } from '@playwright/test';
import { mailboxStandInMessages } from '@tickets/domain';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/**
 * Notifications (issue #30): a companion request e-mails the companion, the answer e-mails the
 * guardian; both read in the development mailbox's page, as a real SMTP server on loopback got them.
 */
const COMPANION = '100000039';
const FREE_TICKET_OF_ANNA = '200000000042';

/** The development mailbox's message with this subject, once delivered (reloading the page). */
async function openMail(page: Page, subject: RegExp, text: RegExp | string) {
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
  // The demo data's own requests e-mailed him too: this one is of ANNA's free ticket's match.
  const toCompanion = await openMail(mailbox, /Αίτημα συνοδείας ανηλίκου: ΑΝΝΑ/, request.eventDescription);
  await expect(toCompanion).toContainText('konstantinos.dimitriou@example.org');
  await expect(toCompanion).toContainText('ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ σας ζητά να συνοδεύσετε τον/την ανήλικο/η ΑΝΝΑ');
  await expect(toCompanion).toContainText(request.eventDescription);
  await expect(toCompanion).toContainText('Gov.gr Wallet');
  await expect(toCompanion).toContainText('«Αποδοχή» ή «Απόρριψη»');
  await expect(toCompanion).not.toContainText(PEOPLE.guardian.afm);
  await expectAccessible(mailbox);

  // The companion accepts in the wallet (its API, with the companion's own session).
  const wallet = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(wallet, COMPANION);
  await sessionCall(wallet, 'POST', `/api/wallet/companion-requests/${request.declarationId}/accept`);

  const toGuardian = await openMail(
    mailbox,
    /ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ αποδέχθηκε τη συνοδεία/,
    request.eventDescription,
  );
  await expect(toGuardian).toContainText('eleni.georgiou@example.org');
  await expect(toGuardian).toContainText(request.eventDescription);
});

test('a loan e-mails its recipient; the rejection e-mails the holder', async ({ browser }) => {
  // 303000000001 is the companion's season ticket (no other browser test lends it).
  const holder = await (await browser.newContext()).newPage();
  await signIn(holder, COMPANION);
  const tickets = await sessionCall<
    { publicCode: string; fixtures: { eventId: number; eventDescription: string }[] }[]
  >(holder, 'GET', '/api/wallet/tickets');
  const derby = tickets
    .find((ticket) => ticket.publicCode === '303000000001')
    ?.fixtures.find((fixture) => fixture.eventDescription.includes('Αθλητικός Όμιλος Πειραιά'));
  const loan = await sessionCall<{ transferId: string }>(
    holder,
    'POST',
    '/api/wallet/tickets/303000000001/transfers',
    {
      recipientAfm: PEOPLE.guardian.afm,
      eventId: derby?.eventId,
    },
  );
  const origin = new URL(holder.url()).origin;
  const mailbox = await (await browser.newContext({ baseURL: origin })).newPage();
  const toRecipient = await openMail(mailbox, /ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ σας δανείζει εισιτήριο/, /Πειραιά/);
  await expect(toRecipient).toContainText('eleni.georgiou@example.org');
  await expect(toRecipient).toContainText('«Μεταβιβάσεις»');

  const recipient = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(recipient, PEOPLE.guardian.afm);
  await sessionCall(recipient, 'POST', `/api/wallet/transfers/${loan.transferId}/reject`);
  const toHolder = await openMail(mailbox, /ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ απέρριψε το εισιτήριο/, /Πειραιά/);
  await expect(toHolder).toContainText('konstantinos.dimitriou@example.org');
});
