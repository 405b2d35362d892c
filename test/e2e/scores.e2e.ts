import { expect, test, type Page } from '@playwright/test';
import { isMobile } from './support/accounts';
import { bearer, newUser, scores, signIn, type ScoreGame } from './support/users';

async function openGame(page: Page, gameId: string) {
  await page.locator(`[data-testid=game-card][data-game-id="${gameId}"]`).getByRole('button').click();
  const modal = page.getByTestId('game-modal');
  await expect(modal).toBeVisible();
  return modal;
}

// spec 002 §2 scores page (public, DECISIONS 9), badges, sport selector; §8 error text
test('the public scores page lists games with LIVE and FINAL badges and switches sport', async ({ page, request }) => {
  const games = await scores(request, 'americanfootball_nfl');
  expect(games.length).toBeGreaterThan(0);
  await page.goto('/scores');
  await expect(page.getByRole('heading', { name: 'Live Scores' })).toBeVisible();
  const sport = page.getByLabel('Sport');
  await expect(sport).toHaveValue('americanfootball_nfl');
  await expect(sport.locator('option')).toHaveText(['NFL', 'NCAAF', 'NBA', 'NCAAB', 'NHL', 'MLB']);
  await expect(page.getByTestId('game-card').first()).toBeVisible();

  const final = games.find((g) => g.status === 'final');
  if (final)
    await expect(
      page.locator(`[data-testid=game-card][data-game-id="${final.id}"]`).getByTestId('game-badge'),
    ).toHaveText('FINAL');
  const upcoming = games.find((g) => g.status === 'scheduled' && !g.live);
  if (upcoming)
    await expect(
      page.locator(`[data-testid=game-card][data-game-id="${upcoming.id}"]`).getByTestId('game-badge'),
    ).toHaveCount(0);
  expect(final ?? upcoming).toBeTruthy();
  // LIVE appears only on games the API calls in progress and live.
  const liveIds = await page
    .locator('[data-testid=game-card]:has([data-testid=game-badge]:text-is("LIVE"))')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-game-id')));
  const fresh = await scores(request, 'americanfootball_nfl');
  for (const id of liveIds) expect(fresh.find((g) => g.id === id)?.status).not.toBe('scheduled');

  const nba = await scores(request, 'basketball_nba');
  await sport.selectOption('basketball_nba');
  if (nba.length) await expect(page.locator(`[data-testid=game-card][data-game-id="${nba[0].id}"]`)).toBeVisible();
  // Signed out there is no socket: the page says it polls (15 s with a live game, else 60 s).
  await expect(page.getByTestId('scores-mode')).toContainText(/Checking for new scores every (15|60) seconds/);

  await page.route('**/api/scores?*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"gone"}' }),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('scores-error')).toHaveText('Failed to load scores: HTTP 404');
});

// spec 002 §2 game modal: overview first, line movement from /api/odds-history for signed-in users
test('the game modal opens on the overview and draws line movement for the game', async ({
  page,
  request,
}, testInfo) => {
  const user = await newUser(request, testInfo, 'modal');
  // a game joined to the odds board, with the books pricing it: on a stack just started the scoreboard carries its
  // games before the first odds poll has joined them, so it is asked again until one is
  let game: ScoreGame | undefined;
  await expect
    .poll(
      async () => {
        const joined = (await scores(request, 'americanfootball_nfl')).filter(
          (g) => g.event_id && g.bookmakers?.length,
        );
        game = joined.find((g) => g.status !== 'final') ?? joined[0];
        return game;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  await signIn(page, user, { path: '/scores' });
  const modal = await openGame(page, game!.id);
  await expect(modal.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  // signed in, the games come over the live connection once it is up (on a busy machine the page may still be
  // connecting as the modal opens), and the modal says so as the page does
  const live = 'Live: scores arrive over the live connection as they happen.';
  await expect(page.getByTestId('scores-mode')).toHaveText(live);
  await expect(modal.getByTestId('game-updates')).toHaveText(live);
  await expect(modal.getByTestId('reactions').getByRole('button')).toHaveCount(6);
  await expect(modal.getByTestId('game-picks')).toContainText('No picks on this game.');

  // Keyboard navigation: the tabs follow the WAI-ARIA pattern; the arrow key selects Line Movement.
  const overview = modal.getByRole('tab', { name: 'Overview' });
  const lineTab = modal.getByRole('tab', { name: 'Line Movement' });
  await expect(lineTab).toHaveAttribute('tabindex', '-1');
  const historyRequest = page.waitForRequest((r) => r.url().includes('/api/odds-history'));
  await overview.focus();
  await page.keyboard.press('ArrowRight');
  await expect(lineTab).toBeFocused();
  await expect(lineTab).toHaveAttribute('aria-selected', 'true');
  await expect(overview).toHaveAttribute('tabindex', '-1');
  // 002 §7: sport, eventId, the three markets and the bookmakers taken from the game
  const sent = new URL((await historyRequest).url()).searchParams;
  expect([sent.get('sport'), sent.get('eventId'), sent.get('markets'), sent.get('view')]).toEqual([
    game!.sport_key,
    game!.event_id,
    'h2h,spreads,totals',
    'series',
  ]);
  expect(sent.get('bookmakers')).toMatch(/^[a-z0-9_]+(,[a-z0-9_]+)*$/);
  const lines = modal.getByRole('tabpanel', { name: 'Line Movement' }).getByTestId('line-movement');
  await expect(lines.getByTestId('line-chart').first().or(lines.getByTestId('no-line-history'))).toBeVisible();
  await expect(lines.getByLabel('Book', { exact: true })).toHaveValue('all');

  // Closing and opening again starts on the overview.
  await modal.getByRole('button', { name: 'Close' }).click();
  const again = await openGame(page, game!.id);
  await expect(again.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  // The focus never reaches the page behind the dialog (inert while it is open: past its last control Tab goes to the
  // browser, as the platform's own dialogs do, and then back to its first), and goes back to the game card on Escape
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const focus = await again.evaluate((dialog) =>
      dialog.contains(document.activeElement)
        ? 'dialog'
        : document.activeElement === document.body
          ? 'browser'
          : 'page',
    );
    expect(focus).not.toBe('page');
  }
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  await expect(page.locator(`[data-testid=game-card][data-game-id="${game!.id}"]`).getByRole('button')).toBeFocused();
});

// spec 002 §4, §6 reactions: one per user, own click removes, pushed to other browsers; DECISIONS 22
test('a reaction from one signed-in browser shows up in another, and clicking your own removes it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const [alice, bob] = [await newUser(request, testInfo, 'alice'), await newUser(request, testInfo, 'bob')];
  // The counts read here are every user's: the desktop and mobile runs of this test, which may run at once, each take
  // a game of their own.
  const game = (await scores(request, 'americanfootball_nfl')).filter((g) => g.event_id)[isMobile(testInfo) ? 1 : 0];
  const contextOptions = isMobile(testInfo)
    ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
    : {};
  const first = await browser.newContext(contextOptions);
  const second = await browser.newContext(contextOptions);
  try {
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await signIn(pageA, alice);
    await signIn(pageB, bob);
    await pageA.goto('/scores');
    await pageB.goto('/scores');
    const modalA = await openGame(pageA, game.id);
    const modalB = await openGame(pageB, game.id);
    const countB = modalB.getByTestId('reaction-count-fire');
    await expect(modalB.getByTestId('reactions')).toHaveAttribute('data-live', 'true');
    const before = Number(await countB.textContent());
    const moneyB = modalB.getByTestId('reaction-count-money');
    const moneyBefore = Number(await moneyB.textContent());

    await modalA.getByTestId('reaction-fire').click();
    await expect(modalA.getByTestId('reaction-fire')).toHaveAttribute('aria-pressed', 'true');
    await expect(countB).toHaveText(String(before + 1));
    await expect(modalB.getByTestId('reaction-who')).toContainText(alice.username);

    // One per user: choosing another emoji moves Alice's reaction.
    await modalA.getByTestId('reaction-money').click();
    await expect(countB).toHaveText(String(before));
    await expect(moneyB).toHaveText(String(moneyBefore + 1));
    // Clicking your own removes it.
    await modalA.getByTestId('reaction-money').click();
    await expect(modalA.getByTestId('reaction-money')).toHaveAttribute('aria-pressed', 'false');
    await expect(moneyB).toHaveText(String(moneyBefore));
  } finally {
    await first.close();
    await second.close();
  }
});

// spec 002 §4, §6: a visitor sees reactions but cannot react
test('a visitor sees the reactions on a game but cannot react', async ({ page, request }, testInfo) => {
  const user = await newUser(request, testInfo, 'react');
  const game = (await scores(request, 'americanfootball_nfl')).find((g) => g.event_id)!;
  const reacted = await request.post(`/api/reactions/${encodeURIComponent(game.event_id!)}`, {
    headers: bearer(user),
    data: { emoji: 'electric', action: 'add' },
  });
  expect(reacted.ok()).toBe(true);
  expect([401, 403]).toContain(
    (
      await request.post(`/api/reactions/${encodeURIComponent(game.event_id!)}`, {
        data: { emoji: 'fire', action: 'add' },
      })
    ).status(),
  );

  await page.goto('/scores');
  const modal = await openGame(page, game.id);
  await expect(modal.getByTestId('reaction-who')).toContainText(user.username);
  await expect(modal.getByTestId('reaction-count-electric')).not.toHaveText('0');
  await expect(modal.getByTestId('reaction-fire')).toBeDisabled();
  await expect(modal).toContainText('Sign in to react.');
});
