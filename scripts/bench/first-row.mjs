// A signed-in first visit of /sportsbooks in Chromium, timed to its first odds row (issue 18), for bench:rest and
// bench:first-row alike, and the demo sign-in both use. The time is read in the page: performance.now() when a
// MutationObserver first sees a row, sent as a console message, so neither a round trip to Playwright nor its locator
// scripts running in the page are counted.

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

/** The demo account signed in through the login form: its storage state (the session the app keeps in localStorage). */
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

/** Opens /sportsbooks on the page and resolves with the ms from navigation to its first odds row. */
export async function visitToFirstRow(page) {
  const heard = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(FIRST_ROW), timeout: 30_000 });
  await page.goto('/sportsbooks');
  return Math.round(Number((await heard).text().slice(FIRST_ROW.length)));
}
