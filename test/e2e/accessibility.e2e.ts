import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughApi } from './support/accounts';
import { signInAsNewUser } from './support/users';

/**
 * Every screen, signed out, signed in (Platinum, which reaches them all) and as operations staff, on desktop and
 * phone, scanned with axe-core for WCAG 2.x A and AA: no serious or critical violation. A screen is scanned once it
 * has drawn what it shows (its heading, and the live tables' rows or their empty state), so the scan reads the page a
 * user reads.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Screen {
  path: string;
  /** What shows once the screen has drawn its content. */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const oddsTable = (page: Page) => page.getByTestId('odds-row').or(page.getByTestId('odds-empty')).first();
const scannerList = (page: Page) => page.getByTestId('opportunity').or(page.getByTestId('scanner-empty')).first();

const SIGNED_OUT: Screen[] = [
  { path: '/', ready: heading },
  { path: '/login', ready: heading },
  { path: '/signup', ready: heading },
  { path: '/forgot-password', ready: heading },
  { path: '/pricing', ready: heading },
  { path: '/scores', ready: (page) => page.getByTestId('game-card').first() },
  { path: '/contact', ready: heading },
  { path: '/terms', ready: heading },
  { path: '/privacy', ready: heading },
];

const SIGNED_IN: Screen[] = [
  { path: '/dashboard', ready: heading },
  { path: '/sportsbooks', ready: oddsTable },
  { path: '/sportsbooks?mode=props', ready: heading },
  { path: '/sportsbooks?mode=arbitrage', ready: scannerList },
  { path: '/sportsbooks?mode=middles', ready: scannerList },
  { path: '/sportsbooks?mode=steam', ready: heading },
  { path: '/dfs', ready: heading },
  { path: '/scores', ready: (page) => page.getByTestId('game-card').first() },
  { path: '/steam/record', ready: heading },
  { path: '/picks', ready: heading },
  { path: '/analytics', ready: heading },
  { path: '/alerts', ready: heading },
  { path: '/my-sportsbooks', ready: heading },
  { path: '/account', ready: heading },
  { path: '/account/api-keys', ready: heading },
  { path: '/usage-plan', ready: heading },
  { path: '/subscribe', ready: heading },
  { path: '/pricing', ready: heading },
  { path: '/contact', ready: heading },
];

/** The serious and critical violations on the page as it is now, each as "where rule: the elements it found". */
async function violationsNow(page: Page, where: string): Promise<string[]> {
  // the page's own fade-ins and first pushes settle before the scan reads colours and states
  await page.waitForTimeout(500);
  // a scanner card the feed has just closed fades out over 1.5 s before it is removed: it is leaving, not read
  const results = await new AxeBuilder({ page }).withTags(WCAG).exclude('.opportunity.status-gone').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function violations(page: Page, screen: Screen): Promise<string[]> {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
  return violationsNow(page, screen.path);
}

async function expectNone(found: string[], testInfo: TestInfo) {
  if (found.length) await testInfo.attach('violations', { body: found.join('\n'), contentType: 'text/plain' });
  expect(found).toEqual([]);
}

async function scan(page: Page, screens: Screen[], testInfo: TestInfo) {
  const found: string[] = [];
  for (const screen of screens) found.push(...(await violations(page, screen)));
  await expectNone(found, testInfo);
}

test('every public screen has no serious or critical accessibility violation', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await scan(page, SIGNED_OUT, testInfo);
});

test('every screen of a Platinum user has no serious or critical accessibility violation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInAsNewUser(page, request, testInfo, 'platinum', { path: '/dashboard' });
  await scan(page, SIGNED_IN, testInfo);
});

test('the operations screens have no serious or critical accessibility violation', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, 'ops@demo.local', { password: DEMO_PASSWORD, path: '/ops' });
  await scan(page, [{ path: '/ops', ready: heading }], testInfo);
});

test('the odds table listing every row, an open row and an open game have no serious or critical violation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsNewUser(page, request, testInfo, 'platinum', { path: '/sportsbooks' });
  const found: string[] = [];
  const rows = page.getByTestId('odds-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  // every row at once: the windowed list (its rows are not a table's)
  await page.getByLabel('Rows').selectOption('all');
  await rows.first().click();
  await expect(page.getByRole('table', { name: /^Books for/ }).first()).toBeVisible();
  found.push(...(await violationsNow(page, '/sportsbooks (every row, one open)')));
  await page.goto('/scores');
  await page.getByTestId('game-card').first().getByRole('button').click();
  await expect(page.getByTestId('game-modal')).toBeVisible();
  found.push(...(await violationsNow(page, '/scores (a game open)')));
  await expectNone(found, testInfo);
});
