import { expect, test, type Page } from '@playwright/test';
import { alertPath, DEFAULT_SPORTSBOOKS, type ArbitrageOpportunity, type EvBet } from '@oddspulse/shared';
import { isMobile } from './support/accounts';
import { fastSports } from './support/simulator';
import { evBetRowKeys } from './support/odds-rows';
import { bearer, signIn, subscribedUser, type TestUser } from './support/users';

/** The arbitrage opportunities the server holds for this user at the loosest inputs, every book. */
async function heldArbitrage(page: Page, user: TestUser): Promise<ArbitrageOpportunity[]> {
  const sports =
    'americanfootball_nfl,americanfootball_ncaaf,basketball_nba,basketball_ncaab,icehockey_nhl,baseball_mlb,soccer_epl';
  const response = await page.request.get(`/api/arbitrage?sports=${sports}&minProfit=0.1&maxStake=100&bankroll=1000`, {
    headers: bearer(user),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { opportunities: ArbitrageOpportunity[] }).opportunities;
}

/**
 * Sports the odds table is not on for a new user (it opens on NFL and NCAAF), less those the stack's simulator plays
 * fast: an NHL game there ends 75 s after kick-off, so its bet's row could leave the table while the spec looked for it.
 */
const offTableSports = () =>
  ['basketball_nba', 'basketball_ncaab', 'icehockey_nhl', 'baseball_mlb'].filter((s) => !fastSports().includes(s));

const outsideDefaults = (books: readonly string[]) => books.some((book) => !DEFAULT_SPORTSBOOKS.includes(book));

// An NBA +EV alert linked to /sportsbooks?mode=game&q=…, which kept the table on NFL and NCAAF and the default books
// and showed "No Bets Available" (the tour's own spec took its bet from NFL and NCAAF, where the table already was). The
// link, as the alert dispatch builds it (alertPath), selects the bet's sport, market and book.
test("a +EV alert's link for a sport and book the table is not on opens on its bet's game", async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same page on mobile; run once');
  test.setTimeout(150_000);
  const user = await subscribedUser(request, testInfo, 'nbalink', 'platinum');
  let bet: EvBet | undefined;
  await expect
    .poll(
      async () => {
        // any sport off the table's NFL and NCAAF: NBA alone had no +EV bet within 90 s on a fresh stack once the
        // simulator's round robin lists each team one game a day
        const answer = await request.get(`/api/ev?sports=${offTableSports().join(',')}`, { headers: bearer(user) });
        const bets = ((await answer.json()) as { opportunities: EvBet[] }).opportunities.filter((b) =>
          ['h2h', 'spreads', 'totals'].includes(b.market),
        );
        // a price the book lists as an alternate line where there is one (the table lists it under alternate_spreads
        // or alternate_totals, where the bet names its family: the link found no row until the bet named both), then
        // a book outside the default four (the link must select it too)
        bet = bets.find((b) => b.listedMarket !== b.market) ?? bets.find((b) => outsideDefaults([b.book])) ?? bets[0];
        return bet !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const path = alertPath(bet!);
  expect(path).toContain(`sport=${bet!.sport}`);
  // a fresh user: the table's sports are NFL and NCAAF, its books the default four
  await signIn(page, user, { path });
  const notice = page.getByTestId('alert-target');
  await expect(notice).toHaveText(/still \+EV|is gone/, { timeout: 30_000 });
  await expect(page.getByTestId('odds-empty')).toHaveCount(0);
  // the game's prices are listed: the bet's row, or (gone) its game's current prices
  await expect(page.getByTestId('odds-row').filter({ hasText: bet!.homeTeam }).first()).toBeVisible({
    timeout: 30_000,
  });
  if ((await notice.textContent())?.includes('still +EV')) {
    const keys = evBetRowKeys(bet!);
    await expect
      .poll(
        () =>
          page.evaluate((rowKeys) => {
            const focused = document.activeElement?.getAttribute('data-row-key') ?? '';
            return rowKeys.includes(focused) ? 'focused' : 'waiting';
          }, keys),
        { timeout: 30_000 },
      )
      .toBe('focused');
    await expect(notice).not.toContainText('not in this view');
  }
});

// An arbitrage notification (or alert) set a search chip the scanner ignored, and a scanner narrowed to another sport
// or the default books could not show the opportunity at all. The link selects its sport and its legs' books; the
// scanner applies the search.
test("an arbitrage alert's link selects its sport and books, and the scanner applies its search", async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same scanner on mobile; run once');
  test.setTimeout(150_000);
  const user = await subscribedUser(request, testInfo, 'arblink', 'platinum');
  const fast = fastSports();
  let held: ArbitrageOpportunity[] = [];
  await expect
    .poll(async () => (held = (await heldArbitrage(page, user)).filter((o) => !fast.includes(o.sport))).length, {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);
  // one with a leg outside the default four where there is one, the longest-lasting kind (well above the floor)
  const target =
    held.find((o) => o.profitPct >= 0.5 && outsideDefaults(o.legs.map((leg) => leg.book))) ??
    held.find((o) => o.profitPct >= 0.5) ??
    held[0];
  const other = ['americanfootball_nfl', 'basketball_nba', 'icehockey_nhl'].find((sport) => sport !== target.sport)!;
  // the scanner left on another sport only
  await signIn(page, user, {
    path: alertPath(target),
    localStorage: {
      'oddspulse.scannerSports': other,
      'oddspulse.scannerSettings': JSON.stringify({ minProfit: 0.1 }),
    },
  });
  await expect(page.getByTestId('search-chip')).toContainText(target.homeTeam);
  const scanner = page.getByRole('region', { name: 'Arbitrage scanner' });
  const card = scanner.locator(`[data-testid=opportunity][data-opportunity-id="${target.id}"]`);
  const notice = page.getByTestId('alert-target');
  await expect(card.and(page.locator('[data-targeted=true]')).or(notice).first()).toBeVisible({ timeout: 30_000 });
  if (await notice.isVisible()) {
    // gone since: it says so, and links to the game's current prices
    await expect(notice).toHaveText(/The opportunity from your alert (is gone|has expired)/);
    await notice.getByRole('link', { name: 'Current prices for the game' }).click();
    await expect(page.getByTestId('odds-row').filter({ hasText: target.homeTeam }).first()).toBeVisible({
      timeout: 30_000,
    });
    return;
  }
  await expect(card).toBeFocused();
  // the search applies: every card listed is the alert's game
  const games = await scanner.getByTestId('opportunity').allTextContents();
  expect(games.length).toBeGreaterThan(0);
  for (const text of games) expect(text).toContain(target.homeTeam);
  // clearing the chip lists every game again
  await page.getByTestId('search-chip').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('search-chip')).toHaveCount(0);
});
