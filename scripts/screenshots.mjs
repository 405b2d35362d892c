// `node scripts/screenshots.mjs`: the documentation's screenshots (docs/screenshots/*.png) of the product as it is. Builds,
// starts a stack on a free port with its own database and Redis prefix (as scripts/test.mjs does, demo accounts
// seeded, the simulator feeding it), signs in the demo accounts in Debian's Chromium and saves each page at
// 1280×800. The picks and analytics accounts first bet through the real API, on games the simulator has finished and
// on the next NHL games (played at 120× here, as in the e2e run, so they close, start and end within minutes), and
// "Validate now" settles them: the pages show a bettor's results and closing-line value, not an empty state.
// Needs PostgreSQL and Redis as the tests do; CHROMIUM_PATH overrides /usr/bin/chromium.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, build, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DEMO_PASSWORD = 'oddspulse-demo';
const OUT = join(ROOT, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };

/** Each shot: who is signed in, where, what shows the page is ready, and whether the account needs settled picks first. */
const SHOTS = [
  { file: 'odds.png', email: 'platinum@demo.local', path: '/sportsbooks', ready: '[data-testid=odds-row]' },
  {
    file: 'scanners.png',
    email: 'platinum@demo.local',
    path: '/sportsbooks?mode=middles',
    ready: '[data-testid=opportunity]',
    allBooks: true,
  },
  { file: 'picks.png', email: 'gold@demo.local', path: '/picks', ready: '[data-testid=pick]', picks: true },
  {
    file: 'analytics.png',
    email: 'platinum@demo.local',
    path: '/analytics',
    ready: '[data-testid=analytics-group]',
    picks: true,
  },
  { file: 'ops.png', email: 'ops@demo.local', path: '/ops', ready: 'h1' },
];

/** The leagues "Validate now" settles, by the scores API's sport keys. */
const LEAGUES = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'NCAAF',
  basketball_nba: 'NBA',
  basketball_ncaab: 'NCAAB',
  icehockey_nhl: 'NHL',
  baseball_mlb: 'MLB',
};
const BOOKS = {
  draftkings: 'DraftKings',
  fanduel: 'FanDuel',
  betmgm: 'BetMGM',
  caesars: 'Caesars',
  pinnacle: 'Pinnacle',
};
const ODDS = ['-110', '-115', '+105', '-120', '+120', '-105', '-130', '+110'];
const STAKES = [2500, 1000, 5000, 2000, 1500];
const FINISHED_PICKS = 12;
/** NHL plays at 120× in this stack (a game in 75 s, one starting about every 40 s), as in the e2e run. */
const UPCOMING_PICKS = 4;
const SETTLE_TIMEOUT_MS = 10 * 60_000;

async function api(baseURL, path, { token, method = 'GET', body } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Every settled sport's scoreboard, once the scores feed has polled them all (each answers 503 until its first poll). */
async function scoreboards(baseURL) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const boards = await Promise.all(Object.keys(LEAGUES).map((sport) => api(baseURL, `/api/scores?sport=${sport}`)));
      return boards.flatMap((games, i) => games.map((g) => ({ ...g, sport_key: Object.keys(LEAGUES)[i] })));
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

/** A bet on a finished game, by a rotation that wins three in five: moneylines, spreads and totals on both sides. */
function betOn(game, i) {
  const [winner, loser] =
    game.scores.home > game.scores.away ? [game.home_team, game.away_team] : [game.away_team, game.home_team];
  const total = game.scores.home + game.scores.away;
  const bets = [
    { market: 'Moneyline', selection: winner },
    { market: 'Moneyline', selection: loser },
    { market: 'Total', selection: `Over ${total - 0.5}` },
    { market: 'Spread', selection: `${winner} +1.5` },
    { market: 'Total', selection: `Under ${total - 0.5}` },
  ];
  const books = Object.values(BOOKS);
  return {
    ...bets[i % bets.length],
    game: `${game.away_team} @ ${game.home_team}`,
    league: LEAGUES[game.sport_key],
    sport: game.sport_key,
    odds: ODDS[i % ODDS.length],
    bookmaker: books[i % books.length],
    stakeCents: STAKES[i % STAKES.length],
    edge: Number((1.2 + ((i * 1.7) % 6)).toFixed(1)),
    eventId: game.event_id,
    commenceTime: game.commence_time,
  };
}

/** Finished games with a winner, taken from each sport in turn. */
function finishedGames(games) {
  const bySport = Object.keys(LEAGUES).map((sport) =>
    games.filter(
      (g) =>
        g.sport_key === sport &&
        g.status === 'final' &&
        g.event_id &&
        g.scores.home !== null &&
        g.scores.home !== g.scores.away,
    ),
  );
  const turns = Math.max(...bySport.map((list) => list.length));
  return Array.from({ length: turns }, (_, i) => bySport.map((list) => list[i]).filter(Boolean)).flat();
}

/**
 * An account's picks, through the real API: bets on finished games (settled by "Validate now"), and moneylines at a
 * book's current price on the next NHL games, which close, start and finish within minutes, so they carry a closing
 * line (CLV) when they settle.
 */
async function placePicks(baseURL, email) {
  const { access_token: token } = await api(baseURL, '/api/auth/login', {
    method: 'POST',
    body: { email, password: DEMO_PASSWORD },
  });
  const finished = finishedGames(await scoreboards(baseURL)).slice(0, FINISHED_PICKS);
  for (const [i, game] of finished.entries())
    await api(baseURL, '/api/picks', { token, method: 'POST', body: betOn(game, i) });
  const upcoming = (await api(baseURL, '/api/odds-data?sport=icehockey_nhl', { token }))
    .filter((e) => Date.parse(e.commence_time) > Date.now() + 20_000)
    .sort((a, b) => Date.parse(a.commence_time) - Date.parse(b.commence_time))
    .slice(0, UPCOMING_PICKS);
  const events = [];
  for (const [i, event] of upcoming.entries()) {
    const book = event.bookmakers.find((b) => BOOKS[b.key]);
    const outcome = book?.markets.find((m) => m.key === 'h2h')?.outcomes[i % 2];
    if (!outcome) continue;
    const body = {
      game: `${event.away_team} @ ${event.home_team}`,
      league: 'NHL',
      sport: event.sport_key,
      market: 'Moneyline',
      selection: outcome.name,
      odds: outcome.price > 0 ? `+${outcome.price}` : String(outcome.price),
      bookmaker: BOOKS[book.key],
      stakeCents: STAKES[i % STAKES.length],
      edge: Number((2.1 + i * 0.9).toFixed(1)),
      eventId: event.id,
      commenceTime: event.commence_time,
    };
    await api(baseURL, '/api/picks', { token, method: 'POST', body });
    events.push(event.id);
  }
  process.stdout.write(
    `${email}: ${finished.length} picks on finished games, ${events.length} on the next NHL games\n`,
  );
  return { email, token, events };
}

/** Waits for the account's NHL games to end, then settles every pick with "Validate now". */
async function settlePicks(baseURL, { email, token, events }) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  const ended = async () => {
    const games = await api(baseURL, '/api/scores?sport=icehockey_nhl');
    return events.every((id) => games.some((g) => g.event_id === id && g.status === 'final'));
  };
  while (!(await ended())) {
    if (Date.now() > deadline)
      throw new Error(`${email}: the NHL games of its picks did not end within ${SETTLE_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  const { message } = await api(baseURL, '/api/picks/validate', { token, method: 'POST' });
  process.stdout.write(`${email}: ${message}\n`);
}

async function signIn(page, email) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 20_000 });
}

async function shoot(browser, baseURL, shot) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    await signIn(page, shot.email);
    // Every book (the default is the user's books): the scanners then show what the server holds.
    if (shot.allBooks)
      await page.evaluate(() =>
        globalThis.localStorage.setItem('oddspulse.oddsFilters', JSON.stringify({ books: [] })),
      );
    await page.goto(shot.path);
    await page.locator(shot.ready).first().waitFor({ timeout: 90_000 });
    await page.waitForTimeout(1500);
    const file = join(OUT, shot.file);
    await page.screenshot({ path: file });
    process.stdout.write(`${shot.file}: ${Math.round(statSync(file).size / 1024)} KB\n`);
  } finally {
    await context.close();
  }
}

if (!build()) {
  process.stderr.write('Build failed; no screenshot was taken.\n');
  process.exit(1);
}
mkdirSync(OUT, { recursive: true });
const { env, port } = await throwawayStackEnv('shots', {
  LOG_LEVEL: 'error',
  SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120',
});
if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: 'ignore' });
let failed = false;
try {
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const bettors = new Map();
    for (const email of new Set(SHOTS.filter((shot) => shot.picks).map((shot) => shot.email)))
      bettors.set(email, await placePicks(baseURL, email));
    for (const shot of SHOTS) {
      if (shot.picks && bettors.has(shot.email)) {
        await settlePicks(baseURL, bettors.get(shot.email));
        bettors.delete(shot.email);
      }
      await shoot(browser, baseURL, shot);
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  process.stderr.write(`${error.stack ?? error}\n`);
} finally {
  await stack.stop();
  run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
}
process.exit(failed ? 1 : 0);
