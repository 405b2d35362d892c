import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { signIn, subscribedUser } from './support/users';

// The simulator moves numbers by several points now and
// then, and slow books hold the old number for minutes, so a middle at the scanner's own defaults (gap 3,
// probability 15 %) shows within a minute, where the feed used to make only one-point gaps. The wait allows half as
// much again: late in a full suite on two cores (one run also linting beside it) none had shown at 60 s.
test('a middle shows at the default filters within a minute on the simulator', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same scanner feed on mobile; run once');
  test.setTimeout(150_000);
  // Every book (DECISIONS 28: the default is the user's books; the hint's 'Show all books' does the same by hand).
  await signIn(page, await subscribedUser(request, testInfo, 'middle', 'platinum'), {
    path: '/sportsbooks?mode=middles',
    books: 'all',
  });
  await expect(page.getByRole('heading', { name: 'Odds: Middles' })).toBeVisible();
  const scanner = page.getByRole('region', { name: 'Middles scanner' });
  const card = scanner.getByTestId('opportunity').first();
  await expect(card).toBeVisible({ timeout: 90_000 });
  const gap = Number((await card.textContent())?.match(/Gap (\d+(?:\.\d+)?)/)?.[1]);
  expect(gap).toBeGreaterThanOrEqual(3);
  // The seeded unit check (sim-plausibility.spec.ts) holds the model to 2–8 points; a live feed at any moment can add a
  // book's own key-number rounding on top of a 7-point move (8.5 was seen), so here only "a middle, not an artefact".
  expect(gap).toBeLessThanOrEqual(10);
});
