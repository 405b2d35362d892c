import { expect, test, type Page } from '@playwright/test';
import { isMobile } from './support/accounts';
import { signInAsNewUser } from './support/users';

// What a user sees of the router (the link marked as the page open, what Back steps through, links opened in a new
// tab, the history state a scanner link leaves).

const entries = (page: Page) => page.evaluate(() => history.length);

test('the link of the page open is marked, for assistive technology too', async ({ page }, testInfo) => {
  await page.goto('/');
  // spec 000 §2: the navbar's links (the hamburger menu's below 768 px) and the bottom bar
  const links = async () => {
    if (!isMobile(testInfo)) return page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile menu' });
  };
  let nav = await links();
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveClass('active');
  await expect(nav.getByRole('link', { name: 'Scores' })).not.toHaveAttribute('aria-current');
  await expect(nav.getByRole('link', { name: 'Scores' })).not.toHaveClass('active');
  await nav.getByRole('link', { name: 'Scores' }).click();
  await expect(page).toHaveURL(/\/scores$/);
  nav = await links();
  await expect(nav.getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current');
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.goto('/');
    await expect(page.getByTestId('bottom-bar').getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('bottom-bar').getByRole('link', { name: 'Odds' })).not.toHaveAttribute(
      'aria-current',
    );
  }
});

test('Back steps through the pages opened: a link to the page open and a redirect take no step of their own', async ({
  page,
}) => {
  const product = page.getByRole('contentinfo').getByRole('navigation', { name: 'Product' });
  await page.goto('/pricing');
  const start = await entries(page);
  await product.getByRole('link', { name: 'Scores' }).click();
  await expect(page).toHaveURL(/\/scores$/);
  expect(await entries(page)).toBe(start + 1);
  await product.getByRole('link', { name: 'Scores' }).click();
  expect(await entries(page)).toBe(start + 1);
  // signed out, the odds page's guard sends the visitor to sign in, in place of the page it turned away
  await product.getByRole('link', { name: 'Live Odds' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsportsbooks$/);
  expect(await entries(page)).toBe(start + 2);
  await page.goBack();
  await expect(page).toHaveURL(/\/scores$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a modified or middle click on a link opens its page in a new tab and leaves this one as it is', async ({
  page,
  context,
}) => {
  await page.goto('/pricing');
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms' });
  for (const click of [() => terms.click({ modifiers: ['ControlOrMeta'] }), () => terms.click({ button: 'middle' })]) {
    const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
    await expect(tab).toHaveURL(/\/terms$/);
    await tab.close();
    await expect(page).toHaveURL(/\/pricing$/);
  }
});

// spec 001 §2: sections from `mode`, history replaced on change; a scanner link opened without Platinum lands on
// straight bets with its upgrade panel
test("the odds page: a section change replaces the entry, a search adds one, and a scanner link's panel outlives a reload", async ({
  page,
  request,
}, testInfo) => {
  await signInAsNewUser(page, request, testInfo, 'gold', { path: '/sportsbooks?mode=middles' });
  await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
  await expect(page).toHaveURL(/\/sportsbooks$/);
  const panel = page.getByTestId('premium-panel');
  await expect(panel).toContainText('Middle Betting - Premium Feature');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Odds: Straight Bets' })).toBeVisible();
  await expect(panel).toContainText('Middle Betting - Premium Feature');

  const start = await entries(page);
  await page.getByRole('tablist', { name: 'Odds sections' }).getByRole('tab', { name: 'Player Props' }).click();
  await expect(page).toHaveURL(/\/sportsbooks\?mode=props$/);
  await expect(panel).toHaveCount(0);
  expect(await entries(page)).toBe(start);

  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const search = page.getByRole('searchbox', { name: 'Search sports' });
  await search.fill('Lakers');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/sportsbooks\?mode=props&q=Lakers$/);
  expect(await entries(page)).toBe(start + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/sportsbooks\?mode=props$/);
  await expect(page.getByRole('heading', { name: 'Odds: Player Props' })).toBeVisible();
});
