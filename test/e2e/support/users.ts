import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { signInThroughApi, signInThroughForm, uniqueEmail, type SignInOptions } from './accounts';

export const USER_PASSWORD = 'Sturdy-pass-42';

export interface TestUser {
  email: string;
  username: string;
  token: string;
  userId: string;
}

/** A fresh account with a username (so the username prompt stays away), signed up through the real API. */
export async function newUser(request: APIRequestContext, testInfo: TestInfo, tag: string): Promise<TestUser> {
  const email = uniqueEmail(testInfo, tag);
  const username = `${tag}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
  const response = await request.post('/api/auth/signup', { data: { email, password: USER_PASSWORD, username } });
  expect(response.ok(), await response.text()).toBe(true);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { email, username, token: session.access_token, userId: session.user.id };
}

/** A fresh account that bought a paid plan on the local checkout through the real billing API. */
export async function subscribedUser(
  request: APIRequestContext,
  testInfo: TestInfo,
  tag: string,
  plan: 'gold' | 'platinum',
): Promise<TestUser> {
  const user = await newUser(request, testInfo, tag);
  const checkout = await request.post('/api/billing/create-checkout-session', {
    headers: bearer(user),
    data: { plan },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const id = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').pop();
  const paid = await request.post(`/api/billing/local/checkout/${id}/pay`, { headers: bearer(user) });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(
      async () => ((await (await request.get('/api/me', { headers: bearer(user) })).json()) as { plan: string }).plan,
    )
    .toBe(plan);
  return user;
}

export interface UserSignInOptions extends Omit<SignInOptions, 'password'> {
  /**
   * The books to save on My Sportsbooks first (through the real API): every page starts from them (DECISIONS 36).
   * 'all': every book the plan may choose.
   */
  books?: string[] | 'all';
}

/** Saves the user's books as My Sportsbooks does (PUT /api/preferences); 'all' is every book the plan may choose. */
export async function saveBooks(request: APIRequestContext, user: TestUser, books: string[] | 'all') {
  let sportsbooks = books;
  if (sportsbooks === 'all') {
    const current = await request.get('/api/preferences', { headers: bearer(user) });
    expect(current.ok(), await current.text()).toBe(true);
    sportsbooks = ((await current.json()) as { selectable_sportsbooks: string[] }).selectable_sportsbooks;
  }
  const saved = await request.put('/api/preferences', { headers: bearer(user), data: { sportsbooks } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/**
 * Signs the user in through the real login route and opens `path` (default /) signed in: signInThroughApi; with
 * `books`, after saving them.
 */
export async function signIn(page: Page, user: TestUser, { books, ...options }: UserSignInOptions = {}) {
  if (books) await saveBooks(page.request, user, books);
  await signInThroughApi(page, user.email, { ...options, password: USER_PASSWORD });
}

/** Signs the user in through the login form, for the specs about signing in and landing: signInThroughForm. */
export const signInWithForm = (page: Page, user: TestUser) => signInThroughForm(page, user.email, USER_PASSWORD);

/** A fresh account on `plan`: a new user on Free, a checkout paid for Gold or Platinum. */
export const userOnPlan = (request: APIRequestContext, testInfo: TestInfo, plan: 'free' | 'gold' | 'platinum') =>
  plan === 'free' ? newUser(request, testInfo, plan) : subscribedUser(request, testInfo, plan, plan);

/** A fresh account on `plan`, signed in: signIn. */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  plan: 'free' | 'gold' | 'platinum',
  options: UserSignInOptions = {},
): Promise<TestUser> {
  const user = await userOnPlan(request, testInfo, plan);
  await signIn(page, user, options);
  return user;
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

export interface ScoreGame {
  id: string;
  event_id?: string;
  /** The books pricing the game on the odds board, once the scoreboard has joined it to the board. */
  bookmakers?: string[];
  sport_key: string;
  status: string;
  live: boolean;
  home_team: string;
  away_team: string;
  commence_time: string;
  scores: { home: number | null; away: number | null };
}

export const SCORE_SPORTS = [
  'americanfootball_nfl',
  'americanfootball_ncaaf',
  'basketball_nba',
  'basketball_ncaab',
  'icehockey_nhl',
  'baseball_mlb',
];

export async function scores(request: APIRequestContext, sport: string): Promise<ScoreGame[]> {
  const response = await request.get(`/api/scores?sport=${sport}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ScoreGame[];
}

/**
 * A game the simulator has already finished, with a winner (no tie) and an odds event id. A sport with no game in
 * play is preferred: a game of the sport that ends settles every pending pick of the sport (the worker's settle-game
 * run), which would settle a test's pick before the test asks for it.
 */
export async function finishedGame(request: APIRequestContext): Promise<ScoreGame> {
  let fallback: ScoreGame | undefined;
  for (const sport of SCORE_SPORTS) {
    const games = await scores(request, sport);
    const game = games.find(
      (g) => g.status === 'final' && g.event_id && g.scores.home !== null && g.scores.home !== g.scores.away,
    );
    if (game && !games.some((g) => g.live)) return game;
    fallback ??= game;
  }
  if (fallback) return fallback;
  throw new Error('The simulator has no finished game with a winner in any scores sport');
}
