import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  GATES_OPEN_MINUTES_BEFORE,
  gateCountsMessages,
  MATCH_DAY_REFRESH_SECONDS,
  matchDayMessages,
  messages,
} from '@tickets/domain';
import { expectAccessible, PEOPLE, sessionCall, signIn } from './support';

/**
 * The club's match-day view (issue #42 item 3, as a dashboard since issue #55 item 5): a match of its
 * own, gates open a quarter of an hour ago, where two devices admitted and refused, online and offline
 * (uploaded later, at the minutes they decided); the officer sees the figures and the chart of all
 * gates in the first screen of a desk, a chart per gate and the refusals by reason below, and the tables
 * beside the charts hold the same numbers as the platform's answer. An officer of another club sees
 * none of it.
 */
const text = matchDayMessages;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 768 };
const MATCH = 'Α.Ε. Ολυμπιάδα - Εικόνα αγωνιστικής ημέρας e2e';
/**
 * Minutes ago at which each gate admitted a ticket while offline, uploaded afterwards: a quarter of an
 * hour of arrivals that the charts draw minute by minute.
 */
const OFFLINE_A = [14, 13, 13, 12, 11, 11, 11, 10, 9, 9, 8, 6, 5, 3];
const OFFLINE_B = [13, 12, 11, 11, 10, 8, 7, 7, 7, 4];
/** Three tickets scanned online, then one for each offline admission. */
const TICKETS = Array.from({ length: 3 + OFFLINE_A.length + OFFLINE_B.length }, (_, index) =>
  String(305960000001 + index),
);
const ADMITTED_A = 2 + OFFLINE_A.length;
const ADMITTED_B = 1 + OFFLINE_B.length;
/** Minutes ago at which gate A refused codes that are no ticket's, while offline. */
const OFFLINE_REFUSALS = [12, 9, 6];
const PROVIDER = { Authorization: 'Bearer demo-key-ae-olympiada-local-only' };
const GATE_A = 'Θύρα Α - e2e εικόνα';
const GATE_B = 'Θύρα Β - e2e εικόνα';
const BASKET_OFFICER = { afm: '100000064' };

test.use({ viewport: PHONE });

const shoot = async (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Each chart brought into view, where it is drawn, until all four are (the page then back at its top). */
async function drawEveryChart(page: Page) {
  for (const chart of await page.locator('.app-chart').all()) await chart.scrollIntoViewIfNeeded();
  await expect(page.locator('.app-chart canvas')).toHaveCount(4);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Nothing wider than the window: the page never scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

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
  // A match of its own, its gates open a quarter of an hour ago (they open GATES_OPEN_MINUTES_BEFORE
  // kick-off), its tickets personalized.
  const created = await page.request.put('/api/providers/events', {
    headers: PROVIDER,
    data: {
      events: [
        {
          externalId: 'e2e-match-day',
          description: MATCH,
          startsAt: new Date(Date.now() + (GATES_OPEN_MINUTES_BEFORE - 15) * 60_000).toISOString(),
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
        documentId: `ΑΑ5960${String(index + 1).padStart(2, '0')}`,
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
  // What each gate decided offline in the quarter of an hour before, uploaded now.
  const upload = async (credential: string, minutes: number[], first: number, refusals: number[] = []) => {
    const answer = await devices.post('/api/gate/admissions/batch', {
      headers: { Authorization: `Bearer ${credential}` },
      data: {
        eventId,
        admissions: minutes.map((ago, index) => ({
          ticketCode: TICKETS[first + index],
          code: codes[first + index],
          admittedAt: minutesAgo(ago),
        })),
        refusals: refusals.map((ago) => ({
          code: `NOT-A-TICKET-CODE-${ago}`,
          reason: 'UNKNOWN_CODE',
          refusedAt: minutesAgo(ago),
        })),
      },
    });
    expect(answer.status()).toBe(200);
    const { results } = (await answer.json()) as { results: { outcome: string }[] };
    expect(results.map((result) => result.outcome)).toEqual(minutes.map(() => 'RECORDED'));
  };
  await upload(gateA, OFFLINE_A, 3, OFFLINE_REFUSALS);
  await upload(gateB, OFFLINE_B, 3 + OFFLINE_A.length);
  await devices.dispose();

  // From «Πύλες εισόδου» to the match-day view, the match picked.
  await page.goto('/ticket-office/gate-devices');
  await page.getByRole('link', { name: text.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.screens.matchDay })).toBeVisible();
  await page.getByLabel(text.event).selectOption({ value: String(eventId) });
  await expect(page).toHaveURL(`/ticket-office/match-day?eventId=${eventId}`);

  // The chart of all gates, a chart per gate, and the refusals by reason (with their chart).
  await expect(page.getByRole('img', { name: text.allGatesChart })).toBeVisible();
  await expect(page.getByRole('img', { name: text.entriesChart(GATE_A) })).toBeVisible();
  await expect(page.getByRole('img', { name: text.entriesChart(GATE_B) })).toBeVisible();
  await expect(page.getByText(text.entriesSummary(GATE_A, ADMITTED_A))).toBeVisible();
  await expect(page.getByText(text.entriesSummary(GATE_B, ADMITTED_B))).toBeVisible();
  const byReason = page.getByRole('table', { name: gateCountsMessages.refusedByReason });
  await expect(
    byReason.getByRole('row', { name: `${gateCountsMessages.reasons.ALREADY_ADMITTED} 1` }),
  ).toBeVisible();
  await expect(
    byReason.getByRole('row', {
      name: `${gateCountsMessages.reasons.UNKNOWN_CODE} ${1 + OFFLINE_REFUSALS.length}`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: text.refusalsChart(5) })).toBeVisible();
  // The charts are drawn (a canvas each, with something on it) as they come near the window.
  await drawEveryChart(page);
  const drawn = await page
    .locator('.app-chart canvas')
    .evaluateAll((canvases) => canvases.map((canvas) => (canvas as HTMLCanvasElement).toDataURL().length));
  expect(drawn).toHaveLength(4);
  expect(Math.min(...drawn)).toBeGreaterThan(1000);

  // The tables hold the charts' numbers: the platform's own answer.
  const answer = await sessionCall<MatchDay>(
    page,
    'GET',
    `/api/ticket-office/gate-match-day?eventId=${eventId}`,
  );
  expect(answer.admitted).toBe(TICKETS.length);
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
  expect(entrySums[GATE_A]).toBe(ADMITTED_A);
  expect(entrySums[GATE_B]).toBe(ADMITTED_B);
  expect(entrySums[text.total]).toBe(TICKETS.length);
  const refusalSums = await columnSums(page.getByRole('table', { name: text.refusalsChart(5) }));
  expect(refusalSums[gateCountsMessages.reasons.ALREADY_ADMITTED]).toBe(
    answer.refusedByReason.ALREADY_ADMITTED,
  );
  expect(refusalSums[gateCountsMessages.reasons.UNKNOWN_CODE]).toBe(answer.refusedByReason.UNKNOWN_CODE);
  expect(refusalSums[text.total]).toBe(2 + OFFLINE_REFUSALS.length);
  const devicesTable = page.getByRole('table', { name: text.devicesTitle });
  await expect(devicesTable.getByRole('row').filter({ hasText: GATE_A })).toContainText(text.online);
  // Not over yet: the report comes after the match.
  await expect(page.getByText(text.reportAfterEnd)).toBeVisible();

  // On a phone one column, the tables open: nothing scrolls sideways.
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'match-day-390');

  // At a desk, as it opens (a new tab, at its top): the figures and the chart of all gates in the
  // first screen, whole.
  const desk = await page.context().newPage();
  await desk.setViewportSize(DESK);
  await desk.goto(`/ticket-office/match-day?eventId=${eventId}`);
  const allGates = desk.getByRole('img', { name: text.allGatesChart });
  await expect(allGates).toBeVisible();
  await expect(desk.getByRole('img', { name: text.entriesChart(GATE_A) })).toBeAttached();
  expect(await desk.evaluate(() => window.scrollY)).toBe(0);
  for (const figure of [text.admitted, text.refused, text.devicesTitle])
    await expect(desk.locator('.app-glance dt').getByText(figure, { exact: true })).toBeInViewport();
  const box = await allGates.boundingBox();
  expect(box?.y).toBeLessThan(DESK.height);
  expect((box?.y ?? DESK.height) + (box?.height ?? 0)).toBeLessThanOrEqual(DESK.height);
  await expectNoSidewaysScroll(desk);
  await expectAccessible(desk);
  await shoot(desk, 'match-day-1366-first-screen', false);
  await drawEveryChart(desk);
  await shoot(desk, 'match-day-1366');
  await desk.close();

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

/** The demo's played match (issue #55 item 4): its three devices, as apps/server/src/demo/played-match.ts pairs them. */
const PLAYED = 'Α.Ε. Ολυμπιάδα - Ατρόμητος Κρήτης';
const PLAYED_DEVICES = ['Θύρα 1 - κινητό', 'Θύρα 5 - κινητό', 'Θύρα 9 - κινητό'];

test('the demo’s played match shows every part of the view, and its CSV report holds its entries', async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await signIn(page, PEOPLE.clubOfficer.afm, '/ticket-office');
  await page.goto('/ticket-office/match-day');
  const played = page.getByRole('option', { name: new RegExp(`^${PLAYED} \\(`) });
  await page.getByLabel(text.event).selectOption({ value: (await played.getAttribute('value')) ?? '' });

  // Entries at every device, refusals of several kinds, each chart drawn.
  await expect(page.getByRole('img', { name: text.allGatesChart })).toBeInViewport();
  for (const device of PLAYED_DEVICES)
    await expect(page.getByRole('img', { name: text.entriesChart(device) })).toBeAttached();
  const byReason = page.getByRole('table', { name: gateCountsMessages.refusedByReason });
  expect(await byReason.locator('tbody tr').count()).toBeGreaterThan(2);
  const charts = page.locator('.app-chart');
  for (const chart of await charts.all()) await chart.scrollIntoViewIfNeeded();
  await expect(page.locator('.app-chart canvas')).toHaveCount(await charts.count());
  await expectAccessible(page);
  await shoot(page, 'match-day-demo-played');

  // Its next refresh (MATCH_DAY_REFRESH_SECONDS) brings the same figures: every drawing stays as it
  // was, none destroyed and drawn again.
  const canvases = page.locator('.app-chart canvas');
  await canvases.evaluateAll((all) => all.forEach((canvas) => canvas.setAttribute('data-drawn-before', '')));
  await page.waitForResponse((response) => response.url().includes('/api/ticket-office/gate-match-day'), {
    timeout: (MATCH_DAY_REFRESH_SECONDS + 10) * 1000,
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  await expect(page.locator('.app-chart canvas[data-drawn-before]')).toHaveCount(await charts.count());

  // Opened from its address (a reload, a shared link): this match's figures are the only ones asked
  // for, though it is in the second list (the matches over), not another match's first.
  const playedId = (await played.getAttribute('value')) ?? '';
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/ticket-office/gate-match-day')
      asked.push(url.searchParams.get('eventId') ?? '');
  });
  await page.goto(`/ticket-office/match-day?eventId=${playedId}`);
  await expect(page.getByRole('img', { name: text.allGatesChart })).toBeInViewport();
  expect(asked).toEqual([playedId]);

  // Over: the report is there, a row for each device's entries among its lines.
  const link = page.getByRole('link', { name: text.reportLink(PLAYED) });
  const report = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(report.status()).toBe(200);
  const csv = await report.text();
  for (const device of PLAYED_DEVICES)
    expect(csv).toMatch(new RegExp(`${text.csv.deviceAdmitted}.*${device}.*[1-9]`));
  expect(csv).toContain(text.csv.refusedByReason);
});
