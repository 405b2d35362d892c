import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end suite: Debian's headless Chromium (never a downloaded browser) against the real stack, which
 * `npm test` starts with a database and Redis prefix of its own and passes in as E2E_BASE_URL.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL)
  throw new Error('E2E_BASE_URL is not set: run the end-to-end suite through `npm test` or `npm run test:e2e`');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../../.tmp/playwright',
  // Budgets for the slowest machine the suite runs on, not the fastest: the same code ran its unit tests in 105 s on one
  // two-core machine and 296 s on another, and on the slower one sign-ins and plan checks took several seconds under
  // two browsers. A passing test takes no longer for them; only a failing one waits longer to say so.
  timeout: 60000,
  expect: { timeout: 20000 },
  // The whole run's ceiling, far above its ~25 minutes on two busy cores: a browser or stack that stops answering
  // fails the suite with what was running, instead of holding CI until its own limit with nothing said.
  globalTimeout: 50 * 60_000,
  // Two spec files at a time, each file's tests in order: the suite's time is mostly waits on the stack (a push, a
  // poll, a settlement), so two browsers share the two cores well, and every spec makes the accounts it changes.
  fullyParallel: false,
  workers: 2,
  // One retry: a test that fails twice fails the run. One that passes on its retry passes it, and `npm test` names it
  // at the end as flaky: a fault to find (the offline banner's was a race in the product), not a pass to forget. On two
  // cores shared by the stack and two browsers, a rare race otherwise failed whole runs of 2,600 tests.
  retries: 1,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // The app's service worker answers some API reads itself (offline start), and Playwright's page.route
    // does not see what a service worker fetches: blocked by default so every spec's mocks hold, allowed by the specs
    // about the worker itself.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium as `npm test` chose it (CHROMIUM_PATH), started at the suite's own priority (the launcher says why)
      executablePath: join(__dirname, 'support', 'chromium-launcher.sh'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } },
  ],
});
