import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@tickets/domain';
import { expectAccessible, PEOPLE } from './support';

/**
 * Issue #55 items 1 and 7: what a newcomer meets first. The README's first screen (everything above
 * its first `##` section) names buttons and headings in «…» or **…**; each must be a string the
 * screens it describes show, found there in the README's order, so the README cannot drift from them.
 * And the TaxisNet stand-in at a desk's width reads in the order of its headings.
 */

const readmeFirstScreen = () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  return readme.slice(0, readme.indexOf('\n## '));
};

/** The labels a text names, «…» or **…**, in its order. */
const namedLabels = (text: string) =>
  [...text.matchAll(/«([^»]+)»|\*\*([^*]+)\*\*/g)].map((match) => match[1] ?? match[2] ?? '');

/** The strings the landing page, the login page and the stand-in show, as packages/domain has them. */
const screenStrings = new Set<string>([
  messages.landing.enter,
  messages.login.link,
  messages.standIn.demoPeople,
  ...Object.values(PEOPLE).map((person) => `${messages.standIn.signInAs(person.name)} (${person.afm})`),
]);

/** What a label names on a screen: a link or button to press, or a heading to look under. */
const named = (page: Page, label: string) =>
  page
    .getByRole('link', { name: label, exact: true })
    .or(page.getByRole('button', { name: label, exact: true }))
    .or(page.getByRole('heading', { name: label, exact: true }))
    .first();

test("the README's first screen names the buttons the screens show, in their order", async ({ page }) => {
  const labels = namedLabels(readmeFirstScreen());
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels)
    expect(screenStrings, `«${label}» is not a string the screens show`).toContain(label);

  // As the README says: the landing page, its button, the login page's link, then the stand-in.
  await page.goto('/tickets');
  for (const label of labels) {
    const target = named(page, label);
    await expect(target, `«${label}» on ${page.url()}`).toBeVisible();
    if ((await target.evaluate((element) => element.tagName)) !== 'H2') await target.click();
  }
  // The last label the README names is a demo person's button: pressing it signs them in.
  await expect(page).toHaveURL('/tickets/confirmation');
});

test('the TaxisNet stand-in sets each heading over what it heads, at a desk and on a phone', async ({
  page,
}) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/oauth2/authorization/taxis?return_to=/tickets');
    await expect(page.getByRole('heading', { level: 1, name: messages.standIn.title })).toBeVisible();
    const heading = await page
      .getByRole('heading', { level: 2, name: messages.standIn.demoPeople })
      .boundingBox();
    const people = await page.getByRole('list').first().boundingBox();
    const other = await page.getByRole('heading', { level: 2, name: messages.standIn.other }).boundingBox();
    if (!heading || !people || !other)
      throw new Error('the stand-in lacks its demo people or its other person');
    // Over its list: the same left edge, just above it; and the next heading below the list.
    expect(Math.abs(heading.x - people.x)).toBeLessThan(1);
    expect(heading.y + heading.height).toBeLessThanOrEqual(people.y);
    expect(people.y - (heading.y + heading.height)).toBeLessThan(80);
    expect(Math.abs(other.x - people.x)).toBeLessThan(1);
    expect(other.y).toBeGreaterThanOrEqual(people.y + people.height);
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath(`taxis-standin-${viewport.width}.png`),
      fullPage: true,
    });
  }
});
