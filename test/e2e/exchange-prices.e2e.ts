import { expect, test, type Locator } from '@playwright/test';
import { americanToDecimal, decimalToAmericanRounded, effectiveDecimal } from '@oddspulse/shared';
import { isMobile } from './support/accounts';
import { bearer, signIn, subscribedUser } from './support/users';

/** "-135 (-138 net)": the quoted price and the price it pays net of the commission, both American (commission.ts). */
const NET_PRICE = /^([-+]\d+) \(([-+]\d+) net\)$/;

/**
 * The American price `quoted` pays net of `commission`, give or take the rounding of the quoted one: the table
 * works the net price on the exchange's exact decimal, which the shown whole number rounds.
 */
function expectNetOf(text: string, commission: number) {
  const [, quoted, net] = NET_PRICE.exec(text) ?? [];
  expect(quoted, text).toBeDefined();
  const expected = decimalToAmericanRounded(effectiveDecimal(americanToDecimal(Number(quoted)), commission));
  expect(Math.abs(Number(net) - expected), text).toBeLessThanOrEqual(1);
  expect(americanToDecimal(Number(net))).toBeLessThan(americanToDecimal(Number(quoted)));
}

/**
 * Scrolls to `price` for a screenshot. The table is sorted by EV and paged, and live prices re-sort it: a row whose
 * price moves can leave the page between the locator finding its cell and the scroll, which then finds the cell gone
 * (a clean-clone run); the scroll is tried again on the cell the locator finds then.
 */
async function scrollForScreenshot(price: Locator) {
  await expect(async () => price.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass({ timeout: 15_000 });
}

// An exchange's price pays net of the user's commission: the odds table shows it beside the quoted price,
// "-135 (-138 net)", and picks the best price and its EV on it (commission.ts). The simulator's exchanges had no
// commission and no lay prices, so a newcomer never met a net price; Betfair now charges its published 5 %.
test("an exchange's price shows its net price after the user's commission, in the table and the open row", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await subscribedUser(request, testInfo, 'netprice', 'gold');
  // the user bets at Novig only, at a 2 % commission they set (Novig publishes none)
  const saved = await request.put('/api/preferences', {
    headers: bearer(user),
    data: { sportsbooks: ['novig'], commissions: { novig: 0.02 } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  if (isMobile(testInfo)) await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, user, { path: '/sportsbooks' });

  // every row's best price is Novig's, shown with what it pays net of the 2 %
  // a moneyline at an ordinary price (a long shot's is locked at most books past ±5000: spec 001 §5)
  const row = page
    .getByTestId('odds-row')
    .filter({ hasText: 'Moneyline' })
    .filter({ hasText: /[-+][12]\d\d \(/ })
    .first();
  await expect(row).toBeVisible({ timeout: 45_000 });
  const best = row.locator('.price').first();
  await expect(best).toHaveText(NET_PRICE);
  expectNetOf((await best.textContent())!, 0.02);
  await scrollForScreenshot(best);
  await page.screenshot({ path: testInfo.outputPath(`net-price-cell-${testInfo.project.name}.png`) });

  // the open row lists the other books too: Betfair net of its published 5 %, a book's price alone
  await row.click();
  const more = page.getByTestId('mini-table-more').first();
  if (await more.isVisible()) await more.click();
  const betfair = page.locator('[data-testid="mini-book"][data-book="betfair"] .price').first();
  await expect(betfair).toHaveText(NET_PRICE);
  expectNetOf((await betfair.textContent())!, 0.05);
  const book =
    '[data-testid="mini-book"]:not([data-book="novig"], [data-book="betfair"], [data-book="matchbook"], [data-book="smarkets"])';
  await expect(page.locator(`${book} .price`).first()).toHaveText(/^[-+]\d+$/);
  await scrollForScreenshot(betfair);
  await page.screenshot({ path: testInfo.outputPath(`net-price-mini-${testInfo.project.name}.png`) });
});
