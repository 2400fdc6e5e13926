import { expect, test, type Page } from '@playwright/test';
import {
  errorCatalogue,
  gateScreenMessages,
  messages,
  suspensionMessages,
  validationMessages,
  withAfmCheckDigit,
} from '@tickets/domain';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/** Issue #28: screens a busy officer and a steward read at a glance, on a phone and at a desk. */
const text = messages.ticketOffice;
const field = (label: string) => new RegExp(`^${label}`);
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const summary = (page: Page) => page.locator('.govgr-error-summary');
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESK],
] as const) {
  test(`stats (${size}): a refusal stays in the summary after its toast; a new search clears the old result`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
    await page.goto('/ticket-office/stats/ticket');
    const code = page.getByLabel(field(text.ticketCode));
    await code.fill('301000000020');
    await page.getByRole('button', { name: text.statsSubmit }).click();
    const details = page.getByRole('main').getByText(text.issuer, { exact: true });
    await expect(details).toBeVisible();

    // An invalid code: the last ticket's details go with the new search.
    await code.fill('12345');
    await page.getByRole('button', { name: text.statsSubmit }).click();
    await expect(summary(page)).toContainText(validationMessages.ticketCode);
    await expect(details).toHaveCount(0);

    // A code nobody holds: the toast goes after 5 s, the summary keeps the reason.
    await code.fill('399999999999');
    await page.getByRole('button', { name: text.statsSubmit }).click();
    const refusal = errorCatalogue.TICKET_NOT_FOUND.description;
    await expect(summary(page)).toContainText(refusal);
    await expect(summary(page)).toBeFocused();
    // The spec's toast shows (its library loads with the first toast), then goes after 5 s.
    await expect(page.locator('.Toastify__toast')).toHaveCount(1);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
    await expect(summary(page)).toContainText(refusal);
    await expectAccessible(page);
    await shot(page, `stats-refusal-kept-${size}`);
    await summary(page).getByRole('link', { name: refusal }).click();
    await expect(code).toBeFocused();
    await code.press('Backspace');
    await expect(page.getByText(refusal)).toHaveCount(0);
  });
}

test('ticket info: a refusal stays until a field changes; a document number loses spaces and takes capitals', async ({
  page,
}) => {
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/ticket-info?user=over-67');
  const documentId = page.getByLabel(field(text.documentId));
  await documentId.pressSequentially('αβ 12 ab');
  await expect(documentId).toHaveValue('ΑΒ12AB');
  await documentId.fill('ΑΒ/12');
  await documentId.blur();
  await expect(summary(page)).toContainText(validationMessages.documentId);
  await documentId.fill('ab 123456');
  await expect(documentId).toHaveValue('AB123456');
  await documentId.blur();
  await expect(summary(page)).toHaveCount(0);

  // A ticket code nobody holds: refused by the server, the reason kept beside the form.
  await page.getByLabel(field(text.ticketCode)).fill('399999999999');
  await page.getByLabel(field(text.firstName)).fill('ΜΑΡΙΑ');
  await page.getByLabel(field(text.lastName)).fill('ΠΑΠΑΔΟΠΟΥΛΟΥ');
  await page.getByLabel(text.identity).check();
  await page.getByRole('button', { name: text.submit }).click();
  const refusal = errorCatalogue.TICKET_NOT_FOUND.description;
  await expect(summary(page)).toContainText(refusal);
  // The spec's toast shows (its library loads with the first toast), then goes after 5 s.
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  await expect(summary(page)).toContainText(refusal);
  await expectAccessible(page);
  await shot(page, 'ticket-info-refusal-kept');
  await page.getByLabel(text.passport).check();
  await expect(summary(page)).toHaveCount(0);
});

test.describe('suspensions results', () => {
  const afm = withAfmCheckDigit('20000099');
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desk', DESK],
  ] as const) {
    test(`(${size}): each record readable with its labels, the delete control in view`, async ({ page }) => {
      await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
      const search = { afm, amka: null, documentId: 'ΑΒ 200099', firstName: null, fathersName: null };
      const person = { ...search, lastName: null, dateOfBirth: null };
      const found = await sessionCall<unknown[]>(
        page,
        'POST',
        '/api/blackList-administration/search',
        person,
      );
      if (found.length === 0) {
        await sessionCall(page, 'POST', '/api/blackList-administration/add', {
          ...person,
          endDate: '2099-12-31T21:59:59.999Z',
        });
      }
      await page.setViewportSize(viewport);
      await page.goto('/ticket-office/suspended-users');
      await page.getByRole('tab', { name: suspensionMessages.searchTab }).click();
      const panel = page.getByRole('tabpanel', { name: suspensionMessages.searchTab });
      await panel.getByLabel(suspensionMessages.afm).fill(afm);
      await panel.getByRole('button', { name: suspensionMessages.submitSearch }).click();
      const row = page.getByRole('row').filter({ hasText: 'ΑΒ200099' });
      const remove = row.getByRole('button', { name: /Διαγραφή εγγραφής/ });
      await expect(remove).toBeVisible();
      await remove.scrollIntoViewIfNeeded();
      const box = await remove.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      // Nothing scrolls sideways: the table fits its container.
      const container = page.locator('.govgr-table-container');
      expect(
        await container.evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeLessThanOrEqual(0);
      const labelOf = (name: string) =>
        row
          .getByRole('cell')
          .filter({ hasText: name })
          .first()
          .evaluate((cell) => getComputedStyle(cell, '::before').content);
      if (size === 'phone') {
        expect(await labelOf(afm)).toBe(`"${suspensionMessages.afm}"`);
        expect(await labelOf('ΑΒ200099')).toBe(`"${suspensionMessages.documentId}"`);
      } else {
        await expect(page.getByRole('columnheader', { name: suspensionMessages.delete })).toBeVisible();
      }
      await expectAccessible(page);
      await row.scrollIntoViewIfNeeded();
      await shot(page, `suspensions-results-${size}`);
    });
  }
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESK],
] as const) {
  test(`an officer's confirmation (${size}): the question, then the spec's two choices, each described`, async ({
    page,
  }) => {
    const text = messages.confirmation;
    await page.setViewportSize(viewport);
    await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
    const question = page.getByRole('heading', { level: 2, name: text.officerQuestion });
    await expect(question).toBeVisible();
    const choices = page.getByRole('region', { name: text.officerQuestion }).getByRole('button');
    await expect(choices).toHaveText([text.citizen, text.officer]);
    await expect(choices.nth(0)).toHaveAccessibleDescription(text.citizenDescription);
    await expect(choices.nth(1)).toHaveAccessibleDescription(text.officerDescription);
    // Each description sits under its own button, above the next one.
    const [citizen, citizenAbout, officer] = await Promise.all([
      choices.nth(0).boundingBox(),
      page.getByText(text.citizenDescription).boundingBox(),
      choices.nth(1).boundingBox(),
    ]);
    expect(citizen && citizenAbout && officer).toBeTruthy();
    expect(citizenAbout!.y).toBeGreaterThan(citizen!.y + citizen!.height - 1);
    expect(officer!.y).toBeGreaterThan(citizenAbout!.y + citizenAbout!.height - 1);
    await expectAccessible(page);
    await shot(page, `officer-confirmation-${size}`);
    await choices.nth(1).click();
    await expect(page).toHaveURL('/ticket-office/choose-user');
  });
}

test('the transfer-rules dialog names the season and the new values under the spec question', async ({
  page,
}) => {
  const rules = messages.transferRules;
  await signIn(page, PEOPLE.platformOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/transfer-events');
  const season = page.getByRole('region', { name: 'Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27' });
  const max = season.getByLabel(new RegExp(rules.maxTransfers));
  const before = await max.inputValue();
  const after = before === '3' ? '4' : '3';
  await max.fill(after);
  await max.blur();
  await season.getByRole('button', { name: rules.save }).click();
  const box = page.getByRole('dialog');
  await expect(box.getByRole('heading')).toHaveText(rules.saveConfirm);
  const row = (label: string) => box.locator('.govgr-summary-list__row').filter({ hasText: label });
  await expect(row(rules.dialogEvent)).toContainText('Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27');
  await expect(row(rules.maxTransfers)).toContainText(rules.changedValue(after, before));
  await expect(row(rules.hours).getByRole('definition')).toHaveText(/^\d$/);
  await expectAccessible(page);
  await shot(page, 'transfer-rules-dialog');
  await box.getByRole('button', { name: messages.form.cancel }).click();

  // A fixture's exclusion: the match, and the exclusion as it will be.
  const fixture = page
    .locator('.app-rules-card')
    .filter({ has: page.getByRole('checkbox', { name: rules.ignoreTransfers }) })
    .first();
  const name = await fixture.getByRole('heading').textContent();
  await fixture.getByRole('checkbox', { name: rules.ignoreTransfers }).click();
  await expect(box.getByRole('heading')).toHaveText(rules.toggleConfirm);
  await expect(row(rules.dialogEvent)).toContainText(name ?? '');
  await expect(row(rules.ignoreTransfers)).toContainText(
    rules.changedValue(messages.form.yes, messages.form.no),
  );
  await expectAccessible(page);
  await box.getByRole('button', { name: messages.form.cancel }).click();
});

/**
 * A phone's camera as the browser reads codes (BarcodeDetector, Chromium on Android, Safari): stood in
 * for here, where desktop Chromium has none. The page's code reads whatever `window.nextCode` holds.
 */
const CAMERA_STAND_IN = () => {
  const scope = window as unknown as { BarcodeDetector: unknown; nextCode?: string };
  scope.BarcodeDetector = class {
    detect() {
      return Promise.resolve(scope.nextCode ? [{ rawValue: scope.nextCode }] : []);
    }
  };
  navigator.mediaDevices.getUserMedia = () => {
    const canvas = document.createElement('canvas');
    canvas.getContext('2d')?.fillRect(0, 0, canvas.width, canvas.height);
    return Promise.resolve(canvas.captureStream(5));
  };
};

test('the steward (390×844): the camera pairs; a typed public number is explained; decision, name and seat on one screen', async ({
  page,
  browser,
}) => {
  const screenText = gateScreenMessages;
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const { token } = await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', {
    label: 'Θύρα 2 - κινητό #28',
  });
  const ticketCode = '305000000031';
  const { privateCode } = await sessionCall<{ privateCode: string }>(
    page,
    'POST',
    '/api/ticket-office/personalize',
    {
      ticketCode,
      firstName: 'ΑΙΚΑΤΕΡΙΝΗ',
      lastName: 'ΠΑΠΑΚΩΝΣΤΑΝΤΙΝΟΠΟΥΛΟΥ',
      documentType: 'NATIONAL_ID',
      documentId: 'ΑΖ305031',
    },
  );

  const phone = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: PHONE });
  await phone.addInitScript(CAMERA_STAND_IN);
  const gate = await phone.newPage();
  await gate.goto('/gate');
  await expect(gate.getByRole('heading', { level: 1, name: screenText.pairTitle })).toBeVisible();
  // Pairing offers the camera, as the scan screen does: the token's QR, read by it, pairs.
  const camera = gate.getByRole('button', { name: screenText.camera });
  await expect(camera).toBeVisible();
  await expectAccessible(gate);
  await shot(gate, 'gate-pairing-camera');
  await gate.evaluate((value) => ((window as unknown as { nextCode?: string }).nextCode = value), token);
  await camera.click();
  await expect(gate.getByRole('heading', { level: 1, name: screenText.eventsTitle })).toBeVisible();
  await gate.evaluate(() => ((window as unknown as { nextCode?: string }).nextCode = undefined));
  await gate.getByRole('button', { name: screenText.pick('Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας') }).click();

  // The 12 digits printed on the ticket are its public number: not what opens the gate.
  const codeField = gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`));
  await codeField.fill(ticketCode);
  await codeField.press('Enter');
  await expect(codeField).toHaveAccessibleDescription(new RegExp(screenText.publicNumberTyped.slice(0, 40)));
  await expect(gate.getByRole('status')).not.toContainText(screenText.refuse);
  await expectAccessible(gate);
  await shot(gate, 'gate-public-number-typed');

  await codeField.fill(privateCode);
  await codeField.press('Enter');
  const status = gate.getByRole('status');
  await expect(status).toContainText(screenText.admit);
  await expect(gate.getByRole('button', { name: screenText.camera })).toBeVisible();
  // Verdict, name and seat, all within the first 844 px, without scrolling.
  expect(await gate.evaluate(() => window.scrollY)).toBe(0);
  for (const part of [
    status.getByText(screenText.admit, { exact: true }),
    status.getByText('ΑΙΚΑΤΕΡΙΝΗ ΠΑΠΑΚΩΝΣΤΑΝΤΙΝΟΠΟΥΛΟΥ'),
    status.locator('dd').last(),
  ]) {
    const box = await part.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
  }
  await expect(status.locator('dt').last()).toHaveText(messages.ticketOffice.seat);
  await expectAccessible(gate);
  await shot(gate, 'gate-decision-one-screen');
  // Undone, so tonight's count (gate.spec.ts) is as its own scans leave it.
  await status.getByRole('button', { name: screenText.undo }).click();
  await expect(status).toContainText(screenText.undone);
  await phone.close();
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESK],
] as const) {
  test(`tap targets and a footer that stays put (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
    await page.goto('/ticket-office/choose-user');
    const actions = page.getByRole('heading', { name: text.otherActions }).locator('+ ul').getByRole('link');
    await expect(actions).toHaveCount(4);
    for (const link of await actions.all()) {
      const box = await link.boundingBox();
      expect(box && box.height >= 24 && box.width >= 24).toBe(true);
    }
    // While the guardian's declarations load, and after, the footer is below the first screen.
    await signIn(page, PEOPLE.guardian.afm);
    await page.goto('/tickets/cancel-events');
    const footer = page.locator('footer');
    expect((await footer.boundingBox())?.y).toBeGreaterThanOrEqual(viewport.height);
    await expect(page.locator('.app-declaration').first()).toBeVisible();
    expect((await footer.boundingBox())?.y).toBeGreaterThanOrEqual(viewport.height);
  });
}

test('selected minor: a ticket code refused by the server stays in the summary until a field changes', async ({
  page,
}) => {
  const companions = messages.companions;
  await signIn(page, PEOPLE.guardian.afm);
  await page.goto('/tickets/choose-minor');
  await page.getByLabel(/ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ/).check();
  await page.getByRole('button', { name: companions.continue }).click();
  await page.getByLabel(new RegExp(companions.ticketCode)).fill('399999999999');
  await page.getByLabel(new RegExp(companions.companionAfm)).fill('100000039');
  await page.getByRole('button', { name: companions.sendRequest }).click();
  await expect(summary(page)).toBeFocused();
  const kept = (await summary(page).getByRole('listitem').textContent()) ?? '';
  expect(kept.length).toBeGreaterThan(10);
  // The spec's toast shows (its library loads with the first toast), then goes after 5 s.
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  await expect(summary(page)).toContainText(kept);
  await expectAccessible(page);
  await shot(page, 'selected-minor-refusal-kept');
  await page.getByLabel(new RegExp(companions.ticketCode)).fill('200000000011');
  await expect(page.getByText(kept)).toHaveCount(0);
});
