import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { bearer, newUser, signIn } from './support/users';

/** The metered odds-data endpoints (server: @MeteredOddsData): every one counts a free user's call. */
const METERED = /^\/api\/(sports|events|odds|odds-data|player-props|boards|cached-odds\/[^/]+)$/;

// The free quota burned 8 calls per /dfs view (one player-props call per game) and its counter
// showed the count from before the load. Now the view is one call (the props boards, as the odds page loads them)
// and the counter counts it.
test('a free user’s /dfs view spends one call, and its counter counts it', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same page and quota on mobile; run once');
  test.setTimeout(60_000);
  const user = await newUser(request, testInfo, 'dfsquota');
  const usedNow = async () =>
    (await (await request.get('/api/me', { headers: bearer(user) })).json()) as { used: number; limit: number };
  const before = (await usedNow()).used;
  const metered: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (METERED.test(path)) metered.push(path);
  });
  await signIn(page, user, { path: '/dfs' });
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  expect(metered).toEqual(['/api/boards']);
  // Every row's offered book is one of the DFS apps.
  for (const book of await page.locator('.odds-table tbody tr[data-testid=odds-row] td:nth-child(4)').allTextContents())
    expect(['PrizePicks', 'Underdog', 'DK Pick6']).toContain(book.trim());

  const me = await usedNow();
  expect(me.used - before).toBe(1);
  await expect(page.getByTestId('quota-line')).toContainText(
    `${(me.limit - me.used).toLocaleString('en-US')} of ${me.limit.toLocaleString('en-US')} odds calls left`,
  );
});
