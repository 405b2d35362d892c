import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { unpackBoards } from '@oddspulse/shared';
import { signInThroughForm } from './support/accounts';
import { bearer, newUser, signIn, signInWithForm, userOnPlan, type TestUser } from './support/users';

interface Outcome {
  name: string;
  description?: string;
  point?: number;
  price: number;
  link?: string;
  /** The book's own id: on the socket's board, not in the first load, which carries the links made from it. */
  sid?: string;
}
interface Board {
  sport_key: string;
  fetched_at: string;
  events: Array<{
    id: string;
    home_team: string;
    away_team: string;
    commence_time: string;
    bookmakers: Array<{ key: string; markets: Array<{ key: string; last_update: string; outcomes: Outcome[] }> }>;
  }>;
}

const NBA = 'basketball_nba';

/**
 * From the page: the first load through the cached REST path in both formats, the plain one and the packed one the
 * odds page asks for (Chromium's own fetch, so compression and revalidation are the browser's), and the board the live
 * socket's snapshot holds, spoken in socket.io's protocol by hand. The packed body comes back as sent, to be unpacked.
 */
async function restAndSocketBoards(
  page: Page,
  token: string,
): Promise<{ rest: Board; packed: unknown; socket: Board; encodings: Array<string | null> }> {
  return page.evaluate(
    async ({ token, sport }) => {
      // a seq the channel never reached: the gateway answers with a snapshot of the board, not a replay
      const LATER = 1_000_000_000;
      const socket = await new Promise<Board>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
        const timer = setTimeout(() => reject(new Error('no snapshot within 20 s')), 20_000);
        ws.onerror = () => reject(new Error('WebSocket error'));
        ws.onmessage = ({ data }) => {
          const text = String(data);
          if (text.startsWith('0{')) ws.send(`40${JSON.stringify({ token })}`);
          else if (text === '2') ws.send('3');
          else if (text.startsWith('40'))
            ws.send(`420${JSON.stringify(['subscribe', { channel: 'odds', sport, lastSeq: LATER }])}`);
          else if (text.startsWith('42')) {
            const [event, payload] = JSON.parse(text.slice(2));
            if (event !== 'snapshot') return;
            clearTimeout(timer);
            ws.close();
            resolve(payload.data);
          }
        };
      });
      const headers = { Authorization: `Bearer ${token}` };
      const res = await fetch(`/api/boards?kind=odds&sports=${sport}`, { headers });
      const body = (await res.json()) as { boards: Board[] };
      const packed = await fetch(`/api/boards?kind=odds&sports=${sport}&format=packed`, { headers });
      return {
        rest: body.boards[0],
        packed: await packed.json(),
        socket,
        encodings: [res.headers.get('content-encoding'), packed.headers.get('content-encoding')],
      };
    },
    { token, sport: NBA },
  );
}

// a page's first load through the shared, cached REST view shows what the live socket's board holds
test("the cached first load of a board is the live socket's board, price for price", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the data path');
  test.setTimeout(60_000);
  const { token } = await userOnPlan(request, testInfo, 'gold');
  await page.goto('/');

  const { rest, packed, socket, encodings } = await restAndSocketBoards(page, token);
  expect(encodings).toEqual(['br', 'br']);
  // The packed answer, read as the odds page reads it, is the same board
  const unpacked: Board[] = unpackBoards(packed);
  expect(unpacked.map((board) => board.sport_key)).toEqual([NBA]);
  for (const first of [rest, unpacked[0]]) {
    expect(first.sport_key).toBe(NBA);
    expect(matchingMarkets(first, socket)).toBeGreaterThan(20);
    // the books' ids only made the links, which the first load keeps: it does not carry them
    expect(JSON.stringify(first)).not.toContain('"sid"');
  }
  expect(JSON.stringify(socket)).toContain('"sid"');

  // the same answers as sent: compressed as the browser asks, and revalidated with a 304 while the board holds
  for (const path of [`/api/boards?kind=odds&sports=${NBA}`, `/api/boards?kind=odds&sports=${NBA}&format=packed`]) {
    const sent = await request.get(path, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' },
    });
    expect(sent.headers()['content-encoding']).toBe('br');
    const etag = sent.headers()['etag'];
    const again = await request.get(path, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag } });
    expect([200, 304]).toContain(again.status());
    if (again.status() === 200) expect(again.headers()['etag']).not.toBe(etag);
  }
});

/**
 * How many markets of a first load are exactly the socket's. The feed moves while the two are read: a market with the
 * same last update in both is the same version of it, and must match exactly (the socket's board carries the books'
 * ids as well); a market that moved in between is skipped.
 */
function matchingMarkets(first: Board, socket: Board): number {
  const socketMarkets = new Map<string, { last_update: string; outcomes: Outcome[] }>();
  for (const event of socket.events)
    for (const book of event.bookmakers)
      for (const market of book.markets) socketMarkets.set(`${event.id}|${book.key}|${market.key}`, market);
  let compared = 0;
  for (const event of first.events) {
    const live = socket.events.find((e) => e.id === event.id);
    if (!live) continue;
    expect([event.home_team, event.away_team, event.commence_time]).toEqual([
      live.home_team,
      live.away_team,
      live.commence_time,
    ]);
    for (const book of event.bookmakers) {
      for (const market of book.markets) {
        const held = socketMarkets.get(`${event.id}|${book.key}|${market.key}`);
        if (!held || held.last_update !== market.last_update) continue;
        expect(market.outcomes).toEqual(held.outcomes.map(({ sid: _sid, ...outcome }) => outcome));
        compared++;
      }
    }
  }
  return compared;
}

// The odds screen is loaded on demand and the page still shows its rows
test('the odds screen loads its code on demand and shows the first odds rows', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the loading path');
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  const landing = [...scripts];
  expect(landing.some((path) => /OddsPage/.test(path))).toBe(false);
  await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
  await page.goto('/sportsbooks');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  expect(scripts.some((path) => /OddsPage/.test(path))).toBe(true);
});

// The scripts a direct visit of /sportsbooks starts with (its entry and the chunks it modulepreloads) carry V8's
// explicit compile hint, so Chromium compiles them as they stream in rather than function by function on the main
// thread (client/vite.config.ts, compileHints); a screen's code loaded only when opened (/scores) does not
test('the code /sportsbooks starts with carries the compile hint, and a screen loaded later does not', async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the build is the same for every browser');
  const hint = '//# allFunctionsCalledOnLoad';
  const firstLine = async (path: string) => (await (await request.get(path)).text()).split('\n', 1)[0];
  const page = await (await request.get('/sportsbooks')).text();
  const started = [
    ...page.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((m) => m[1] ?? m[2]);
  expect(started.filter((path) => /\/assets\/index-/.test(path))).toHaveLength(1);
  expect(started.some((path) => /\/assets\/OddsPage-/.test(path))).toBe(true);
  for (const path of started) expect(await firstLine(path), path).toBe(hint);
  const entry = await (await request.get(started.find((path) => /\/assets\/index-/.test(path))!)).text();
  const scores = /assets\/ScoresPage-[\w-]+\.js/.exec(entry)?.[0];
  expect(scores).toBeDefined();
  expect(await firstLine(`/${scores}`)).not.toBe(hint);
});

/**
 * Signs the page in as a new Gold user and waits for its plan: a direct visit of /sportsbooks asks for its boards
 * ahead of /api/me only for a user this browser has seen on a paid plan.
 */
async function signInSeenGold(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<TestUser> {
  const user = await userOnPlan(request, testInfo, 'gold');
  await signInWithForm(page, user);
  await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
  return user;
}

/** Signs the page in as a new Gold user and opens /sportsbooks directly, noting its /api/boards requests and their answers. */
async function directVisitBoards(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
): Promise<Array<{ search: string; status: Promise<number> }>> {
  await signInSeenGold(page, request, testInfo);
  const boards = sportsbooksBoardsRequests(page);
  await page.goto('/sportsbooks');
  return boards;
}

/**
 * The /api/boards requests /sportsbooks makes from now on, with their answers' statuses: the screen's only, not the
 * dashboard's that a sign-in lands on.
 */
function sportsbooksBoardsRequests(page: Page): Array<{ search: string; status: Promise<number> }> {
  const boards: Array<{ search: string; status: Promise<number> }> = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/boards' && new URL(req.frame().url()).pathname === '/sportsbooks')
      boards.push({ search: url.search, status: req.response().then((res) => res?.status() ?? 0) });
  });
  return boards;
}

// A direct visit asks for its boards as the app starts, once (the screen takes the early answer), with no
// cache-buster, before it knows the plan: require=paid
test('a direct visit of /sportsbooks sends one boards request, which the browser may revalidate', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the loading path');
  const boards = await directVisitBoards(page, request, testInfo);
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  expect(boards).toHaveLength(1);
  expect(boards[0].search).not.toContain('_t=');
  expect(boards[0].search).toContain('require=paid');
  expect(await boards[0].status).toBe(200);
  // In the packed form, which the first test holds to the live socket's board
  expect(boards[0].search).toContain('format=packed');
});

// That one request is sent by the page itself, the inline boot script of /sportsbooks, as its HTML is read, not
// by the app once its entry has run (the app takes its answer: the one request above). The page's CSP allows the script
// by its hash, so the browser refuses nothing.
test('the boards of a direct visit of /sportsbooks are sent by the page itself, as its HTML is read', async ({
  page,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the request initiator is read over the DevTools protocol of Chromium',
  );
  await signInSeenGold(page, request, testInfo);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const senders: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname === '/api/boards' && new URL(event.documentURL).pathname === '/sportsbooks')
      senders.push(event.initiator.stack?.callFrames[0]?.url ?? event.initiator.type);
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/sportsbooks');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  expect(senders).toEqual([new URL('/sportsbooks', page.url()).href]);
  expect(refused).toEqual([]);
});

// a free user's odds calls are metered (DECISIONS 2): the plan decides before any boards are asked for, so neither a
// free account nor an operations account (on the free plan) sends a request it would be refused, and the screen shows
// its gate, not an error. A fresh account: its quota is its own.
test('a free or operations user opening /sportsbooks sends no boards request, and nothing counts against the quota', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the loading path');
  // Two users signed in (one through the login form) and three page loads: on a busy machine more than an ordinary
  // test's budget.
  test.slow();
  const user = await newUser(request, testInfo, 'earlyfree');
  const used = async () =>
    ((await (await request.get('/api/me', { headers: bearer(user) })).json()) as { used: number }).used;
  await signIn(page, user);
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  const boards = sportsbooksBoardsRequests(page);
  for (let visit = 0; visit < 2; visit++) {
    await page.goto('/sportsbooks');
    await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
  }
  await expect(page.getByRole('alert')).toHaveCount(0);

  const ops = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await signInThroughForm(ops, 'ops@demo.local');
  await expect(ops.getByTestId('plan-badge')).toHaveText('Free');
  const opsBoards = sportsbooksBoardsRequests(ops);
  await ops.goto('/sportsbooks');
  await expect(ops.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
  await ops.close();

  expect(boards).toEqual([]);
  expect(opsBoards).toEqual([]);
  expect(await used()).toBe(0);
});

type Positions = Record<string, { seq: number; epoch: string | null }>;

// the first load is read long before the live socket joins. The socket joins each sport's room from the
// position the load gives, so the gateway replays what was published in between and the page misses no price.
test("the live socket joins each sport's room from its first load's position, and is sent what came after it", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the data path');
  test.setTimeout(150_000);
  // the page's sockets are held until the pipeline has published past the first load, then followed frame by frame
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const subscribes: Array<{ channel: string; sport: string; lastSeq?: number; epoch?: string }> = [];
  const pushed: Array<{ channel: string; key: string; seq: number }> = [];
  const socketEvent = (frame: string | Buffer) => {
    const text = String(frame);
    return text.startsWith('42') ? (JSON.parse(text.replace(/^42\d*/, '')) as [string, never]) : null;
  };
  const user = await signInSeenGold(page, request, testInfo);
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await held;
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const event = socketEvent(frame);
      if (event?.[0] === 'subscribe') subscribes.push(event[1]);
      server.send(frame);
    });
    server.onMessage((frame) => {
      const event = socketEvent(frame);
      if (event?.[0] === 'message') pushed.push(event[1]);
      ws.send(frame);
    });
  });
  // the odds screen's early request (require=paid), not the dashboard's that the sign-in landed on
  const firstLoad = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/boards' && new URL(res.url()).searchParams.get('require') === 'paid',
  );
  await page.goto('/sportsbooks');
  const answer = await firstLoad;
  const { positions } = (await answer.json()) as { positions: Positions };
  const sports = new URL(answer.url()).searchParams.get('sports')!.split(',');
  expect(Object.keys(positions).sort()).toEqual([...sports].sort());
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });

  // a sport whose channel has moved on since the first load was read
  const { token } = user;
  const query = new URL(answer.url()).search;
  let moved: string | undefined;
  await expect
    .poll(
      async () => {
        const now = (await (
          await request.get(`/api/boards${query}`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()) as { positions: Positions };
        moved = sports.find(
          (sport) =>
            now.positions[sport].epoch === positions[sport].epoch && now.positions[sport].seq > positions[sport].seq,
        );
        return moved;
      },
      // the simulator moves a sport's prices at its own pace: at some hours neither sport moves for half a minute
      { timeout: 75_000 },
    )
    .toBeDefined();
  release();

  await expect
    .poll(
      () =>
        subscribes
          .filter((s) => s.channel === 'odds')
          .map((s) => s.sport)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual([...sports].sort());
  for (const sport of sports) {
    const { seq, epoch } = positions[sport];
    expect(subscribes.find((s) => s.channel === 'odds' && s.sport === sport)).toEqual({
      channel: 'odds',
      sport,
      lastSeq: seq,
      ...(epoch === null ? {} : { epoch }),
    });
  }
  // the gateway's catch-up: the next message after the first load's position reaches the page
  await expect
    .poll(() => pushed.some((m) => m.channel === 'odds' && m.key === moved && m.seq === positions[moved].seq + 1), {
      timeout: 20_000,
    })
    .toBe(true);
});

// spec 000 §8 (a dependency down is a visible stale state): a board the server serves stale (its feed failing) says so
// on the page's first load, from the answer's stale_since, not only once the next board.status push arrives
test('a board served stale shows the stale banner from the first load', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the first load is the same on every screen');
  const since = new Date(Date.now() - 5 * 60_000).toISOString();
  await page.route(/\/api\/boards\?/, async (route) => {
    const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const body = (await answer.json()) as { boards: Array<Record<string, unknown>> };
    for (const board of body.boards) board.stale_since = since;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
  await page.goto('/sportsbooks');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('stale-banner')).toContainText('are stale: the odds feed is not answering.');
});

// The same for the scores page: its answer is a bare array (spec 002 §7), whose stale board the server names in the
// X-Board-Stale-Since header; a visitor's first load says so without waiting for a push (visitors get none)
test('a scoreboard served stale shows the stale banner from the first load', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the first load is the same on every screen');
  const since = new Date(Date.now() - 5 * 60_000).toISOString();
  await page.route(/\/api\/scores\?/, async (route) => {
    const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const sport = new URL(route.request().url()).searchParams.get('sport');
    await route.fulfill({
      response: answer,
      headers: { ...answer.headers(), 'x-board-stale-since': `${sport}=${since}` },
    });
  });
  await page.goto('/scores');
  await expect(page.getByTestId('scores-stale')).toContainText('are stale: the scores feed has not answered since');
});
