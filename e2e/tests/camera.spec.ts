import { writeFileSync } from 'node:fs';
import { chromium, expect, test, type BrowserContextOptions, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { gateScreenMessages, messages } from '@tickets/domain';
import config from '../playwright.config';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

const screen = gateScreenMessages;
const PHONE = { width: 390, height: 844 };
const TONIGHT = 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας';
/** One of tonight's tickets and a document number that no other spec uses. */
const TICKET = '305000000021';
const DOCUMENT = 'ΑΑ305021';

/**
 * A camera that films one QR: a Y4M video (what Chromium's fake capture device plays in a loop) of
 * the code, black on white, in a 640 × 480 frame, as a phone held up to a ticket or a screen sees it.
 */
function qrVideo(text: string, file: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [width, height, quiet] = [640, 480, 4];
  const scale = Math.floor(400 / (modules.size + 2 * quiet));
  const left = Math.floor((width - (modules.size + 2 * quiet) * scale) / 2) + quiet * scale;
  const top = Math.floor((height - (modules.size + 2 * quiet) * scale) / 2) + quiet * scale;
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column))
        for (let y = 0; y < scale; y++)
          luma.fill(
            16,
            (top + row * scale + y) * width + left + column * scale,
            (top + row * scale + y) * width + left + (column + 1) * scale,
          );
  const chroma = Buffer.alloc((width * height) / 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(5).fill(frame),
    ]),
  );
}

/** A phone browser whose camera films `text`, without the BarcodeDetector (as Chromium on Linux). */
async function phoneFilming(text: string, name: string, state?: BrowserContextOptions['storageState']) {
  const video = test.info().outputPath(`${name}.y4m`);
  qrVideo(text, video);
  const browser = await chromium.launch({
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({
    baseURL: config.use?.baseURL,
    viewport: PHONE,
    locale: 'el-GR',
    timezoneId: 'Europe/Athens',
    permissions: ['camera'],
    storageState: state,
  });
  const page = await context.newPage();
  return { browser, context, page };
}

async function withoutBarcodeDetector(page: Page) {
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
}

test('a steward pairs and scans with the camera where the browser has no barcode reader', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const { token } = await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', {
    label: 'Θύρα 3 - κάμερα e2e',
  });
  const { privateCode } = await sessionCall<{ privateCode: string }>(
    page,
    'POST',
    '/api/ticket-office/personalize',
    {
      ticketCode: TICKET,
      firstName: 'ΕΛΕΓΧΟΣ',
      lastName: 'ΚΑΜΕΡΑΣ',
      documentType: 'NATIONAL_ID',
      documentId: DOCUMENT,
    },
  );

  // Pairing: the token's QR, shown to the phone's camera.
  const pairing = await phoneFilming(token, 'token');
  const gate = pairing.page;
  await gate.goto('/gate');
  await withoutBarcodeDetector(gate);
  await expect(gate.getByRole('heading', { level: 1, name: screen.pairTitle })).toBeVisible();
  // A token mistyped first: refused in the form's summary, which both checkers read.
  await gate.getByLabel(screen.token).fill('gate.mistyped');
  await gate.getByRole('button', { name: screen.pair }).click();
  await expect(gate.locator('.govgr-error-summary')).toBeVisible();
  await expectAccessible(gate);
  await gate.getByRole('button', { name: screen.camera }).click();
  await expect(gate.getByRole('heading', { level: 1, name: screen.eventsTitle })).toBeVisible();
  await expect(gate.getByLabel(screen.cameraVideo)).toHaveCount(0);
  await gate.getByRole('button', { name: screen.pick(TONIGHT) }).click();
  await expect(gate.getByLabel(new RegExp(`^${messages.ticketOffice.ticketCode}`))).toBeFocused();
  const paired = await pairing.context.storageState();
  await pairing.browser.close();

  // At the turnstile, the same phone (its pairing and match kept) films a printed ticket's QR.
  const turnstile = await phoneFilming(privateCode, 'ticket', paired);
  const scanner = turnstile.page;
  await scanner.goto('/gate');
  await withoutBarcodeDetector(scanner);
  await scanner.getByRole('button', { name: screen.camera }).click();
  const status = scanner.getByRole('status');
  await expect(status).toContainText(screen.admit);
  await expect(status).toContainText('ΕΛΕΓΧΟΣ ΚΑΜΕΡΑΣ');
  await expectAccessible(scanner);
  await scanner.screenshot({ path: test.info().outputPath('camera-admit.png'), fullPage: true });
  // Undone, so that tonight's counts the other specs check are theirs alone.
  await status.getByRole('button', { name: screen.undo }).click();
  await expect(status).toContainText(screen.undone);
  await turnstile.browser.close();
});
