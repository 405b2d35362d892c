import { expect, test, type Locator, type Page } from '@playwright/test';
import { calculateEdge, formatDollars } from '@oddspulse/shared';
import { isMobile } from './support/accounts';
import { morningTimeZone } from './support/simulator';
import { bearer, signIn, subscribedUser, type TestUser } from './support/users';

/** The four default books (DECISIONS 16) and the two a user adds on My Sportsbooks. */
const SAVED = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'pinnacle', 'novig'];

async function savedBooks(page: Page, user: TestUser): Promise<string[]> {
  const response = await page.request.get('/api/preferences', { headers: bearer(user) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { sportsbooks: string[] }).sportsbooks;
}

/** The filter panel's sportsbooks dropdown button, which reads "6 selected" for six books. */
const booksButton = (filters: Locator) => filters.getByRole('button', { name: /^Sportsbooks / });

/** Unticks one book in the filter panel's sportsbooks dropdown and applies the filters: this page's view only. */
async function dropBook(page: Page, filters: Locator, name: string) {
  await booksButton(filters).click();
  await page
    .getByRole('listbox', { name: 'Sportsbooks' })
    .getByRole('option', { name: name })
    .getByRole('checkbox')
    .uncheck();
  await page.getByRole('dialog', { name: 'Sportsbooks' }).getByRole('button', { name: 'Done' }).click();
  await apply(filters);
}

/** Apply, and its second of "Applying..." over (the dropdown shows the draft before). */
async function apply(filters: Locator) {
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByRole('button', { name: 'Applying...' })).toHaveCount(0);
  await expect(filters.getByText('Changes not applied yet')).toHaveCount(0);
}

// DECISIONS 36: the user's saved books are the starting view of every table, scanner, count and hint, from the first
// visit after saving; a filter change on a page is that page's view, and Reset returns to the saved books. The tables
// and scanners opened on the four default books kept in the browser, and only Reset applied the saved six.
test('the books saved on My Sportsbooks are where every table and scanner starts, and Reset returns to them', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same filters in the mobile sheet; run once');
  test.setTimeout(150_000);
  const user = await subscribedUser(request, testInfo, 'savedbooks', 'platinum');
  await signIn(page, user, { path: '/my-sportsbooks' });
  await page.getByRole('checkbox', { name: 'Pinnacle' }).check();
  await page.getByRole('checkbox', { name: 'Novig' }).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferences saved successfully!' })).toBeVisible();
  expect((await savedBooks(page, user)).sort()).toEqual([...SAVED].sort());

  // Straight Bets, reached in the app right after saving: the six, and the prices of the two added books among them
  await page.getByRole('navigation').getByRole('link', { name: 'Odds', exact: true }).first().click();
  await expect(page).toHaveURL(/\/sportsbooks$/);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(booksButton(filters)).toHaveText('6 selected');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  // a row's best price at one of the two added books: the default four never show one
  await expect(
    page
      .getByTestId('odds-row')
      .filter({ hasText: /Pinnacle|Novig/ })
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  // the count of +EV bets the books hide is against the six: every book but them
  const hint = page.getByTestId('hidden-by-books');
  if (await hint.isVisible()) {
    await hint.getByRole('button', { name: 'Show all books' }).click();
    await page.getByRole('button', { name: 'Back to my books' }).click();
    await expect(booksButton(filters)).toHaveText('6 selected');
  }

  // a pick of other books is this view's: leaving the page and coming back starts from the saved six again
  await dropBook(page, filters, 'Novig');
  await expect(booksButton(filters)).toHaveText('5 selected');
  await expect(page.getByTestId('odds-row').filter({ hasText: 'Novig' })).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Picks', exact: true }).first().click();
  await expect(page).toHaveURL(/\/picks$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sportsbooks$/);
  await expect(booksButton(filters)).toHaveText('6 selected');
  // and Reset returns to them
  await dropBook(page, filters, 'Pinnacle');
  await expect(booksButton(filters)).toHaveText('5 selected');
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(booksButton(filters)).toHaveText('6 selected');
  await apply(filters);
  await expect(booksButton(filters)).toHaveText('6 selected');

  // Player Props start from them too
  await page.getByRole('tab', { name: 'Player Props' }).click();
  await expect(booksButton(filters)).toHaveText('6 selected');

  // and so does the arbitrage scanner, on a visit of its own (the page loaded afresh)
  await page.goto('/sportsbooks?mode=arbitrage');
  await expect(page.getByRole('region', { name: 'Arbitrage scanner' })).toBeVisible();
  await expect(booksButton(filters)).toHaveText('6 selected');
  await dropBook(page, filters, 'Novig');
  await expect(booksButton(filters)).toHaveText('5 selected');
  // another section is another view
  await page.getByRole('tab', { name: 'Middles' }).click();
  await expect(booksButton(filters)).toHaveText('6 selected');
  await page.getByRole('tab', { name: 'Arbitrage' }).click();
  await expect(booksButton(filters)).toHaveText('6 selected');
  // the books were never changed but on My Sportsbooks
  expect((await savedBooks(page, user)).sort()).toEqual([...SAVED].sort());
});

// The Edge Calculator sized on 1000 (its placeholder) against a saved $2,500, and recommended "$25.00" under "Negative
// edge – avoid this bet / Kelly: No bet". It sizes on the saved bankroll, and recommends no stake without an edge.
test('the Edge Calculator sizes on the saved bankroll and recommends no stake for a negative edge', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same modal on mobile; run once');
  test.setTimeout(90_000);
  const user = await subscribedUser(request, testInfo, 'edgebank', 'gold');
  const saved = await request.put('/api/preferences', { headers: bearer(user), data: { bankroll: 2500 } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await signIn(page, user, { path: '/sportsbooks' });
  const row = page.getByTestId('odds-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await page.getByRole('button', { name: 'Edge Calculator' }).first().click();
  const calculator = page.getByTestId('edge-calculator');
  await expect(calculator.getByLabel('Bankroll ($)')).toHaveAttribute('placeholder', '2500');
  const stake = calculator.locator('dt:text-is("Recommended stake") + dd');

  await calculator.getByLabel('Bookmaker odds (American)').fill('-120');
  await calculator.getByLabel('Fair odds (American)').fill('+100');
  await expect(calculator.getByTestId('edge-result')).toContainText('Negative edge - avoid this bet');
  await expect(stake).toHaveText('No bet');

  await calculator.getByLabel('Fair odds (American)').fill('-150');
  const expected = calculateEdge({ bookOdds: -120, fairOdds: -150, bankroll: 2500 })!;
  expect(expected.recommendedStake).toBeGreaterThan(0);
  await expect(stake).toHaveText(formatDollars(expected.recommendedStake));
  // on the default 1000 it would be less: the saved bankroll is what sizes it
  expect(calculateEdge({ bookOdds: -120, fairOdds: -150, bankroll: 1000 })!.recommendedStake).toBeLessThan(
    expected.recommendedStake,
  );
});

// DECISIONS 36: the dashboard's Compare Odds listed the six best prices of every book, whatever the user had saved.
// Recommendations are today's games: in a morning's zone there is a day of games to recommend at whatever hour this runs.
test.describe(() => {
  test.use({ timezoneId: morningTimeZone() });
  test("the dashboard's Compare Odds shows the prices at the saved books only", async ({ page, request }, testInfo) => {
    test.skip(isMobile(testInfo), 'the same panel on mobile; run once');
    test.setTimeout(180_000);
    const user = await subscribedUser(request, testInfo, 'comparebooks', 'gold');
    await signIn(page, user, { path: '/dashboard', books: ['draftkings', 'fanduel', 'bovada'] });
    // every recommendation's comparison. One may say its market is no longer offered (the simulator moves on, and a
    // bet on a line off the market's consensus has no row to compare), so the dashboard is read again until one compares
    const books: string[] = [];
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard');
          await expect(page.getByTestId('recommended-bet').first()).toBeVisible({ timeout: 45_000 });
          for (const bet of await page.getByTestId('recommended-bet').all()) {
            await bet.getByRole('button', { name: 'Compare Odds' }).click();
            const table = bet.getByRole('table', { name: /^Compare odds for / });
            await expect(table.or(bet.getByText('This market is no longer offered.'))).toBeVisible();
            books.push(...(await table.locator('tr td:first-child').allTextContents()));
          }
          return books.length;
        },
        { timeout: 150_000, intervals: [10_000] },
      )
      .toBeGreaterThanOrEqual(1);
    for (const book of books) expect(['DraftKings', 'FanDuel', 'Bovada']).toContain(book);
  });
});
