// A signed-in first visit of /sportsbooks in Chromium, timed to its first odds row, for bench:rest and
// bench:first-row alike, and the demo sign-in both use. The time is read in the page: performance.now() when a
// MutationObserver first sees a row, sent as a console message, so neither a round trip to Playwright nor its locator
// scripts running in the page are counted.
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { statFields, usedCpuSeconds } from '../lib/proc.mjs';

const FIRST_ROW = 'bench:first-odds-row ';

/** A demo account's access token, signed in through the API (for the benches' own requests). */
export async function demoAccessToken(baseURL, email) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'oddspulse-demo' }),
  });
  if (!res.ok) throw new Error(`Demo sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

const WARM_TIMEOUT_MS = 120_000;

/** Until the demo feed has written the boards a visit loads (`boards`: the path of their request, as Gold). */
export async function warmBoards(url, boards) {
  const headers = { authorization: `Bearer ${await demoAccessToken(url, 'gold@demo.local')}` };
  for (
    const deadline = Date.now() + WARM_TIMEOUT_MS;
    Date.now() < deadline;
    await new Promise((r) => setTimeout(r, 1000))
  ) {
    const res = await fetch(`${url}${boards}`, { headers });
    if (res.ok && ((await res.json()).boards ?? []).some((board) => board.events.length)) return;
  }
  throw new Error(`The boards were not warm after ${WARM_TIMEOUT_MS / 1000} s`);
}

/** The demo account signed in through the login form: its storage state (the session's cookies and what the app keeps in localStorage). */
export async function signedInState(browser, baseURL, email) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('oddspulse-demo');
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The same storage state for another origin (another server of the same stack: same database, same session). */
export const stateFor = (state, origin) => ({ ...state, origins: state.origins.map((o) => ({ ...o, origin })) });

/** Makes every page of the context report its first odds row; call before the page is opened. */
export async function reportFirstRow(context) {
  await context.addInitScript((prefix) => {
    const observer = new globalThis.MutationObserver(() => {
      if (!globalThis.document.querySelector('[data-testid="odds-row"]')) return;
      observer.disconnect();
      // heard over the DevTools protocol: a locator's polling would run Playwright's scripts in the page meanwhile
      globalThis.console.info(`${prefix}${performance.now()}`);
    });
    observer.observe(globalThis.document, { childList: true, subtree: true });
  }, FIRST_ROW);
}

// A new context opens a new browser window, and Chromium starts that window's own WebUI renderer (--top-chrome-webui:
// the omnibox and tab strip) with it: some 500 ms of CPU in the 400 ms after newPage() returns, with the browser process
// busy too. A user's browser has its window open before the address is typed; on this machine's 2 cores a visit started
// at once shared them with that start-up. So a visit waits, as WebPageTest does before each run, until the browser's
// processes are quiet: its cache is still empty (a new context), only the window's own start is left out.
// BENCH_WAIT_QUIET=0 starts each visit at once, as the benches did before, to see what the window's start costs a visit.
export const WAITS_FOR_QUIET_BROWSER = process.env.BENCH_WAIT_QUIET !== '0';
const QUIET_WINDOW_MS = 200;
/** At most this much CPU over the window (one tick of /proc's 10 ms clock: under 5 % of one core). */
const QUIET_CPU_MS = 10;
const QUIET_TIMEOUT_MS = 5_000;

/** The processes under the bench that are not Node (the browser and its helpers, not the bench's own stack). */
function browserPids() {
  const node = realpathSync(process.execPath);
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const parent = statFields(pid)?.[1];
    if (parent) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (executable(child) !== node) found.push(child);
      visit(child);
    }
  };
  visit(String(process.pid));
  return found;
}

const executable = (pid) => {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return ''; // the process ended meanwhile
  }
};

/** CPU time (ms) the processes have used so far (one that has ended counts 0). */
const cpuMs = (pids) => Math.round(pids.reduce((sum, pid) => sum + usedCpuSeconds(pid), 0) * 1000);

/** Resolves once the browser's processes have been quiet for a window; false when they were still busy at the time-out. */
export async function untilBrowserQuiet() {
  if (process.platform !== 'linux') return true;
  for (const deadline = Date.now() + QUIET_TIMEOUT_MS; Date.now() < deadline;) {
    const pids = browserPids();
    const before = cpuMs(pids);
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    if (cpuMs(pids) - before <= QUIET_CPU_MS) return true;
  }
  return false;
}

/**
 * Opens /sportsbooks on the page once the browser is quiet (untilBrowserQuiet) and resolves with the ms from navigation
 * to its first odds row, and whether the browser was quiet (null: not waited for).
 */
export async function visitToFirstRow(page) {
  const quiet = WAITS_FOR_QUIET_BROWSER ? await untilBrowserQuiet() : null;
  const heard = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(FIRST_ROW), timeout: 30_000 });
  await page.goto('/sportsbooks');
  return { ms: Math.round(Number((await heard).text().slice(FIRST_ROW.length))), quiet };
}
