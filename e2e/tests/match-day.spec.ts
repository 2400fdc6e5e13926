import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gateCountsMessages, matchDayMessages, messages } from '@tickets/domain';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/**
 * The club's match-day view (issue #42 item 3): a match of its own, gates open, where two devices
 * admitted and refused; the officer sees a chart per gate and the refusals by reason, and the tables
 * beside the charts hold the same numbers as the platform's answer. An officer of another club sees
 * none of it.
 */
const text = matchDayMessages;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
const MATCH = 'Α.Ε. Ολυμπιάδα - Εικόνα αγωνιστικής ημέρας e2e';
const TICKETS = ['305960000001', '305960000002', '305960000003'];
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
const GATE_A = 'Θύρα Α - e2e εικόνα';
const GATE_B = 'Θύρα Β - e2e εικόνα';
const BASKET_OFFICER = { afm: '100000064' };

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

interface MatchDay {
  admitted: number;
  refusedByReason: Record<string, number>;
  devices: { deviceId: string; label: string; admitted: number }[];
  entriesPerMinute: { deviceId: string; minute: string; admitted: number }[];
}

/** A device registered at the office and paired: its credential, for its calls. */
async function pairedDevice(page: Page, devices: APIRequestContext, label: string) {
  const { token } = await sessionCall<{ token: string }>(page, 'POST', '/api/ticket-office/gate-devices', {
    label,
  });
  const paired = await devices.post('/api/gate/pairing', { headers: { Authorization: `Bearer ${token}` } });
  expect(paired.status()).toBe(200);
  return ((await paired.json()) as { credential: string }).credential;
}

/** The numbers of a table's body, by column header, as a person reads them. */
async function columnSums(table: ReturnType<Page['locator']>) {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
    const sums: Record<string, number> = {};
    for (const row of element.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, index) => {
        const header = headers[index] ?? '';
        if (index > 0) sums[header] = (sums[header] ?? 0) + Number(cell.textContent);
      });
    }
    return sums;
  });
}

test('an officer follows a match at its gates; another club sees none of it', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  const origin = new URL(page.url()).origin;
  // A match of its own, gates open (kick-off in an hour), three of its tickets personalized.
  const created = await page.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-match-day',
          description: MATCH,
          startsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const tickets = await page.request.put('/api/providers/tickets', {
    headers: PROVIDER,
    data: {
      tickets: TICKETS.map((publicCode, index) => ({
        publicCode,
        eventExternalId: 'e2e-match-day',
        sector: 'Θύρα 5',
        row: '1',
        seat: String(index + 1),
      })),
    },
  });
  expect(tickets.status()).toBe(200);
  const codes: string[] = [];
  for (const [index, ticketCode] of TICKETS.entries()) {
    const { privateCode } = await sessionCall<{ privateCode: string }>(
      page,
      'POST',
      '/api/ticket-office/personalize',
      {
        ticketCode,
        firstName: 'ΕΙΚΟΝΑ',
        lastName: 'ΑΓΩΝΑ',
        documentType: 'NATIONAL_ID',
        documentId: `ΑΑ59600${index + 1}`,
      },
    );
    codes.push(privateCode);
  }
  const events = await sessionCall<{ eventId: number; eventDescription: string }[]>(
    page,
    'GET',
    '/api/ticket-office/gate-events',
  );
  const eventId = events.find((event) => event.eventDescription === MATCH)?.eventId ?? 0;

  // Two devices at two gates: the first admits two, the second one, then refuses the first's again;
  // the first refuses a code that is no ticket's.
  const devices = await playwright.request.newContext({ baseURL: origin });
  const gateA = await pairedDevice(page, devices, GATE_A);
  const gateB = await pairedDevice(page, devices, GATE_B);
  const scan = async (credential: string, code: string) => {
    const answer = await devices.post('/api/gate/admissions', {
      headers: { Authorization: `Bearer ${credential}` },
      data: { eventId, code },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { reason: string }).reason;
  };
  expect(await scan(gateA, codes[0] ?? '')).toBe('ADMITTED');
  expect(await scan(gateA, codes[1] ?? '')).toBe('ADMITTED');
  expect(await scan(gateB, codes[2] ?? '')).toBe('ADMITTED');
  expect(await scan(gateB, codes[0] ?? '')).toBe('ALREADY_ADMITTED');
  expect(await scan(gateA, 'NOT-A-TICKET-CODE')).toBe('UNKNOWN_CODE');
  await devices.dispose();

  // From «Πύλες εισόδου» to the match-day view, the match picked.
  await page.goto('/ticket-office/gate-devices');
  await page.getByRole('link', { name: text.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.matchDay })).toBeVisible();
  await page.getByLabel(text.event).selectOption({ value: String(eventId) });
  await expect(page).toHaveURL(`/ticket-office/match-day?eventId=${eventId}`);

  // A chart per gate, and the refusals by reason (with their chart).
  await expect(page.getByRole('img', { name: text.entriesChart(GATE_A) })).toBeVisible();
  await expect(page.getByRole('img', { name: text.entriesChart(GATE_B) })).toBeVisible();
  await expect(page.getByText(text.entriesSummary(GATE_A, 2))).toBeVisible();
  await expect(page.getByText(text.entriesSummary(GATE_B, 1))).toBeVisible();
  const byReason = page.getByRole('table', { name: gateCountsMessages.refusedByReason });
  await expect(
    byReason.getByRole('row', { name: `${gateCountsMessages.reasons.ALREADY_ADMITTED} 1` }),
  ).toBeVisible();
  await expect(
    byReason.getByRole('row', { name: `${gateCountsMessages.reasons.UNKNOWN_CODE} 1` }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: text.refusalsChart(5) })).toBeVisible();
  // The charts are drawn (a canvas each, with something on it).
  const drawn = await page
    .locator('.app-chart canvas')
    .evaluateAll((canvases) => canvases.map((canvas) => (canvas as HTMLCanvasElement).toDataURL().length));
  expect(drawn).toHaveLength(3);
  expect(Math.min(...drawn)).toBeGreaterThan(1000);

  // The tables hold the charts' numbers: the platform's own answer.
  const answer = await sessionCall<MatchDay>(
    page,
    'GET',
    `/api/ticket-office/gate-match-day?eventId=${eventId}`,
  );
  expect(answer.admitted).toBe(3);
  for (const toggle of await page.getByText(text.tableToggle).all()) await toggle.click();
  const entries = page.getByRole('table', { name: text.entriesTitle });
  await expect(entries).toBeVisible();
  const entrySums = await columnSums(entries);
  // A column for each device that admitted to the match (the club's others, from other specs, admitted none).
  const admitting = answer.devices.filter((device) => device.admitted > 0);
  expect(Object.keys(entrySums).sort()).toEqual(
    [...admitting.map((device) => device.label), text.total].sort(),
  );
  for (const device of admitting) {
    const perMinute = answer.entriesPerMinute
      .filter((row) => row.deviceId === device.deviceId)
      .reduce((sum, row) => sum + row.admitted, 0);
    expect(entrySums[device.label], device.label).toBe(perMinute);
  }
  expect(entrySums[GATE_A]).toBe(2);
  expect(entrySums[GATE_B]).toBe(1);
  expect(entrySums[text.total]).toBe(3);
  const refusalSums = await columnSums(page.getByRole('table', { name: text.refusalsChart(5) }));
  expect(refusalSums[gateCountsMessages.reasons.ALREADY_ADMITTED]).toBe(
    answer.refusedByReason.ALREADY_ADMITTED,
  );
  expect(refusalSums[gateCountsMessages.reasons.UNKNOWN_CODE]).toBe(answer.refusedByReason.UNKNOWN_CODE);
  expect(refusalSums[text.total]).toBe(2);
  const devicesTable = page.getByRole('table', { name: text.devicesTitle });
  await expect(devicesTable.getByRole('row').filter({ hasText: GATE_A })).toContainText(text.online);
  // Not over yet: the report comes after the match.
  await expect(page.getByText(text.reportAfterEnd)).toBeVisible();

  await expectAccessible(page);
  await shoot(page, 'match-day-390');
  await page.setViewportSize(DESK);
  await expect(page.getByRole('img', { name: text.entriesChart(GATE_A) })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'match-day-1280');

  // An officer of another club: the match is not theirs to pick, and asking for it by its id shows nothing.
  const elsewhere = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const other = await elsewhere.newPage();
  await signIn(other, BASKET_OFFICER.afm, '/ticket-office');
  await other.goto(`/ticket-office/match-day?eventId=${eventId}`);
  await expect(other.getByRole('heading', { level: 1, name: messages.screens.matchDay })).toBeVisible();
  await expect(other.getByLabel(text.event)).toBeVisible();
  await expect(other.getByRole('option', { name: new RegExp(MATCH) })).toHaveCount(0);
  await expect(other.getByRole('img', { name: text.entriesChart(GATE_A) })).toHaveCount(0);
  await expect(other.getByText(GATE_A)).toHaveCount(0);
  const refused = await other.evaluate(
    async (id) => (await fetch(`/api/ticket-office/gate-match-day?eventId=${id}`)).status,
    eventId,
  );
  expect(refused).toBe(404);
  await expectAccessible(other);
  await shoot(other, 'match-day-other-club');
  await elsewhere.close();
});
