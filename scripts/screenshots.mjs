// `node scripts/screenshots.mjs`: the README's screenshots (docs/screenshots/*.png) of the product as it is. Builds,
// starts a stack on a free port with its own database and Redis prefix (as scripts/test.mjs does, demo accounts
// seeded, the simulator feeding it), signs in the demo accounts in Debian's Chromium and saves each page at
// 1280×800. Needs PostgreSQL and Redis as the tests do; CHROMIUM_PATH overrides /usr/bin/chromium.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, build, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DEMO_PASSWORD = 'oddspulse-demo';
const OUT = join(ROOT, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };

/** Each shot: who is signed in, where, what shows the page is ready, and how long the live feed gets to fill it. */
const SHOTS = [
  { file: 'odds.png', email: 'platinum@demo.local', path: '/sportsbooks', ready: '[data-testid=odds-row]' },
  { file: 'scanners.png', email: 'platinum@demo.local', path: '/sportsbooks?mode=middles', ready: '[data-testid=opportunity]', allBooks: true },
  { file: 'picks.png', email: 'gold@demo.local', path: '/picks', ready: 'h1' },
  { file: 'analytics.png', email: 'platinum@demo.local', path: '/analytics', ready: 'h1' },
  { file: 'ops.png', email: 'ops@demo.local', path: '/ops', ready: 'h1' },
];

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
    if (shot.allBooks) await page.evaluate(() => globalThis.localStorage.setItem('oddspulse.oddsFilters', JSON.stringify({ books: [] })));
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
const { env, port } = await throwawayStackEnv('shots', { LOG_LEVEL: 'error' });
if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: 'ignore' });
let failed = false;
try {
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    for (const shot of SHOTS) await shoot(browser, baseURL, shot);
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
