import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, isMobile, signInThroughApi } from './support/accounts';
import { chartInk, DOWN, UP } from './support/chart-ink';
import { bearer, newUser, scores, signIn, subscribedUser, type ScoreGame, type TestUser } from './support/users';

interface SeriesOutcome {
  name: string;
  /** A null price: the book took the line down then. */
  lines: Array<{ point: number | null; prices: Array<[number, number | null]> }>;
  moves: Array<[number, number]>;
}
interface SeriesBook {
  key: string;
  title: string;
  markets: Array<{ key: string; outcomes: SeriesOutcome[] }>;
}

/** The series view's times are deltas after the first: absolute again, as the chart reads them. */
const absolute = <V>(entries: Array<[number, V]>): Array<[number, V]> => {
  let at = 0;
  return entries.map(([dt, v]) => [(at += dt), v]);
};

/**
 * The game's line history as the page asks for it: with the game's books (spec 002 §7, taken from the game), which are
 * those on the odds board when the scoreboard last found the game there; a book that stopped pricing the game before
 * it left the board is not among them.
 */
async function lineHistory(request: APIRequestContext, user: TestUser, game: ScoreGame): Promise<SeriesBook[]> {
  const books = game.bookmakers?.length ? `&bookmakers=${game.bookmakers.join(',')}` : '';
  const answer = await request.get(
    `/api/odds-history?sport=${game.sport_key}&eventId=${game.event_id}&markets=h2h,spreads,totals&view=series${books}`,
    { headers: bearer(user) },
  );
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as SeriesBook[];
}

/** A book's moneyline prices of one side, absolute times; null where the book took the line down. */
const moneyline = (book: SeriesBook, side: string) =>
  absolute(book.markets.find((m) => m.key === 'h2h')?.outcomes.find((o) => o.name === side)?.lines[0]?.prices ?? []);

/** The prices a book quoted, leaving out when it had the line down. */
const quoted = (entries: Array<[number, number | null]>) =>
  entries.filter((entry): entry is [number, number] => entry[1] !== null);

/** American odds as the page writes them, and their implied probability to a tenth of a percent (the test's oracle). */
const american = (price: number) => (price > 0 ? `+${price}` : String(price));
const implied = (price: number) => ((1 / (price > 0 ? 1 + price / 100 : 1 + 100 / -price)) * 100).toFixed(1);

// Line movement on a finished game at 1280 px: implied probability, one series per book, the start marked, opening to
// closing listed; totals not labelled like spreads. American odds on a linear axis drew −105 → +102 as a 200-point
// spike, every line was its own series (a 40-entry legend), and pre-game and in-game prices joined unmarked.
test('the line-movement chart of a finished game reads as probability, one series per book, from opening to closing', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the chart at 1280 px; the phone shows the same chart narrower');
  test.setTimeout(300_000);
  const user = await newUser(request, testInfo, 'movement');
  // a finished game whose moneyline was priced before and during play by two books or more (the simulator plays NHL fast)
  let found: { game: ScoreGame; books: SeriesBook[]; side: string } | null = null;
  await expect
    .poll(
      async () => {
        // the latest final first: the scoreboard lists games by start, and its oldest final (NHL runs fast here) is
        // the next to leave the board, its card and open modal with it
        const finals = (await scores(request, 'icehockey_nhl')).filter((g) => g.status === 'final' && g.event_id);
        for (const game of finals.reverse()) {
          const books = await lineHistory(request, user, game);
          const start = Date.parse(game.commence_time) / 1000;
          const side = books[0]?.markets.find((m) => m.key === 'h2h')?.outcomes[0]?.name;
          const both = books.filter((b) => {
            const prices = side ? quoted(moneyline(b, side)) : [];
            return prices.some(([t]) => t < start) && prices.some(([t]) => t > start);
          });
          if (side && both.length >= 2) {
            found = { game, books, side };
            return true;
          }
        }
        return false;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBe(true);
  const { game, books, side } = found!;
  const start = Date.parse(game.commence_time) / 1000;

  await signIn(page, user, { path: '/scores' });
  await page.getByLabel('Sport').selectOption('icehockey_nhl');
  await page.locator(`[data-testid=game-card][data-game-id="${game.id}"]`).getByRole('button').click();
  const modal = page.getByTestId('game-modal');
  // wide enough to read at 1280
  expect((await modal.boundingBox())!.width).toBeGreaterThanOrEqual(900);
  await modal.getByRole('tab', { name: 'Line Movement' }).click();
  await modal.getByLabel('Market').selectOption('h2h');
  await modal.getByLabel('Side').selectOption(side);
  // a finished game opens on its prices before the start: opening to closing
  await expect(modal.getByLabel('Prices')).toHaveValue('pregame');
  const chart = modal.getByTestId('line-chart').first();
  await expect(chart.locator('canvas')).toBeVisible();

  // one legend entry per book that priced the side before the start, named by the book alone
  const pregameBooks = books.filter((b) => quoted(moneyline(b, side)).some(([t]) => t < start)).map((b) => b.title);
  const legend = chart.locator('.u-legend .u-series .u-label');
  await expect(legend).toHaveText(['Time', ...pregameBooks]);

  // opening and closing (the price standing at the start) of each book, as its price and implied probability; a book
  // that had taken the line down by the start has no close and no move
  const moves = modal.getByTestId('line-moves');
  await expect(moves.getByRole('columnheader')).toHaveText(['Book', 'Opened', 'Closed', 'Move']);
  for (const book of books.filter((b) => pregameBooks.includes(b.title)).slice(0, 3)) {
    const before = moneyline(book, side).filter(([t]) => t < start);
    const [opened, closed] = [quoted(before)[0][1], before.at(-1)![1]];
    const row = moves.locator('tr', { has: page.getByRole('rowheader', { name: book.title, exact: true }) });
    await expect(row.locator('td')).toHaveText([
      `${american(opened)} (${implied(opened)}%)`,
      ...(closed === null
        ? ['Taken down', '—']
        : [`${american(closed)} (${implied(closed)}%)`, /^([+\u2212]\d+\.\d|0\.0) pts$/]),
    ]);
  }
  // the start closes the pre-game chart
  const marker = chart.getByTestId('game-start-marker');
  await expect(marker).toBeVisible();

  // before and during the game: the start is marked inside the time axis, with the in-play prices after it
  await modal.getByLabel('Prices').selectOption('whole');
  await expect(marker).toBeVisible();
  const over = (await chart.locator('.u-over').boundingBox())!;
  const mark = (await marker.boundingBox())!;
  expect(mark.x + mark.width / 2).toBeGreaterThan(over.x + 10);
  expect(mark.x + mark.width / 2).toBeLessThan(over.x + over.width - 10);

  // the tooltip names the book under the pointer and its price in the user's odds format with its probability
  await page.mouse.move(over.x + over.width * 0.3, over.y + over.height / 2);
  await expect(chart.getByTestId('line-chart-tooltip')).toHaveText(/^.+ · [+-]\d+ \(\d{1,3}\.\d%\) · .+$/);

  // a total is written as it is, never signed like a spread ("+256.5")
  await modal.getByLabel('Market').selectOption('totals');
  const totalCells = modal.getByTestId('line-moves').locator('tbody td:nth-child(2)');
  await expect(totalCells.first()).toBeVisible();
  for (const text of await totalCells.allTextContents()) expect(text).toMatch(/^\d+(\.\d+)? [+-]\d+ \(\d{1,3}\.\d%\)$/);
  await expect(modal.getByTestId('line-points-chart')).toBeVisible();
});

// The user's odds format reaches the tooltip and the opening-to-closing table
test('the line-movement chart writes prices in the user’s odds format', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same chart on mobile; run once');
  test.setTimeout(120_000);
  const user = await newUser(request, testInfo, 'movefmt');
  // a game whose moneyline was priced before its start, so it has an opening-to-closing (or opening-to-now) row; one
  // not over first, then the latest over: the scoreboard lists games by start, and its oldest final (NHL runs fast
  // here) can leave the board while the page loads, its card with it
  const game = await (async () => {
    for (const sport of ['icehockey_nhl', 'americanfootball_nfl', 'basketball_nba']) {
      const games = (await scores(request, sport)).filter((x) => x.event_id);
      const over = games.filter((x) => x.status === 'final').reverse();
      for (const g of [...games.filter((x) => x.status !== 'final'), ...over]) {
        const start = Date.parse(g.commence_time) / 1000;
        const books = await lineHistory(request, user, g);
        const side = books[0]?.markets.find((m) => m.key === 'h2h')?.outcomes[0]?.name;
        if (side && books.some((b) => quoted(moneyline(b, side)).some(([t]) => t < start))) return g;
      }
    }
    throw new Error('no game with a moneyline priced before its start');
  })();
  await signIn(page, user, { path: '/scores', localStorage: { oddsFormat: 'decimal' } });
  await page.getByLabel('Sport').selectOption(game.sport_key);
  await page.locator(`[data-testid=game-card][data-game-id="${game.id}"]`).getByRole('button').click();
  const modal = page.getByTestId('game-modal');
  await modal.getByRole('tab', { name: 'Line Movement' }).click();
  await modal.getByLabel('Market').selectOption('h2h');
  await expect(modal.getByTestId('line-moves').locator('tbody td').first()).toHaveText(/^\d+\.\d{2} \(\d{1,3}\.\d%\)$/);
  const over = (await modal.getByTestId('line-chart').first().locator('.u-over').boundingBox())!;
  await page.mouse.move(over.x + over.width * 0.5, over.y + over.height / 2);
  await expect(modal.getByTestId('line-chart-tooltip')).toHaveText(/ · \d+\.\d{2} \(\d{1,3}\.\d%\) · /);
});

/** Settles a new pick by hand: a stake of `stakeCents` at +150, won. */
async function settledPick(request: APIRequestContext, user: TestUser, stakeCents: number) {
  const created = await request.post('/api/picks', {
    headers: bearer(user),
    data: {
      game: 'Miami Dolphins @ Buffalo Bills',
      league: 'NFL',
      market: 'Moneyline',
      selection: 'Buffalo Bills',
      odds: '+150',
      bookmaker: 'draftkings',
      stakeCents,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect((await request.patch(`/api/picks/${id}`, { headers: bearer(user), data: { status: 'won' } })).ok()).toBe(true);
}

/** A time chart as drawn: its series in the middle of a day-wide axis as a dot, and no label cut at the left edge. */
async function expectOneInstant(page: Page, testId: string, colour: [number, number, number]) {
  const chart = page.getByTestId(testId);
  await expect(chart.locator('canvas')).toBeVisible();
  await expect
    .poll(async () => {
      const ink = await chartInk(chart, colour);
      return (
        ink.pixels > 0 && ink.left > 0.4 && ink.right < 0.6 && ink.bottom - ink.top < 0.15 && ink.cutAtLeftEdge === 0
      );
    })
    .toBe(true);
}

// A new user's first settled pick: the time axis ran Jan 2027 → Jul 2029 with the pick at its edge, and a wide amount's
// label was cut at the canvas's edge (".,000.00")
test('a new user’s one settled pick is a point in the middle of its day on /picks and /analytics, its labels whole', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same charts on mobile; run once');
  const user = await subscribedUser(request, testInfo, 'onepick', 'platinum');
  await settledPick(request, user, 1_000_000);
  await signIn(page, user, { path: '/picks' });
  await expectOneInstant(page, 'profit-chart', UP);
  await page.goto('/analytics');
  await expectOneInstant(page, 'profit-chart', UP);
  await expectOneInstant(page, 'roi-chart', UP);
});

// Picks validated together share one settlement instant: one point, not a vertical line
test('first picks settled in one instant draw one point, not a vertical line', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same chart on mobile; run once');
  const user = await newUser(request, testInfo, 'oneinstant');
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const csv = [
    'date_added,game,league,market,selection,odds,stake,status,actual_payout,settled_at',
    `${at},Jets @ Bills,NFL,Moneyline,Buffalo Bills,-110,100.00,lost,0.00,${at}`,
    `${at},Jets @ Bills,NFL,Moneyline,New York Jets,+150,100.00,lost,0.00,${at}`,
  ].join('\n');
  const imported = await request.post('/api/picks/import.csv', {
    headers: { ...bearer(user), 'Content-Type': 'text/csv' },
    data: csv,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  await signIn(page, user, { path: '/picks' });
  await expectOneInstant(page, 'profit-chart', DOWN);
});

// The demo accounts' 90 days of picks: the series runs across the axis, and no label is cut
for (const [email, path, charts] of [
  ['gold@demo.local', '/picks', ['profit-chart']],
  ['platinum@demo.local', '/analytics', ['profit-chart', 'roi-chart']],
] as const) {
  test(`the charts of ${email} on ${path} run across their time axis with whole labels`, async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), 'the same charts on mobile; run once');
    await signInThroughApi(page, email, { password: DEMO_PASSWORD, path });
    for (const testId of charts) {
      const chart = page.getByTestId(testId);
      await expect(chart.locator('canvas')).toBeVisible();
      await expect
        .poll(async () => {
          const [up, down] = [await chartInk(chart, UP), await chartInk(chart, DOWN)];
          const ink = up.pixels >= down.pixels ? up : down;
          return ink.right - ink.left > 0.5 && ink.cutAtLeftEdge === 0;
        })
        .toBe(true);
    }
  });
}

// /analytics at 375 px: its tables widened the page to about 700 px
test('the analytics page fits a phone’s width', async ({ page, request }, testInfo) => {
  test.skip(!isMobile(testInfo), 'the phone width');
  const user = await subscribedUser(request, testInfo, 'narrow', 'platinum');
  await settledPick(request, user, 2000);
  await signIn(page, user, { path: '/analytics' });
  await expect(page.getByTestId('analytics-group').first().getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
