import { expect, test, type APIRequestContext } from '@playwright/test';

interface LandingStats {
  books_covered: number;
  markets_tracked: number;
  opportunities_today: { total: number; ev: number; arbitrage: number; middles: number };
  average_edge_pct_today: number | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The stack's workers fill the boards within seconds of starting; the figures are cached 30 s on the server. */
async function boardsUp(request: APIRequestContext) {
  await expect
    .poll(async () => ((await (await request.get('/api/stats/landing')).json()) as LandingStats).markets_tracked, {
      timeout: 45_000,
      intervals: [2000, 5000],
    })
    .toBeGreaterThan(0);
}

// DECISIONS 17: the landing figures are live (books covered, markets tracked, opportunities found today,
// average edge today), and what the page shows is what the server counted.
test('the landing page shows the live figures the server reports', async ({ page, request }) => {
  test.setTimeout(90_000);
  await boardsUp(request);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stats/landing');
  await page.goto('/');
  const stats = (await (await answer).json()) as LandingStats;
  expect(stats.books_covered).toBeGreaterThan(0);

  const figures = page.getByRole('region', { name: 'Live figures' });
  await expect(figures.getByTestId('books-covered').locator('strong')).toHaveText(count(stats.books_covered));
  await expect(figures.getByTestId('markets-tracked').locator('strong')).toHaveText(count(stats.markets_tracked));
  const found = stats.opportunities_today;
  await expect(figures.getByTestId('opportunities-today').locator('strong')).toHaveText(count(found.total));
  await expect(figures.getByTestId('opportunities-today')).toContainText(`${count(found.ev)} +EV bet`);
  await expect(figures.getByTestId('opportunities-today')).toContainText(`${count(found.arbitrage)} arbitrage`);
  const edge = figures.getByTestId('average-edge-today');
  if (stats.average_edge_pct_today === null) {
    await expect(edge.locator('strong')).toHaveText('—');
    await expect(edge).toContainText('No +EV bet or arbitrage found yet today.');
  } else {
    await expect(edge.locator('strong')).toHaveText(`${stats.average_edge_pct_today.toFixed(2)}%`);
    await expect(edge).toContainText(
      "Edge: a +EV bet's expected value, or an arbitrage's locked-in profit, as a share of the stake.",
    );
  }
  await expect(figures).toContainText('"today" is the UTC day');
});

test('while the figures load the page says so, and when they cannot be read it says that instead of a number', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The real endpoint failing: a 503, which the API client retries three times (1, 2, 3 s) before giving up.
  await page.route('**/api/stats/landing', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        code: 'STATS_UNAVAILABLE',
        message: 'Live figures are unavailable right now.',
      }),
    }),
  );
  await page.goto('/');
  await expect(page.getByTestId('figures-loading')).toHaveText('Loading live figures…');
  await expect(page.getByTestId('figures-unavailable')).toHaveText(
    'Live figures are unavailable right now. We will try again in a minute.',
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('markets-tracked')).toHaveCount(0);
});

// spec 000 §2 landing sections (testimonials are left out: DECISIONS 17, nothing invented), footer social links.
test('the landing page has its sections, and the footer the configured social links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Everything a sharp bettor needs' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'How it works' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'FAQ' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pricing' })).toBeVisible();
  for (const name of ['Get started', 'Log in']) {
    await expect(page.locator('.final-cta').getByRole('link', { name, exact: true })).toHaveAttribute('href', '/login');
  }
  // The e2e stack sets SOCIAL_LINKS (scripts/test.mjs); without it the group is not rendered at all.
  const social = page.getByRole('contentinfo').getByRole('navigation', { name: 'Social' });
  await expect(social.getByRole('link', { name: 'Community' })).toHaveAttribute(
    'href',
    'https://social.example/oddspulse',
  );
  await expect(social.getByRole('link', { name: 'Community' })).toHaveAttribute('rel', 'noopener noreferrer');
});
