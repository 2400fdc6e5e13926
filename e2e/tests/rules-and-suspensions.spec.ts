import { expect, test, type Page } from '@playwright/test';
import { errorCatalogue, messages, suspensionMessages } from '@tickets/domain';
import { dialog, expectAccessible, PEOPLE, signIn } from './support';

const rules = messages.transferRules;
const text = suspensionMessages;
/** The demo season ticket of citizen 100000040 (100000039 keeps theirs for the suspension test). */
const SEASON_TICKET = '303000000002';

/** What the Gov.gr Wallet app would call, with the holder's own session. */
async function walletCall(page: Page, afm: string, path: string, body?: unknown) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!context) throw new Error('no browser context');
  const wallet = await context.newPage();
  await signIn(wallet, afm);
  const answer = await wallet.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url as string, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, body: await response.json() };
    },
    [path, body] as const,
  );
  await context.close();
  return answer as {
    status: number;
    body: { exceptions?: { errors: { description: string }[] } } & Record<string, unknown>;
  };
}

test('transfer rules: the seasonal limits are enforced by the wallet, and a fixture is excluded', async ({
  page,
}) => {
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/choose-user');
  await page.getByRole('link', { name: messages.ticketOffice.tileTransfers }).click();
  await expect(page.getByRole('heading', { level: 2, name: rules.seasonal })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: rules.fixtures })).toBeVisible();
  await expectAccessible(page);

  const season = page.getByRole('region', { name: 'Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27' });
  const save = season.getByRole('button', { name: rules.save });
  await expect(save).toBeDisabled();
  const max = season.getByLabel(new RegExp(rules.maxTransfers));
  await max.fill('0');
  await max.blur();
  await expect(max).toHaveValue('1');
  const hours = season.getByLabel(new RegExp(rules.hours.replace(/[()]/g, '.')));
  await hours.fill('9');
  await hours.blur();
  await expect(hours).toHaveValue('6');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog(page)).toContainText(rules.saveConfirm);
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByText(rules.saved).first()).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27' })
      .getByRole('button', { name: rules.save }),
  ).toBeDisabled();

  // The derby starts in six days: a 6-hour cut-off still allows one loan over the season, and only one.
  const events = (await page.evaluate(async () =>
    (await fetch('/api/ticket-office/transfer-events')).json(),
  )) as { eventId: number; eventDescription: string }[];
  const derby = events.find((event) => event.eventDescription.includes('Αθλητικός Όμιλος Πειραιά'));
  const cup = events.find((event) => event.eventDescription.includes('Κύπελλο'));
  const first = await walletCall(page, PEOPLE.citizen.afm, `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
    recipientAfm: PEOPLE.guardian.afm,
    eventId: derby?.eventId,
  });
  expect(first.status).toBe(200);
  expect(
    (await walletCall(page, PEOPLE.guardian.afm, `/api/wallet/transfers/${first.body.transferId}/accept`, {}))
      .status,
  ).toBe(200);
  // The allowance is over the season: lending another fixture is refused.
  const second = await walletCall(
    page,
    PEOPLE.citizen.afm,
    `/api/wallet/tickets/${SEASON_TICKET}/transfers`,
    {
      recipientAfm: PEOPLE.guardian.afm,
      eventId: cup?.eventId,
    },
  );
  expect(second.status).toBe(422);
  expect(second.body.exceptions?.errors[0]?.description).toBe(
    errorCatalogue.TRANSFER_LIMIT_REACHED.description,
  );

  // Exclude the derby from transfers: the wallet refuses, in Greek.
  const derbyCard = page.getByRole('region', { name: /Αθλητικός Όμιλος Πειραιά/ });
  await derbyCard.getByRole('checkbox', { name: rules.ignoreTransfers }).click();
  await expect(dialog(page)).toContainText(rules.toggleConfirm);
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(
    page
      .getByRole('region', { name: /Αθλητικός Όμιλος Πειραιά/ })
      .getByRole('checkbox', { name: rules.ignoreTransfers }),
  ).toBeChecked();
  const excluded = await walletCall(
    page,
    PEOPLE.citizen.afm,
    `/api/wallet/tickets/${SEASON_TICKET}/transfers`,
    { recipientAfm: PEOPLE.guardian.afm, eventId: derby?.eventId },
  );
  expect(excluded.status).toBe(422);
  expect(excluded.body.exceptions?.errors[0]?.description).toBe(
    errorCatalogue.TRANSFER_NOT_ALLOWED_FOR_FIXTURE.description,
  );
});

test('suspend a fan: the pre-check names their tickets; personalization and companion requests fail until deleted', async ({
  page,
}) => {
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/suspended-users');
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.suspendedUsers })).toBeVisible();
  await expectAccessible(page);

  const insert = page.getByRole('tabpanel', { name: text.insertTab });
  await insert.getByRole('button', { name: text.submitInsert }).click();
  await expect(page.getByRole('alert').first()).toContainText(text.insertNeedsIdentity);
  await insert.getByLabel(text.afm).fill('100 000 039');
  await expect(insert.getByLabel(text.firstName)).toBeDisabled();
  await insert.getByLabel(text.documentId).fill('ΑΒ100039');
  await insert.getByLabel(text.months).fill('2');
  await insert.getByRole('button', { name: text.submitInsert }).click();
  await expect(dialog(page)).toContainText('ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ');
  await expect(dialog(page)).toContainText(text.ticketsCount(1));
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByText(text.added)).toBeVisible();

  // Personalization with their document is refused, as is naming them a companion.
  await page.goto('/ticket-office/ticket-info?user=over-67');
  await page.getByLabel(/^Κωδικός εισιτηρίου/).fill('302000000005');
  await page.getByLabel(/^Όνομα/).fill('ΚΩΝΣΤΑΝΤΙΝΟΣ');
  await page.getByLabel(/^Επώνυμο/).fill('ΔΗΜΗΤΡΙΟΥ');
  await page.getByLabel(/^Αριθμός εγγράφου/).fill('ΑΒ100039');
  await page.getByRole('button', { name: messages.ticketOffice.submit }).click();
  await expect(
    page.locator('.Toastify').getByText(errorCatalogue.PERSON_SUSPENDED.description),
  ).toBeVisible();
  await expect(page.locator('.govgr-error-summary')).toContainText(
    errorCatalogue.PERSON_SUSPENDED.description,
  );

  const guardianPage = await page
    .context()
    .browser()
    ?.newPage({ baseURL: new URL(page.url()).origin });
  if (!guardianPage) throw new Error('no page');
  await signIn(guardianPage, PEOPLE.guardian.afm);
  const indicate = () =>
    guardianPage.evaluate(async () => {
      const dependents = (await (await fetch('/api/tickets/dependents/')).json()) as {
        amka: string;
        firstName: string;
      }[];
      const minor = dependents.find((dependent) => dependent.firstName === 'ΝΙΚΟΛΑΟΣ');
      const response = await fetch('/api/tickets/dependents/declarations/indicate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ publicCode: '200000000011', afm: '100000039', amka: minor?.amka }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { exceptions?: { errors: { description: string }[] } },
      };
    });
  const refused = await indicate();
  expect(refused.status).toBe(422);
  expect(refused.body.exceptions?.errors[0]?.description).toBe(
    errorCatalogue.PERSON_CANNOT_BE_NAMED.description,
  );

  // Find the record and delete it: both succeed again.
  await page.goto('/ticket-office/suspended-users');
  await page.getByRole('tab', { name: text.searchTab }).click();
  const search = page.getByRole('tabpanel', { name: text.searchTab });
  await search.getByLabel(text.afm).fill('100000039');
  await search.getByRole('button', { name: text.submitSearch }).click();
  const row = page.getByRole('row').filter({ hasText: 'ΑΒ100039' });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: /Διαγραφή εγγραφής/ }).click();
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByText(text.deleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ΑΒ100039' })).toHaveCount(0);

  expect((await indicate()).status).toBe(200);
  await page.goto('/ticket-office/ticket-info?user=over-67');
  await page.getByLabel(/^Κωδικός εισιτηρίου/).fill('302000000005');
  await page.getByLabel(/^Όνομα/).fill('ΚΩΝΣΤΑΝΤΙΝΟΣ');
  await page.getByLabel(/^Επώνυμο/).fill('ΔΗΜΗΤΡΙΟΥ');
  await page.getByLabel(/^Αριθμός εγγράφου/).fill('ΑΒ100039');
  await page.getByRole('button', { name: messages.ticketOffice.submit }).click();
  await expect(page).toHaveURL('/ticket-office/print-ticket');
  await guardianPage.close();
});

test('suspensions bite on the person: identity details find the person (a minor, unnamed) in the pre-check, and a card typed another way is refused', async ({
  page,
}) => {
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const { body: dependents } = await walletCall(page, PEOPLE.guardian.afm, '/api/tickets/dependents/');
  const minor = (dependents as unknown as { firstName: string; birthdate: string }[]).find(
    (dependent) => dependent.firstName === 'ΝΙΚΟΛΑΟΣ',
  );
  if (!minor) throw new Error('demo minor missing');

  // By identity details only, typed in lower case: the pre-check finds the registry person, a minor,
  // and says only that (an officer learns no minor's name from it).
  await page.goto('/ticket-office/suspended-users');
  const insert = page.getByRole('tabpanel', { name: text.insertTab });
  await insert.getByLabel(text.firstName).fill('Νικόλαος');
  await insert.getByLabel(text.fathersName).fill('Παύλος');
  await insert.getByLabel(text.lastName).fill('Γεωργίου');
  await insert.getByLabel(text.dateOfBirth).fill(minor.birthdate);
  await insert.getByLabel(text.months).fill('1');
  await insert.getByRole('button', { name: text.submitInsert }).click();
  await expect(dialog(page)).toContainText(text.affectedMinor);
  await expect(dialog(page)).not.toContainText('ΝΙΚΟΛΑΟΣ');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('precheck-identity-details.png') });
  await dialog(page).getByRole('button', { name: messages.form.cancel }).click();
  await expect(dialog(page)).toBeHidden();

  // A card typed as `ab 123-456`: nobody holds it yet, and the officer is told so.
  await page.reload();
  await insert.getByLabel(text.documentId).fill('ab 123-456');
  await insert.getByLabel(text.months).fill('1');
  await insert.getByRole('button', { name: text.submitInsert }).click();
  await expect(dialog(page)).toContainText(text.nobodyKnown);
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByText(text.added)).toBeVisible();

  // Another officer types the same card in Greek capitals: refused.
  await page.goto('/ticket-office/ticket-info?user=over-67');
  await page.getByLabel(/^Κωδικός εισιτηρίου/).fill('302000000006');
  await page.getByLabel(/^Όνομα/).fill('ΙΩΑΝΝΗΣ');
  await page.getByLabel(/^Επώνυμο/).fill('ΠΑΠΑΔΑΚΗΣ');
  await page.getByLabel(/^Αριθμός εγγράφου/).fill('ΑΒ123456');
  await page.getByRole('button', { name: messages.ticketOffice.submit }).click();
  await expect(
    page.locator('.Toastify').getByText(errorCatalogue.PERSON_SUSPENDED.description),
  ).toBeVisible();
  await expect(page.locator('.govgr-error-summary')).toContainText(
    errorCatalogue.PERSON_SUSPENDED.description,
  );

  // The entering club lifts it, found by the card in Latin letters.
  await page.goto('/ticket-office/suspended-users');
  await page.getByRole('tab', { name: text.searchTab }).click();
  const search = page.getByRole('tabpanel', { name: text.searchTab });
  await search.getByLabel(text.documentId).fill('AB123456');
  await search.getByRole('button', { name: text.submitSearch }).click();
  const row = page.getByRole('row').filter({ hasText: 'ab123-456' });
  await row.getByRole('button', { name: /Διαγραφή εγγραφής/ }).click();
  await dialog(page).getByRole('button', { name: messages.form.confirm }).click();
  await expect(page.getByText(text.deleted)).toBeVisible();
});
